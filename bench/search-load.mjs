// Scans while searches run: the embedded database runs one statement at a time,
// so a search that reads every visit stalls every scan queued behind it. On a new embedded data
// directory with the demo data: 150 school scans one after another alone, then 150 more while three
// loops search the school's visit history for a name that matches nothing. Prints the median and
// p99 scan answer for both, the searches' median and the health check's answer under that load.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBenchServer } from './server.mjs';

const SCANS = 150;
const SEARCH_LOOPS = 3;

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};
const ms = (x) => `${x.toFixed(0)} ms`;

async function timed(fn) {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

export async function benchSearchLoad() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-bench-'));
  const server = await startBenchServer({
    port: 18240,
    dataDir,
    ready: async (url) => (await fetch(`${url}/api/health`)).ok,
  });
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'edu.admin@demo.kz', password: 'demo12345' }),
    });
    if (!login.ok) throw new Error(`login answered ${login.status}`);
    const token = (await login.json()).access_token;
    const auth = { authorization: `Bearer ${token}` };

    let card = 0;
    const scan = () =>
      timed(async () => {
        card = (card % 300) + 1;
        const res = await fetch(`${server.url}/api/school/fixation`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify({ cardId: `7700${String(card).padStart(6, '0')}`, schoolId: 1 }),
        });
        await res.arrayBuffer();
        if (res.status >= 500 || res.status === 401 || res.status === 403) throw new Error(`scan: ${res.status}`);
      });
    const scanRun = async () => {
      const times = [];
      for (let i = 0; i < SCANS; i++) times.push(await scan());
      return times;
    };

    const alone = await scanRun();

    let searching = true;
    const searchTimes = [];
    const healthTimes = [];
    const searchLoop = async () => {
      while (searching) {
        searchTimes.push(
          await timed(async () => {
            const res = await fetch(`${server.url}/api/school/fixations?schoolId=1&query=qwxzqw`, { headers: auth });
            await res.arrayBuffer();
            if (!res.ok) throw new Error(`search: ${res.status}`);
          }),
        );
      }
    };
    const healthLoop = async () => {
      while (searching) {
        healthTimes.push(await timed(async () => (await fetch(`${server.url}/api/health`)).arrayBuffer()));
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const loops = [...Array.from({ length: SEARCH_LOOPS }, searchLoop), healthLoop()];
    await new Promise((r) => setTimeout(r, 300)); // let the searches start
    const loaded = await scanRun();
    searching = false;
    await Promise.all(loops);

    return [
      {
        name: `school scan alone (${SCANS} sequential, embedded DB)`,
        value: `${ms(quantile(alone, 0.5))} median`,
        rss: `p99 ${ms(quantile(alone, 0.99))}`,
      },
      {
        name: `school scan with ${SEARCH_LOOPS} searches looping (target median < 100 ms)`,
        value: `${ms(quantile(loaded, 0.5))} median`,
        rss: `p99 ${ms(quantile(loaded, 0.99))}; search median ${ms(quantile(searchTimes, 0.5))} (${searchTimes.length} searches); /api/health median ${ms(quantile(healthTimes, 0.5))}`,
      },
    ];
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchSearchLoad()) console.log(`${r.name}  ${r.value}  ${r.rss}`);
}
