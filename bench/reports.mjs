// Reports on a city's data, against PostgreSQL: the demo data grown to 500 schools of one
// education organization — a 2,000-pupil school (80 classes of 25) and 496 schools of 75 pupils —
// with a visit for every pupil on every Monday–Friday of the last 365 days: about 10.3 million
// visits. Measured through the real server on loopback, one request after another:
// - the 2,000-pupil school's report of the last full month (pupils × days), beside a hand-written
//   SQL query for the same numbers run on the same database;
// - the observer's statistics of all 500 schools for that month;
// - that school's month as .xlsx (the school report, 2,000 rows; and the class report), the time to
//   the whole file and how far the server's memory (RSS) grew while it was written.
//
// The grown database is built once into a template (minutes) and cloned for each run.
// Needs PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test).
// `node bench/reports.mjs` prints a markdown table; scripts/bench.mjs (npm run bench) prints the same rows.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { login, startBenchServer } from './server.mjs';
import { BENCH_JWT_SECRET, adminUrl, databaseUrl, dropDatabase, freshDemoDatabase, withClient } from './postgres.mjs';

const DB = 'tamaq_bench_reports';
const PORT = 18500;
const RUNS = 20;
const root = path.resolve(import.meta.dirname, '..');

const GROW = [
  // Schools of 3 classes up to 500 with the demo's and the big school of 80.
  `insert into schools (organization_id, region_id, name, address, city)
   select $1::int, (select region_id from schools where id = $2::int), 'Школа нагрузки ' || g, 'ул. Нагрузки, ' || g, 'Алматы'
   from generate_series(1, 500 - (select count(*)::int from schools where organization_id = $1::int) - 1) g`,
  `insert into schools (organization_id, region_id, name, address, city)
   select $1::int, (select region_id from schools where id = $2::int), 'Большая школа', 'ул. Большая, 1', 'Алматы'`,
  `insert into classrooms (organization_id, school_id, name)
   select s.organization_id, s.id, 'Нагрузка ' || k
   from schools s cross join generate_series(1, 80) k
   where (s.name like 'Школа нагрузки %' and k <= 3) or s.name = 'Большая школа'`,
  // 25 pupils a class, every other one in the social wallet.
  `insert into users (organization_id, school_id, classroom_id, food_category_id, name, social_wallet_set_date)
   select cl.organization_id, cl.school_id, cl.id, case when p % 2 = 0 then $1::int else $2::int end,
          'Нагрузка ' || cl.id || '-' || p, date '2025-01-01'
   from classrooms cl cross join generate_series(1, 25) p
   where cl.name like 'Нагрузка %'`,
  // A visit every Monday–Friday of the last 365 days, at about 12:00 in Almaty.
  `insert into visits (organization_id, school_id, user_id, classroom_id, food_category_id, cost, visit_date, created_at)
   select u.organization_id, u.school_id, u.id, u.classroom_id, u.food_category_id, 650, d::date,
          (d::date + time '12:00' + (u.id % 1800) * interval '1 second') at time zone 'Asia/Almaty'
   from users u cross join generate_series(current_date - 365, current_date - 1, interval '1 day') d
   where u.name like 'Нагрузка %' and extract(isodow from d) < 6`,
];

/** The template's name: it changes whenever what it is built from changes (the day too: visits end yesterday). */
function templateName() {
  const h = createHash('sha256');
  // The migrations are left out: a clone takes the new ones itself (minutes saved per schema change).
  for (const dir of ['server/src/demo']) {
    for (const f of fs.readdirSync(path.join(root, dir)).sort()) {
      const p = path.join(root, dir, f);
      if (fs.statSync(p).isFile()) h.update(f).update(fs.readFileSync(p));
    }
  }
  h.update(GROW.join('\n')).update(new Date().toISOString().slice(0, 10));
  return `tamaq_bench_reports_${h.digest('hex').slice(0, 12)}`;
}

async function buildTemplate(name) {
  const url = await freshDemoDatabase(name);
  await withClient(url, async (c) => {
    const {
      rows: [school],
    } = await c.query(`select id, organization_id as org from schools where name = 'Школа-гимназия №1'`);
    const { rows: foods } = await c.query(`select id, type from food_categories where organization_id = $1`, [
      school.org,
    ]);
    const sw = foods.find((f) => f.type === 'sw').id;
    const paid = foods.find((f) => f.type !== 'sw').id;
    await c.query(GROW[0], [school.org, school.id]);
    await c.query(GROW[1], [school.org, school.id]);
    await c.query(GROW[2]);
    await c.query(GROW[3], [sw, paid]);
    // Consistent by construction: the build skips the foreign-key triggers (minutes otherwise).
    await c.query(`set session_replication_role = replica`);
    await c.query(`set maintenance_work_mem = '512MB'`);
    await c.query(GROW[4]);
    await c.query(`set session_replication_role = origin`);
    await c.query('vacuum analyze');
  });
}

