// npm test: lint, type checks, unit and server tests (on the embedded PostgreSQL, and again on the
// server TEST_DATABASE_URL names when it is set), the web build and the browser tests. Ends with one
// line "N passed, N failed".
//
// The web is built first; then the browser tests run beside everything else, which runs in the
// background at the lowest weight. The browser tests are a chain of short hand-offs between processes
// (test, browser, page, server, database) that keeps about one core busy, and some measure time (the
// 3 s double scan, keys 1 ms apart): they get a core whenever they ask, the rest takes what is left.
// - Linux with autogroup: the background goes into scheduling groups of their own at nice 19 (through
//   /proc/<pid>/autogroup). A plain `nice 19` did not do it there (the browser tests went from about
//   850 s to 1,184 s): Chromium starts in a session of its own, so the kernel shares the processor
//   between its group and ours as equals and a nice inside our group does not count against it.
// - Without autogroup, where a process at nice 19 is seen to yield (measured at the start: a low busy
//   loop beside one per core), the background steps run at nice 19.
// - Elsewhere everything else runs first and the browser tests after it.
// Two workers for the browser tests (E2E_WORKERS=2) took as long on two cores.
// A step's output is printed whole when it ends, so the logs of steps side by side do not interleave.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-test-'));
const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
/** Each failed test with its first error line, printed before the summary so a CI tail names it. */
const failures = [];
const results = [];

/** Whether this kernel lets a process group its work at a lower weight (Linux with autogroup). */
const AUTOGROUP = (() => {
  try {
    const off = fs.existsSync('/proc/sys/kernel/sched_autogroup_enabled')
      ? fs.readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() === '0'
      : false;
    return !off && /nice -?\d+/.test(fs.readFileSync('/proc/self/autogroup', 'utf8'));
  } catch {
    return false;
  }
})();
/**
 * Whether a process at nice 19 yields to the others here: a busy loop at nice 19 beside one at nice 0
 * per core, 600 ms. Where it yields it gets a few per cent of what the others count; where the
 * scheduler ignores nice (some sandboxes), about as much as they do.
 */
async function niceYields() {
  // All loops count over the same 500 ms, from a moment after every one of them has started.
  const from = Date.now() + 400;
  const loop = `while (Date.now() < ${from}); const end = ${from} + 500; let n = 0; while (Date.now() < end) n++; process.stdout.write(String(n));`;
  const count = (low) =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, ['-e', loop], { stdio: ['ignore', 'pipe', 'ignore'] });
      if (low)
        try {
          os.setPriority(child.pid, 19);
        } catch {
          /* not allowed: counts as a normal one */
        }
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.on('close', () => resolve(Number(out) || 0));
      child.on('error', () => resolve(0));
    });
  const [lowCount, ...counts] = await Promise.all([
    count(true),
    ...Array.from({ length: os.availableParallelism() }, () => count(false)),
  ]);
  const usual = counts.reduce((a, b) => a + b, 0) / counts.length;
  return { yields: usual > 0 && lowCount < usual * 0.3, ratio: usual > 0 ? lowCount / usual : 1 };
}
/** TAMAQ_TEST_SCHEDULING=nice|after tries the other ways on a machine with autogroup. */
const forced = process.env.TAMAQ_TEST_SCHEDULING;
const nice =
  forced === 'nice' || (!AUTOGROUP && forced !== 'after' && os.platform() !== 'win32')
    ? await niceYields()
    : { yields: false, ratio: NaN };
const MODE =
  forced === 'nice' ? 'nice' : forced === 'after' ? 'after' : AUTOGROUP ? 'autogroup' : nice.yields ? 'nice' : 'after';

/** What decided the order of the steps, printed with the results: CI machines have differed. */
const read = (file) => {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    return error.code ?? 'unreadable';
  }
};
const scheduling =
  `scheduling: ${{ autogroup: 'the browser tests beside the rest, the rest in a low autogroup', nice: 'the browser tests beside the rest, the rest at nice 19', after: 'the browser tests after the rest' }[MODE]}` +
  ` (cores ${os.availableParallelism()}, ${os.platform()} ${os.release()}, /proc/self/autogroup ${read('/proc/self/autogroup')},` +
  ` sched_autogroup_enabled ${read('/proc/sys/kernel/sched_autogroup_enabled')}, a nice 19 loop counted ${Number.isNaN(nice.ratio) ? 'not measured' : `${(nice.ratio * 100).toFixed(0)} % of the others`})`;
/** The steps that run in the background, and every process they start (found by parent). */
const background = new Set();

