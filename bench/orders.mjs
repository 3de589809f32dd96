// The cashbox and its orders, against PostgreSQL: the demo data with a 200-dish paid menu
// applied today at a school and a year of that school's orders (50,000, two dishes each). Measured
// through the real server on loopback: the cashbox's data (GET /api/products/cashbox) one request
// after another; placing orders at 50 concurrent clients, each order with its own Idempotency-Key
// and the CSRF cookie as the cashbox's browser sends them, after a warm-up; and the orders report of
// the whole year (GET /api/orders, its first page and totals) one after another.
//
// Needs PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test).
// `node bench/orders.mjs` prints a markdown table; scripts/bench.mjs (npm run bench) prints the same
// rows with the other benchmarks.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { login, startBenchServer } from './server.mjs';
import { BENCH_JWT_SECRET, databaseUrl, dropDatabase, freshDemoDatabase } from './postgres.mjs';

const DB = 'tamaq_bench_orders';
const MENU_DISHES = 200;
const YEAR_ORDERS = 50_000;
const CONNECTIONS = 50;
const WARMUP_SECONDS = 3;
const SECONDS = 10;
const SEQUENTIAL = 200;
const REPORTS = 50;
const PORT = 18400;

/** A 200-dish paid menu applied from yesterday, and a year of orders at the school (none today). */
async function grow(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const {
      rows: [school],
    } = await c.query(`select id, organization_id as org from schools where name = 'Школа-гимназия №1'`);
    const {
      rows: [cashier],
    } = await c.query(`select id from users where email = 'edu.cashier@demo.kz'`);
    const {
      rows: [category],
    } = await c.query(`insert into dish_categories (organization_id, name) values ($1, 'Нагрузка') returning id`, [
      school.org,
    ]);
    await c.query(
      `insert into dishes (organization_id, category_id, name, cost, output)
       select $1, $2, 'Блюдо нагрузки ' || g, 100 + (g % 50) * 10.5, '200 г' from generate_series(1, $3) g`,
      [school.org, category.id, MENU_DISHES],
    );
    const {
      rows: [menu],
    } = await c.query(
      `insert into menus (organization_id, name, days, groups) values ($1, 'Меню нагрузки', 1, '{3}') returning id`,
      [school.org],
    );
    await c.query(
      `insert into menu_dishes (menu_id, day, meal_mode, dish_id)
       select $1, 1, 3, id from dishes where category_id = $2`,
      [menu.id, category.id],
    );
    await c.query(
      `insert into menu_activations (organization_id, school_id, menu_id, type, date)
       values ($1, $2, $3, 'paid_food', current_date - 1)`,
      [school.org, school.id, menu.id],
    );
    // A year of orders before today, two dishes each, priced as the server would.
    await c.query(
      `with d as (select id, name, cost, row_number() over (order by id) - 1 as n from dishes where category_id = $4),
       o as (
         insert into orders (organization_id, school_id, user_id, payment_type, count, amount, created_at)
         select $1, $2, $3, 'cash', 3, 0, current_date - 1 - (g % 365) + time '09:00' + (g % 300) * interval '1 minute'
         from generate_series(1, $5) g
         returning id)
       insert into order_items (order_id, dish_id, name, cost, count, amount)
       select o.id, d.id, d.name, d.cost, k, d.cost * k
       from o cross join (values (1), (2)) as k(k)
       join d on d.n = (o.id * 7 + k * 13) % $6`,
      [school.org, school.id, cashier.id, category.id, YEAR_ORDERS, MENU_DISHES],
    );
    await c.query(
      `update orders o set amount = s.amount
       from (select order_id, sum(amount) as amount from order_items group by order_id) s
       where s.order_id = o.id and o.amount = 0`,
    );
    await c.query('analyze');
    const {
      rows: [dishIds],
    } = await c.query(`select array_agg(id) as ids from dishes where category_id = $1`, [category.id]);
    return { school: school.id, dishes: dishIds.ids };
  } finally {
    await c.end();
  }
}

