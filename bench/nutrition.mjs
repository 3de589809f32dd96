// Foods, technological cards and the menu against the norm, on the embedded database with the demo
// data and the whole shipped composition table (8,789 foods and the organization's own). As the
// education admin through HTTP: food searches in Russian, Kazakh and English, with typos, Latin
// letters and Kazakh letters typed on a Russian keyboard (the first round right after the server
// starts, reported apart). Target: a food search over the whole table ≤ 30 ms.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { login, startBenchServer } from './server.mjs';

const PORT = 18280;
const SEARCHES = [
  'говядина',
  'говдина', // a letter left out
  'морковь отварная',
  'картофель',
  'картофль',
  'жылқы еті',
  'жылкы', // Kazakh letters on a Russian keyboard
  'сүт',
  'сары май',
  'мука пшеничная',
  'horse',
  'chicken breast',
  'govyadina', // Latin letters
  'rice cooked',
  'яйцо',
  'творог 2',
  'сахар',
  'капуста',
  'qwerty', // nothing
  'ма',
];

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};
const ms = (x) => `${x.toFixed(1)} ms`;

export async function benchNutrition() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-bench-'));
  try {
    const server = await startBenchServer({
      port: PORT,
      dataDir,
      ready: async (url) => (await fetch(`${url}/api/health`)).ok,
    });
    try {
      const token = await login(server.url, 'edu.admin@demo.kz');
      const headers = { authorization: `Bearer ${token}` };
      const call = async (url) => {
        const started = performance.now();
        const res = await fetch(`${server.url}${url}`, { headers });
        const json = await res.json();
        const took = performance.now() - started;
        if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
        return { took, json };
      };
      const { json: all } = await call('/api/foods?limit=1');
      const cold = [];
      const search = [];
      let found = 0;
      for (let round = 0; round < 5; round++) {
        for (const q of SEARCHES) {
          const r = await call(`/api/foods?query=${encodeURIComponent(q)}&limit=20`);
          (round === 0 ? cold : search).push(r.took);
          if (process.env.BENCH_VERBOSE && round === 4) console.log(`${q}: ${ms(r.took)}, ${r.json.total} found`);
          if (round === 0 && r.json.rows.length > 0) found++;
        }
      }
      return [
        {
          name: `food search, ru/kk/en with typos (${search.length} warm, ${all.total} foods)`,
          value: `${ms(quantile(search, 0.5))} median`,
          rss: `p95 ${ms(quantile(search, 0.95))}, max ${ms(Math.max(...search))}; first ${cold.length} after start: median ${ms(quantile(cold, 0.5))}, max ${ms(Math.max(...cold))}; ${found}/${SEARCHES.length} found; target ≤ 30 ms`,
        },
      ];
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchNutrition()) console.log(`${r.name}  ${r.value}  ${r.rss}`);
}