/**
 * Puts each process a background step started into a low-weight group. A step runs in a session of
 * its own (so in an autogroup of its own), and so do the PostgreSQL servers the server tests start:
 * each such group is set to nice 19 when it appears.
 */
function lowerBackground() {
  if (!background.size) return;
  const parents = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone */
    }
  }
  const inBackground = (pid) => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; p = parents.get(p) ?? 0, hops++) if (background.has(p)) return true;
    return false;
  };
  for (const pid of parents.keys()) {
    if (!inBackground(pid)) continue;
    try {
      const group = `/proc/${pid}/autogroup`;
      if (!fs.readFileSync(group, 'utf8').includes('nice 19')) fs.writeFileSync(group, '19');
    } catch {
      /* gone, or not ours */
    }
  }
}

/**
 * Runs a step; `live` streams its output (a step running in front), else it is printed when it ends;
 * a `low` step runs in the background group.
 */
function run(name, cmd, args, { cwd = root, env = {}, live = false, low = false } = {}) {
  const started = Date.now();
  if (live) console.log(`\n=== ${name}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd,
      stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'],
      env: { ...process.env, ...(live ? {} : { FORCE_COLOR: '1' }), ...env },
      detached: low,
    });
    if (low) background.add(child.pid);
    if (low && MODE === 'autogroup') lowerBackground();
    else if (low)
      try {
        // What it starts (vitest's workers, PostgreSQL) inherits the nice.
        os.setPriority(child.pid, 19);
      } catch {
        /* gone */
      }
    const out = [];
    child.stdout?.on('data', (d) => out.push(d));
    child.stderr?.on('data', (d) => out.push(d));
    child.on('close', (code) => {
      background.delete(child.pid);
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const text = Buffer.concat(out).toString();
      if (!live) process.stdout.write(`\n=== ${name} (${seconds} s)\n${text}`);
      resolve({ ok: code === 0, seconds, text });
    });
  });
}

/** A check that is not a test runner counts as one test. */
async function check(name, cmd, args, opts) {
  if (only.length && !only.includes(name)) return;
  const { ok, seconds } = await run(name, cmd, args, opts);
  if (ok) passed++;
  else failed++;
  results.push(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`);
}

/** What vitest printed of the errors outside the tests (its "Unhandled Errors" section), trimmed. */
function outsideErrors(text = '') {
  // eslint-disable-next-line no-control-regex
  const lines = text.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const start = lines.findIndex((l) =>
    /Unhandled (Error|Rejection)|Errors? occurred|error during the test run/i.test(l),
  );
  if (start < 0) return '    (no error section in its output: see the step above)';
  const end = lines.findIndex((l, i) => i > start && /^\s*Test Files/.test(l));
  return (
    lines
      .slice(start, end < 0 ? start + 40 : end)
      // Its messages, where it came from and the test that ran then, without code frames and vitest's own stack.
      .filter((l) => l.trim() && !/^\s*⎯+\s*$|^\s*\d*\s*\||node_modules|This might cause|^\s*- /.test(l))
      .slice(0, 16)
      .map((l) => `    ${l.trim().slice(0, 240)}`)
      .join('\n')
  );
}

/** The default reporter's «FAIL  file > suite» sections of one file: the error of a hook that failed. */
function suiteErrors(text = '', file) {
  // eslint-disable-next-line no-control-regex
  const lines = text.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].trim().startsWith(`FAIL  ${file}`)) continue;
    for (let j = i; j < lines.length && j < i + 30; j++) {
      const l = lines[j];
      if (j > i && (/^\s*⎯/.test(l) || /^\s*FAIL /.test(l))) break;
      if (l.trim() && !/^\s*\d*\s*\|/.test(l) && !/node_modules/.test(l)) out.push(`    ${l.trim().slice(0, 240)}`);
    }
  }
  return out.length ? out.slice(0, 24).join('\n') : '    (no section on the file in its output: see the step above)';
}

