// Scans at the queue, against PostgreSQL: the demo data grown to 50,000 pupils and 2 million past
// visits; sustained school scans per second with 50 concurrent clients (p50/p99), next to the raw
// single-row INSERT rate of the same PostgreSQL in the same run; then the time from a scan's answer
// to the update on 100 subscribed screens. Needs PostgreSQL (BENCH_DATABASE_URL, else
// TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test); uses Redis when REDIS_URL is set.
import autocannon from 'autocannon';
import pg from 'pg';
import { WebSocket } from 'ws';
import { startBenchServer } from './server.mjs';
import { BENCH_JWT_SECRET, databaseUrl, dropDatabase, freshDemoDatabase } from './postgres.mjs';

const PUPILS = 50_000;
const PAST_VISITS = 2_000_000;
const CONNECTIONS = 50;
const SECONDS = 10;
const SCREENS = 100;
const PORT = 18300;
const DB = 'tamaq_bench';

const benchUrl = () => databaseUrl(DB);

async function prepareDatabase() {
  const url = await freshDemoDatabase(DB);
  // Grow it in SQL: new pupils spread over the demo school's classes, a card each, and past visits.
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const {
    rows: [school],
  } = await c.query(`select id, organization_id from schools where name = 'Школа-гимназия №1'`);
  const {
    rows: [{ n: existing }],
  } = await c.query(`select count(*)::int n from users where classroom_id is not null`);
  const {
    rows: [sw],
  } = await c.query(`select id from food_categories where organization_id = $1 and type = 'sw'`, [
    school.organization_id,
  ]);
  await c.query(
    `insert into users (organization_id, school_id, classroom_id, food_category_id, name, social_wallet_set_date)
     select $1, $2, cl.id, $3, 'Нагрузочный Ученик ' || g, date '2026-09-01'
     from generate_series(1, $4) g
     join lateral (select id from classrooms where school_id = $2 order by id offset (g % 8) limit 1) cl on true`,
    [school.organization_id, school.id, sw.id, PUPILS - existing],
  );
  await c.query(
    `insert into cards (organization_id, number, user_id, linked_at)
     select u.organization_id, 'B' || lpad(u.id::text, 9, '0'), u.id, now()
     from users u where u.name like 'Нагрузочный Ученик %'`,
  );
  // 2,000,000 past visits over the previous ~57 school days: one a day per pupil.
  const {
    rows: [{ n: already }],
  } = await c.query(`select count(*)::int n from visits`);
  const perDay = PUPILS;
  const days = Math.ceil((PAST_VISITS - already) / perDay);
  await c.query(
    `insert into visits (organization_id, school_id, user_id, card_id, classroom_id, food_category_id, cost, visit_date, created_at)
     select u.organization_id, u.school_id, u.id, c.id, u.classroom_id, u.food_category_id, 650, d::date, d + time '12:00'
     from users u join cards c on c.user_id = u.id
     cross join generate_series(current_date - 120, current_date - 120 + $1::int - 1, interval '1 day') d
     where u.classroom_id is not null
     limit $2`,
    [days, PAST_VISITS - already],
  );
  await c.query('analyze');
  const {
    rows: [counts],
  } = await c.query(
    `select (select count(*) from users where classroom_id is not null)::int pupils, (select count(*) from visits)::int visits`,
  );
  const { rows: cards } = await c.query(
    `select c.number from cards c join users u on u.id = c.user_id where u.school_id = $1 and u.food_category_id is not null`,
    [school.id],
  );
  await c.end();
  return { school, counts, cards: cards.map((r) => r.number) };
}

/** The raw rate: 50 clients, each inserting one row per statement into a table shaped like a visit. */
async function rawInsertRate() {
  const pool = new pg.Pool({ connectionString: benchUrl(), max: CONNECTIONS });
  await pool.query(
    `create table if not exists bench_raw (id bigserial primary key, user_id int, card_id int, visit_date date, created_at timestamptz)`,
  );
  let n = 0;
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, k) => {
      while (Date.now() < end) {
        await pool.query(
          'insert into bench_raw (user_id, card_id, visit_date, created_at) values ($1, $2, current_date, now())',
          [k, n],
        );
        n++;
      }
    }),
  );
  await pool.end();
  return n / SECONDS;
}

