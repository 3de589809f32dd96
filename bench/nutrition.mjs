// Foods, technological cards and the menu against the norm, on the embedded database with the demo
// data and the whole shipped composition table (8,789 foods and the organization's own). As the
// education admin through HTTP: food searches in Russian, Kazakh and English, with typos, Latin
// letters and Kazakh letters typed on a Russian keyboard (the first round right after the server
// starts, reported apart). Then 60 dishes, each with a card of 8 of the kitchen's foods and portions for
// three age groups, on a 20-day menu of 3 meals (3 dishes a meal): the menu's figures (every day, meal
// and age group, and the cycle's average), and one dish's card read back after a change to it.
// Targets: a food search over the whole table ≤ 30 ms; the 20-day menu's analysis ≤ 200 ms; a dish's
// figures after a change ≤ 50 ms.
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
      const call = async (url, method = 'GET', body) => {
        const started = performance.now();
        const res = await fetch(`${server.url}${url}`, {
          method,
          headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
          body: body ? JSON.stringify(body) : undefined,
        });
        const json = await res.json();
        const took = performance.now() - started;
        if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
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
      // 60 dishes with cards of 8 lines each, portions for three age groups.
      const groups = (await call('/api/age/groups?limit=100')).json.rows.map((g) => g.id);
      groups.push((await call('/api/age/group', 'POST', { name: '15–18 лет', age_from: 15, age_to: 18 })).json.id);
      const kitchen = (await call('/api/foods?limit=100')).json.rows.map((f) => f.id);
      const category = (await call('/api/category', 'POST', { name: `Бенчмарк ${Date.now()}` })).json.id;
      const dishes = [];
      for (let i = 0; i < 60; i++) {
        const dish = (
          await call('/api/product', 'POST', {
            category_id: category,
            name: `Блюдо ${i + 1}`,
            cost: '100',
            output: '200 г',
          })
        ).json.id;
        await call(`/api/product/${dish}/card`, 'PUT', {
          valid_from: '2025-09-01',
          method: 'boiling',
          yield_g: 1000,
          lines: Array.from({ length: 8 }, (_, k) => ({
            food_id: kitchen[(i * 7 + k * 13) % kitchen.length],
            gross_g: 50 + k * 10,
          })),
          portions: groups.map((g, k) => ({ age_group_id: g, portion_g: 150 + 50 * k })),
        });
        dishes.push(dish);
      }
      const menu = (await call('/api/menu', 'POST', { name: `Бенчмарк ${Date.now()}`, days: 20, groups: '1,3,4' })).json
        .id;
      for (let day = 1; day <= 20; day++)
        for (const [m, group] of [1, 3, 4].entries())
          await call('/api/menu/product', 'POST', {
            menu_id: menu,
            day,
            group,
            product_ids: [0, 1, 2].map((k) => dishes[(day * 9 + m * 3 + k) % dishes.length]),
          });
      const analysis = [];
      for (let i = 0; i < 30; i++) analysis.push((await call(`/api/menu/${menu}/figures`)).took);
      // A dish's card changed, then read back with its figures.
      const change = [];
      // The organization's today (Almaty), not this machine's: a version may not start before it.
      const { json: first } = await call(`/api/product/${dishes[0]}/card`);
      for (let i = 0; i < 20; i++) {
        const dish = dishes[i];
        const { took: saved } = await call(`/api/product/${dish}/card`, 'PUT', {
          valid_from: first.today,
          method: 'stewing',
          yield_g: 900 + i,
          lines: Array.from({ length: 8 }, (_, k) => ({
            food_id: kitchen[(i * 5 + k * 11) % kitchen.length],
            gross_g: 60 + k * 10,
          })),
          portions: groups.map((g, k) => ({ age_group_id: g, portion_g: 150 + 50 * k })),
        });
        change.push(saved);
      }
      // An own food's value changed (the dietitian's table), then a dish on it read with its figures.
      const own = (
        await call('/api/food', 'POST', {
          name_ru: 'Курт (своя таблица)',
          source: 'Бенчмарк: таблица диетолога',
          values: { energyKcal: '300', proteinG: '25' },
        })
      ).json.id;
      await call(`/api/product/${dishes[59]}/card`, 'PUT', {
        valid_from: first.today,
        method: 'raw',
        yield_g: 1000,
        lines: [
          { food_id: own, gross_g: 100 },
          ...Array.from({ length: 7 }, (_, k) => ({
            food_id: kitchen[(k * 17) % kitchen.length],
            gross_g: 50 + k * 10,
          })),
        ],
        portions: groups.map((g, k) => ({ age_group_id: g, portion_g: 150 + 50 * k })),
      });
      const afterValue = [];
      for (let i = 0; i < 20; i++) {
        await call('/api/food', 'PUT', {
          id: own,
          name_ru: 'Курт (своя таблица)',
          source: 'Бенчмарк: таблица диетолога',
          values: { energyKcal: String(300 + i), proteinG: '25' },
        });
        const { took, json } = await call(`/api/product/${dishes[59]}/card`);
        if (!json.card || json.card.figures.per_100g.energyKcal.value <= 0)
          throw new Error('no figures after a change');
        afterValue.push(took);
      }
      return [
        {
          name: 'menu analysis, 20 days × 3 meals × 3 age groups, 60 dishes of 8 lines (30 reads)',
          value: `${ms(quantile(analysis, 0.5))} median`,
          rss: `p95 ${ms(quantile(analysis, 0.95))}, max ${ms(Math.max(...analysis))}; target ≤ 200 ms`,
        },
        {
          name: 'a dish’s card saved and its figures answered (20 saves of 8 lines)',
          value: `${ms(quantile(change, 0.5))} median`,
          rss: `p95 ${ms(quantile(change, 0.95))}, max ${ms(Math.max(...change))}; target ≤ 50 ms`,
        },
        {
          name: 'a dish’s figures read after one of its foods’ values changed (20 changes, 8 lines)',
          value: `${ms(quantile(afterValue, 0.5))} median`,
          rss: `p95 ${ms(quantile(afterValue, 0.95))}, max ${ms(Math.max(...afterValue))}; target ≤ 50 ms`,
        },
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