/** A vitest suite: its own counts go into the total. */
async function suite(name, cwd, args = [], opts = {}) {
  if (only.length && !only.includes(name)) return;
  const report = path.join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  const { ok, seconds, text } = await run(
    name,
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile=${report}`, ...args],
    { cwd, ...opts },
  );
  let p = 0;
  let f = 0;
  try {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    p = json.numPassedTests;
    // A file that failed to load has no tests of its own: count it once; failed tests count as themselves.
    const brokenFiles = (json.testResults ?? []).filter(
      (r) => r.status === 'failed' && !(r.assertionResults ?? []).some((a) => a.status === 'failed'),
    ).length;
    f = json.numFailedTests + brokenFiles;
    for (const file of json.testResults ?? []) {
      const where = path.relative(root, file.name);
      for (const a of file.assertionResults ?? []) {
        if (a.status !== 'failed') continue;
        const why = String(a.failureMessages?.[0] ?? '')
          .split('\n')[0]
          .slice(0, 300);
        // Where in the test file it failed: one file often waits for the same thing several times.
        const base = path.basename(file.name);
        const at = String(a.failureMessages?.[0] ?? '')
          .split('\n')
          .find((line) => line.includes(base));
        const line = at?.match(/:(\d+):\d+\)?\s*$/)?.[1];
        failures.push(`  ${name} ${where}${line ? `:${line}` : ''}: ${a.fullName}\n    ${why}`);
      }
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed'))
        failures.push(
          `  ${name} ${where}: ${String(file.message ?? '')
            .split('\n')[0]
            .slice(0, 300)}` +
            // A failed hook (a server that did not start) leaves the file's message empty in the JSON
            // report; the default reporter's section on the file names the error.
            (file.message ? '' : `\n${suiteErrors(text, path.relative(cwd, file.name))}`),
        );
    }
  } catch {
    f = 1;
  }
  if (!ok && f === 0) {
    f = 1;
    // Every test passed and vitest still failed: an error outside the tests (an unhandled rejection, a
    // hook). Its lines go with the failures, so a CI tail that shows only those still names it.
    failures.push(`  ${name}: vitest failed with every test passed\n${outsideErrors(text)}`);
  }
  passed += p;
  failed += f;
  results.push(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${p} passed, ${f} failed (${seconds} s)`);
}

// The two lanes take about as long: the checks, the server tests on TEST_DATABASE_URL in one; the
// server tests on their embedded PostgreSQL and the web unit tests (jsdom) in the other.
const low = MODE !== 'after';
const checks = async () => {
  await check('lint', bin('eslint'), ['.', '--max-warnings=0'], { low });
  await check('format', bin('prettier'), ['--check', '.', '--log-level', 'warn'], { low });
  await check('typecheck', process.execPath, [path.join(root, 'scripts', 'typecheck.mjs')], { low });
  // What is shipped: no advisory left unassessed (docs/dependencies.md), and its bill of materials.
  const supplyChain = path.join(root, 'server', 'scripts', 'supply-chain.ts');
  await check('audit', bin('tsx'), [supplyChain, 'audit'], { low });
  await check('sbom', bin('tsx'), [supplyChain, 'sbom', path.join(tmp, 'tamaq.cdx.json')], { low });
  await suite('contract-unit', path.join(root, 'contract'), [], { low });
  // The oldest server we support (PostgreSQL 15) runs every test that speaks SQL; not the fuzz test
  // (random bodies on every route: our validation, before any SQL) nor the kill test (our process
  // killed mid-work): a third of that suite's time, and the same on any server.
  if (process.env.TEST_DATABASE_URL)
    await suite(
      'server-postgres',
      path.join(root, 'server'),
      ['--exclude', 'test/fuzz.test.ts', '--exclude', 'test/crash.test.ts'],
      { low },
    );
};
const serverAndWebUnits = async () => {
  await suite('server', path.join(root, 'server'), [], { env: { TEST_DATABASE_URL: '' }, low });
  await suite('web-unit', path.join(root, 'web'), [], { low });
};
const browser = () => suite('browser', path.join(root, 'web'), ['--config', 'e2e/vitest.config.ts'], { live: true });

const started = Date.now();
// The browser tests serve the built web app.
await check(
  'web-build',
  process.execPath,
  [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
  { cwd: path.join(root, 'web') },
);
if (MODE !== 'after') {
  // New processes of the background steps (vitest's workers, PostgreSQL) join the low group.
  const watch = setInterval(() => MODE === 'autogroup' && lowerBackground(), 250);
  const stop = () => {
    for (const pid of background)
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        /* gone */
      }
    process.exit(130);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await Promise.all([checks(), serverAndWebUnits(), browser()]);
  clearInterval(watch);
} else {
  await Promise.all([checks(), serverAndWebUnits()]);
  await browser();
}
results.push(`all steps: ${((Date.now() - started) / 1000).toFixed(0)} s`);
results.push(scheduling);

if (failures.length) console.log('\nFailed tests:\n' + failures.join('\n'));
console.log('\n' + results.join('\n'));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
