// Start-up: time from launching the server on a NEW embedded data directory (migrations, demo data)
// to the first served page, then the same on the now-existing directory, with the RSS at that moment.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

async function startOnce(dataDir, port) {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      WS_PORT: String(port + 1),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(root, 'web/dist'),
    },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/login`);
      if (res.ok && (await res.text()).includes('<div id="root">')) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  const rssKb = Number(
    execFileSync('ps', ['-o', 'rss=', '-p', String(child.pid)])
      .toString()
      .trim(),
  );
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return { seconds, rssMb: rssKb / 1024 };
}

export async function benchStartup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-bench-'));
  const cold = await startOnce(dataDir, 18180);
  const warm = await startOnce(dataDir, 18180);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return [
    {
      name: 'first start, new data dir → page served',
      value: `${cold.seconds.toFixed(1)} s`,
      rss: `${cold.rssMb.toFixed(0)} MB RSS`,
    },
    { name: 'warm start → page served', value: `${warm.seconds.toFixed(1)} s`, rss: `${warm.rssMb.toFixed(0)} MB RSS` },
  ];
}