/** A fresh bench database cloned from the template (built first when missing). */
export async function prepareDatabase() {
  const template = templateName();
  const exists = await withClient(adminUrl, async (c) => {
    const { rows } = await c.query('select 1 from pg_database where datname = $1', [template]);
    return rows.length > 0;
  });
  const started = Date.now();
  if (!exists) {
    // Old templates of other days or schemas would only fill the disk.
    await withClient(adminUrl, async (c) => {
      const { rows } = await c.query(`select datname from pg_database where datname like 'tamaq_bench_reports_%'`);
      for (const r of rows) await c.query(`drop database if exists ${r.datname} with (force)`);
    });
    // Built under another name and renamed once whole: a build cut short is never taken for a template.
    await buildTemplate(`${template}_part`);
    await withClient(adminUrl, (c) => c.query(`alter database ${template}_part rename to ${template}`));
  }
  const built = (Date.now() - started) / 1000;
  await dropDatabase(DB);
  await withClient(adminUrl, (c) => c.query(`create database ${DB} template ${template}`));
  const url = databaseUrl(DB);
  const { fromPostgresUrl } = await tsImport('../server/src/platform/db/client.ts', import.meta.url);
  const { migrate } = await tsImport('../server/src/platform/db/migrate.ts', import.meta.url);
  const database = fromPostgresUrl(url);
  await migrate(database);
  await database.close();
  return { url, built: exists ? null : built };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const ms = (v) => `${v.toFixed(0)} ms`;

/** `n` runs of `fn` one after another (after one unmeasured): p50 and p99 in ms. */
async function timed(n, fn) {
  await fn();
  const times = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

const rssOf = (pid) => {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line.split(/\s+/)[1]) * 1024;
};

/** Downloads `url` whole while sampling the server's RSS: seconds, bytes, and the peak growth in bytes. */
async function download(url, pid) {
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 10);
  const t0 = performance.now();
  const res = await fetch(url);
  const body = await res.arrayBuffer();
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssOf(pid));
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return { seconds, bytes: body.byteLength, growth: peak - before };
}

/** The last full month before today: its first and last day. */
function lastMonth() {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

export async function benchReports() {
  const { url: dbUrl, built } = await prepareDatabase();
  const facts = await withClient(dbUrl, async (c) => {
    const {
      rows: [big],
    } = await c.query(`select id from schools where name = 'Большая школа'`);
    const {
      rows: [n],
    } = await c.query(`select count(*)::int as visits, (select count(*)::int from schools) as schools from visits`);
    return { big: big.id, visits: n.visits, schools: n.schools };
  });
  const { from, to } = lastMonth();
  const server = await startBenchServer({
    port: PORT,
    dataDir: '/tmp/unused',
    ready: async (u) => (await fetch(`${u}/api/health`)).ok,
    env: { DATABASE_URL: dbUrl, JWT_SECRET: BENCH_JWT_SECRET, HOST: '127.0.0.1' },
  });
  try {
    const admin = await login(server.url, 'edu.admin@demo.kz');
    const observer = await login(server.url, 'observer@demo.kz');
    const get = (token) => async (u) => {
      const res = await fetch(u, { headers: { authorization: `Bearer ${token}` } });
      const body = await res.json();
      if (!res.ok) throw new Error(`${u}: ${res.status} ${JSON.stringify(body)}`);
      return body;
    };
    const period = `dateFrom=${from}&dateTo=${to}`;
    const monthUrl = `${server.url}/api/report/school/fixations?canteenId=${facts.big}&${period}`;
    const first = await get(admin)(monthUrl);
    const month = await timed(RUNS, () => get(admin)(monthUrl));
    // The same numbers by hand: portions per pupil, food category and day of the school's month.
    const hand = await withClient(dbUrl, async (c) => {
      const sql = `select user_id, food_category_id, visit_date, sum(count)::int as portions from visits
                   where school_id = $1 and visit_date between $2 and $3 group by 1, 2, 3`;
      const plan = (await c.query(`explain ${sql}`, [facts.big, from, to])).rows.map((r) => r['QUERY PLAN']);
      const time = await timed(RUNS, () => c.query(sql, [facts.big, from, to]));
      return { ...time, plan };
    });
    const statsUrl = `${server.url}/api/report/school/statistics?${period}`;
    const stats = await get(observer)(statsUrl);
    const statistics = await timed(RUNS, () => get(observer)(statsUrl));
    const schoolXlsx = await download(`${monthUrl}&export=1&token=${admin}`, server.pid);
    const classXlsx = await download(
      `${server.url}/api/report/school/classrooms/fixations?schoolId=${facts.big}&${period}&export=1&token=${admin}`,
      server.pid,
    );
    const mb = (b) => `${(b / 2 ** 20).toFixed(1)} MB`;
    return [
      {
        name: `reports data: ${facts.schools} schools, ${(facts.visits / 1e6).toFixed(2)} M visits`,
        value: built === null ? 'template' : `${built.toFixed(0)} s`,
        rss: built === null ? 'cloned from the template' : 'built into a template',
      },
      {
        name: `month report, 2,000-pupil school (${first.users.length} rows, ${first.total} portions): p50 / p99`,
        value: `${ms(month.p50)} / ${ms(month.p99)}`,
        rss: `hand SQL p50 ${ms(hand.p50)}; ratio ${(month.p50 / hand.p50).toFixed(2)}; plan: ${hand.plan.map((l) => l.trim()).join(' → ')}`,
      },
      {
        name: `statistics of ${stats.schools} schools for a month: p50 / p99`,
        value: `${ms(statistics.p50)} / ${ms(statistics.p99)}`,
        rss: `served ${stats.servings_received}`,
      },
      {
        name: 'school month report .xlsx (2,000 rows): time, server RSS growth',
        value: `${schoolXlsx.seconds.toFixed(2)} s`,
        rss: `${mb(schoolXlsx.growth)}, file ${mb(schoolXlsx.bytes)}`,
      },
      {
        name: 'class month report .xlsx: time, server RSS growth',
        value: `${classXlsx.seconds.toFixed(2)} s`,
        rss: `${mb(classXlsx.growth)}, file ${mb(classXlsx.bytes)}`,
      },
    ];
  } finally {
    await server.stop();
    await dropDatabase(DB);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchReports();
  console.log('| measure | value | notes |\n|---|---|---|');
  for (const r of rows) console.log(`| ${r.name} | ${r.value} | ${r.rss ?? ''} |`);
}