const until = async (cond, ms) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

/** 100 screens subscribed to the school's channel; each scan's answer time vs each screen's arrival time. */
async function fanOut(url, token, schoolId, cards) {
  const sockets = [];
  const arrivals = new Map(); // visit id -> arrival times
  for (let i = 0; i < SCREENS; i++) {
    const sub = await (
      await fetch(`${url}/api/school/fixation/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ schoolId }),
      })
    ).json();
    const ws = new WebSocket(
      `ws://127.0.0.1:${sub.port}${sub.path}?channel=${sub.channel}&ticket=${encodeURIComponent(sub.ticket)}`,
    );
    await new Promise((resolve, reject) => {
      ws.once('message', resolve);
      ws.once('error', reject);
    });
    ws.on('message', (d) => {
      const m = JSON.parse(String(d));
      if (m.type !== 'fixation') return;
      const list = arrivals.get(m.fixation.id) ?? [];
      list.push(performance.now());
      arrivals.set(m.fixation.id, list);
    });
    sockets.push(ws);
  }
  const delays = [];
  for (const card of cards) {
    const res = await fetch(`${url}/api/school/fixation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ cardId: card, schoolId }),
    });
    const answeredAt = performance.now();
    const body = await res.json();
    if (!res.ok) throw new Error(`scan ${card}: ${res.status} ${JSON.stringify(body)}`);
    await until(() => (arrivals.get(body.id)?.length ?? 0) === SCREENS, 5000);
    for (const t of arrivals.get(body.id)) delays.push(Math.max(0, t - answeredAt));
  }
  for (const ws of sockets) ws.close();
  delays.sort((a, b) => a - b);
  const at = (p) => delays[Math.min(delays.length - 1, Math.floor(p * delays.length))];
  return { p50: at(0.5), p99: at(0.99), n: delays.length };
}

export async function benchScan() {
  const started = Date.now();
  const { school, counts, cards } = await prepareDatabase();
  const prepared = ((Date.now() - started) / 1000).toFixed(0);
  const server = await startBenchServer({
    port: PORT,
    dataDir: '/tmp/unused',
    ready: async (u) => (await fetch(`${u}/api/health`)).ok,
    env: {
      DATABASE_URL: benchUrl(),
      JWT_SECRET: BENCH_JWT_SECRET,
      WS_PORT: String(PORT + 1),
      HOST: '127.0.0.1',
    },
  });
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'edu.cashier@demo.kz', password: 'demo12345' }),
    });
    const { access_token: token } = await login.json();
    const fanCards = cards.splice(0, 50);
    let next = 0;
    const load = await autocannon({
      url: `${server.url}/api/school/fixation`,
      connections: CONNECTIONS,
      duration: SECONDS,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify({ cardId: cards[next++ % cards.length], schoolId: school.id }),
          }),
        },
      ],
    });
    const raw = await rawInsertRate();
    const fan = await fanOut(server.url, token, school.id, fanCards);
    const scans = load.requests.average;
    return [
      {
        name: `scan bench data (PostgreSQL, ${prepared} s to build)`,
        value: `${counts.pupils} pupils`,
        rss: `${counts.visits} visits`,
      },
      {
        name: `POST /api/school/fixation, ${CONNECTIONS} clients`,
        value: `${Math.round(scans)} scans/s`,
        rss: `p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms, ${load.non2xx} non-2xx, ${load.errors} errors`,
      },
      {
        name: `raw single-row INSERT, ${CONNECTIONS} clients`,
        value: `${Math.round(raw)} rows/s`,
        rss: `scans = ${((scans / raw) * 100).toFixed(0)} % of raw`,
      },
      {
        name: `scan answer → ${SCREENS} screens`,
        value: `p99 ${fan.p99.toFixed(1)} ms`,
        rss: `p50 ${fan.p50.toFixed(1)} ms over ${fan.n} deliveries`,
      },
    ];
  } finally {
    await server.stop();
    await dropDatabase(DB);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await benchScan()) console.log(`${row.name}  ${row.value}  ${row.rss}`);
}
