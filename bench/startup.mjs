// Start-up: time from launching the server on a NEW embedded data directory (migrations, demo data)
// to the first served page, then the same on the now-existing directory, with the RSS at that moment.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBenchServer } from './server.mjs';

const pageServed = async (url) => {
  const res = await fetch(`${url}/login`);
  return res.ok && (await res.text()).includes('<div id="root">');
};

async function startOnce(dataDir, port) {
  const started = performance.now();
  const server = await startBenchServer({ port, dataDir, ready: pageServed });
  const seconds = (performance.now() - started) / 1000;
  const rssKb = Number(
    execFileSync('ps', ['-o', 'rss=', '-p', String(server.pid)])
      .toString()
      .trim(),
  );
  await server.stop();
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
    {
      name: 'warm start → page served (target < 300 MB RSS)',
      value: `${warm.seconds.toFixed(1)} s`,
      rss: `${warm.rssMb.toFixed(0)} MB RSS`,
    },
  ];
}