const browserHeaders = (token) => ({
  'content-type': 'application/json',
  authorization: `Bearer ${token}`,
  cookie: 'XSRF-TOKEN=bench-xsrf-token',
  'x-xsrf-token': 'bench-xsrf-token',
});

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const ms = (v) => `${v.toFixed(1)} ms`;

/** `n` GETs one after another: p50 and p99 of the time to the whole answer. */
async function sequential(url, token, n) {
  const times = [];
  let bad = 0;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: browserHeaders(token) });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    if (!res.ok) bad++;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), bad };
}

/** Autocannon's POST of orders of two or three dishes, each with a fresh Idempotency-Key. */
function orderLoad(url, token, school, dishes, seconds) {
  let next = 0;
  return autocannon({
    url: `${url}/api/order`,
    connections: CONNECTIONS,
    duration: seconds,
    method: 'POST',
    headers: browserHeaders(token),
    requests: [
      {
        setupRequest: (req) => {
          const n = next++;
          const lines = [0, 1, 2].slice(0, 2 + (n % 2)).map((k) => ({
            id: dishes[(n * 3 + k * 17) % dishes.length],
            count: 1 + ((n + k) % 3),
          }));
          return {
            ...req,
            headers: { ...req.headers, 'idempotency-key': randomUUID() },
            body: JSON.stringify({ school_id: school, payment_type: 'cash', products: lines }),
          };
        },
      },
    ],
  });
}

export async function benchOrders() {
  const url = await freshDemoDatabase(DB);
  const { school, dishes } = await grow(url);
  const server = await startBenchServer({
    port: PORT,
    dataDir: '/tmp/unused',
    ready: async (u) => (await fetch(`${u}/api/health`)).ok,
    env: { DATABASE_URL: databaseUrl(DB), JWT_SECRET: BENCH_JWT_SECRET, HOST: '127.0.0.1' },
  });
  try {
    const cashier = await login(server.url, 'edu.cashier@demo.kz');
    const admin = await login(server.url, 'edu.admin@demo.kz');
    const box = await (
      await fetch(`${server.url}/api/products/cashbox?schoolId=${school}`, { headers: browserHeaders(cashier) })
    ).json();
    const offered = box.menu.reduce((n, c) => n + c.products.length, 0);
    const cashbox = await sequential(`${server.url}/api/products/cashbox?schoolId=${school}`, cashier, SEQUENTIAL);
    await orderLoad(server.url, cashier, school, dishes, WARMUP_SECONDS);
    const load = await orderLoad(server.url, cashier, school, dishes, SECONDS);
    const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const reportUrl = `${server.url}/api/orders?date_from=${day(-364)}&date_to=${day(0)}&school_id=${school}`;
    const first = await (await fetch(reportUrl, { headers: browserHeaders(admin) })).json();
    const report = await sequential(reportUrl, admin, REPORTS);
    return [
      {
        name: `cashbox data, ${offered}-dish paid menu: p50 / p99 (sequential)`,
        value: `${ms(cashbox.p50)} / ${ms(cashbox.p99)}`,
        rss: cashbox.bad ? `${cashbox.bad} failed` : '',
      },
      {
        name: `orders at ${CONNECTIONS} clients: per second (p50 / p99)`,
        value: `${(load['2xx'] / SECONDS).toFixed(0)}/s`,
        rss: `${load.latency.p50} / ${load.latency.p99} ms, non-2xx ${load.non2xx}, errors ${load.errors}`,
      },
      {
        name: `orders report of a year (${first.total} orders): p50 / p99`,
        value: `${ms(report.p50)} / ${ms(report.p99)}`,
        rss: `amount ${first.amount}, dishes ${first.products}${report.bad ? `, ${report.bad} failed` : ''}`,
      },
    ];
  } finally {
    await server.stop();
    await dropDatabase(DB);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchOrders();
  console.log('| measure | value | notes |\n|---|---|---|');
  for (const r of rows) console.log(`| ${r.name} | ${r.value} | ${r.rss ?? ''} |`);
}
