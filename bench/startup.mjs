// Start-up and memory of the default deployment (Node and its embedded PostgreSQL):
// - the first start after `npm ci`: the web build and the server bundle (as `npm start` makes them
//   when there are none) plus the server on a NEW data directory (cluster created, migrations, demo
//   data) to the first page;
// - a warm restart on the now-existing directory to the first page;
// - the memory of every process of the deployment once warm (the demo data loaded, a few pages and
//   calls served, then 30 s idle): RSS summed, and PSS summed (shared pages counted once, so the
//   buffer pool that every PostgreSQL process maps is not counted in each of them).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, SERVER_BUNDLE } from '../scripts/build-server.mjs';
import { login, startBenchServer } from './server.mjs';

const root = path.resolve(import.meta.dirname, '..');

const pageServed = async (url) => {
  const res = await fetch(`${url}/login`);
  return res.ok && (await res.text()).includes('<div id="root">');
};

/** Every process under `pid` (its children, theirs, …), itself included. */
function tree(pid) {
  const lines = execFileSync('ps', ['-eo', 'pid=,ppid=']).toString().trim().split('\n');
  const children = new Map();
  for (const line of lines) {
    const [p, pp] = line.trim().split(/\s+/).map(Number);
    if (!children.has(pp)) children.set(pp, []);
    children.get(pp).push(p);
  }
  const out = [];
  const walk = (p) => {
    out.push(p);
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return out;
}

/** The postmaster of the data directory (detached from Node, so not under it). */
function postmaster(dataDir) {
  try {
    return Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
}

function kb(pid, field) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/${field === 'Pss' ? 'smaps_rollup' : 'status'}`, 'utf8');
    const name = field === 'Pss' ? 'Pss' : 'VmRSS';
    const m = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text);
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** RSS and PSS summed over Node and every PostgreSQL process, in MB. */
function memory(nodePid, dataDir) {
  // The postmaster may be Node's child as well (it is when Node started it): each process once.
  const pids = [...new Set([...tree(nodePid), ...(postmaster(dataDir) ? tree(postmaster(dataDir)) : [])])];
  const sum = (field) => pids.reduce((n, p) => n + kb(p, field), 0) / 1024;
  return { rss: sum('Rss'), pss: sum('Pss'), node: kb(nodePid, 'Rss') / 1024, processes: pids.length };
}

async function startOnce(dataDir, port, warmUp) {
  const started = performance.now();
  const server = await startBenchServer({ port, dataDir, ready: pageServed, entry: SERVER_BUNDLE });
  const seconds = (performance.now() - started) / 1000;
  let mem = null;
  let early = null;
  if (warmUp) {
    const token = await login(server.url, 'school.admin@demo.kz');
    const get = (p) => fetch(`${server.url}${p}`, { headers: { authorization: `Bearer ${token}` } });
    for (const p of ['/api/profile', '/api/schools', '/api/users?page=1', '/api/school/fixations?page=1']) await get(p);
    // The pool lets an idle connection go after 10 s, and V8's memory reducer gives back the young
    // generation the start's work grew (about 45 MB) some 16 s after it: measured once both have
    // happened, as a school's server runs all day. The figure at 15 s is printed beside it.
    await new Promise((r) => setTimeout(r, 15_000));
    early = memory(server.pid, dataDir);
    await new Promise((r) => setTimeout(r, 15_000));
    mem = memory(server.pid, dataDir);
  }
  await server.stop();
  return { seconds, mem, early };
}

export async function benchStartup() {
  // Built as `npm start` builds it; into web/dist when there is none (the server serves it from
  // there), else beside it, so a developer's build is left as it was.
  const webDist = path.join(root, 'web/dist');
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  const outDir = hasWeb ? fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-bench-web-')) : webDist;
  const built = performance.now();
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'silent', '--outDir', outDir],
    { cwd: path.join(root, 'web') },
  );
  await buildServer();
  const buildSeconds = build.status === 0 ? (performance.now() - built) / 1000 : NaN;
  if (hasWeb) fs.rmSync(outDir, { recursive: true, force: true });

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-bench-'));
  const cold = await startOnce(dataDir, 18180, false);
  const warm = await startOnce(dataDir, 18180, true);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const verdict = (ok) => (ok ? 'meets the target' : 'MISSES the target');
  const first = buildSeconds + cold.seconds;
  return [
    {
      name: 'first start after npm ci → page served (web build + new data dir; target ≤ 10 s)',
      value: `${first.toFixed(1)} s`,
      rss: `build ${buildSeconds.toFixed(1)} s + server ${cold.seconds.toFixed(1)} s: ${verdict(first <= 10)}`,
    },
    {
      name: 'warm restart → page served (target ≤ 3 s)',
      value: `${warm.seconds.toFixed(1)} s`,
      rss: verdict(warm.seconds <= 3),
    },
    {
      name: 'whole deployment warm, Node + PostgreSQL (target ≤ 250 MB)',
      value: `${warm.mem.rss.toFixed(0)} MB RSS`,
      rss:
        `PSS ${warm.mem.pss.toFixed(0)} MB, Node alone ${warm.mem.node.toFixed(0)} MB RSS, ` +
        `${warm.mem.processes} processes, after 30 s idle (at 15 s: ${warm.early.rss.toFixed(0)} MB): ` +
        verdict(warm.mem.rss <= 250),
    },
  ];
}
