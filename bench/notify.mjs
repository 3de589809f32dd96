// Notifications beside the queue, against PostgreSQL, on the scan benchmark's data (50,000 pupils, 2
// million past visits): every grown pupil gets a parent with an e-mail and a Web Push subscription (a
// device), a local SMTP server takes the letters and a local push service the pushes (each encrypted
// and signed by the server as for a browser's). Scans at 50 clients first with nobody asking to hear
// of meals, then with every parent choosing meals by e-mail and on the device (the scan writes its
// notice, the server's worker sends them meanwhile); then scans at a steady 500 per second with the
// notices on; then how fast the worker empties what the runs left waiting.
// The targets, each printed with its figure: scans with notices within 10 % of scans without; p99 ≤
// 50 ms at a steady 500 scans/s with notices; 10,000 notices delivered in ≤ 60 s.
// Needs PostgreSQL as bench/scan.mjs does (its template database is reused).
// `node bench/notify.mjs` prints a markdown table; scripts/bench.mjs prints the same rows with the others.
import crypto from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import webpush from 'web-push';
import { startBenchServer } from './server.mjs';
import { BENCH_JWT_SECRET, databaseUrl } from './postgres.mjs';
import { prepareDatabase, scanLoad, steadyScans } from './scan.mjs';
import { benchParentHome } from './parent-home.mjs';

const PORT = 18310;
const WARMUP_SECONDS = 2;
const SECONDS = 10;
const STEADY_RATE = 500;
const STEADY_SECONDS = 10;
/** How long the worker is given to empty what the runs left waiting. */
const DRAIN_SECONDS = 180;
const DB = 'tamaq_bench';

/** A mail server on a free port that takes every letter and counts it. */
async function mailSink() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    received: () => received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * A push service on a free port that takes every push and counts it (201, as FCM answers), checking
 * only that it came encrypted and signed: decrypting is the browser's work, measured in the tests.
 */
async function pushSink() {
  let received = 0;
  let unsigned = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.headers['content-encoding'] === 'aes128gcm' && /^vapid t=/.test(req.headers.authorization ?? ''))
        received++;
      else unsigned++;
      res.writeHead(201).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    received: () => received,
    unsigned: () => unsigned,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** A browser's subscription keys: a P-256 public key and 16 bytes of auth secret, base64url. */
function subscriptionKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') };
}

/**
 * One parent with an e-mail and a device for every grown pupil, linked to the pupil; nobody chose
 * anything yet. The devices share one key pair (each still gets its own encryption per push).
 */
async function addParents(c, pushBase) {
  await c.query(`
    insert into users (name, email, role_id)
    select 'Родитель ' || u.id, 'p' || u.id || '@bench.kz', (select id from roles where code = 'Parent')
    from users u where u.name like 'Нагрузочный Ученик %'`);
  await c.query(`
    insert into parent_children (parent_id, pupil_id)
    select p.id, substring(p.email from 2 for position('@' in p.email) - 2)::int
    from users p where p.email like 'p%@bench.kz'`);
  const keys = subscriptionKeys();
  await c.query(
    `insert into push_subscriptions (parent_id, endpoint, p256dh, auth, label)
     select p.id, $1 || '/push/' || p.id, $2, $3, 'Телефон'
     from users p where p.email like 'p%@bench.kz'`,
    [pushBase, keys.p256dh, keys.auth],
  );
  // As autovacuum would soon after 50,000 rows each: a parent's lookups by the index, not a scan.
  await c.query('analyze parent_children, push_subscriptions, users');
}

const waiting = async (c) =>
  (
    await c.query(
      `select (select count(*) from notification_events where fanned_at is null)::int
            + (select count(*) from notification_deliveries where status = 'pending')::int as n`,
    )
  ).rows[0].n;

export async function benchNotify() {
  const { school, cards, how } = await prepareDatabase();
  const c = new pg.Client({ connectionString: databaseUrl(DB) });
  await c.connect();
  const pushes = await pushSink();
  await addParents(c, pushes.base);
  const sink = await mailSink();
  const vapid = webpush.generateVAPIDKeys();
  const delivered = () => sink.received() + pushes.received();
  const server = await startBenchServer({
    port: PORT,
    dataDir: '/tmp/unused',
    ready: async (u) => (await fetch(`${u}/api/health`)).ok,
    env: {
      DATABASE_URL: databaseUrl(DB),
      JWT_SECRET: BENCH_JWT_SECRET,
      WS_PORT: String(PORT + 1),
      HOST: '127.0.0.1',
      // No nightly backup or its weekly restore check on the bench's database: stopped in the middle,
      // the check's scratch database would stay on the server.
      BACKUP_TIME: 'off',
      SMTP_URL: sink.url,
      PUSH_SERVICES: 'http://127.0.0.1:*',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    },
  });
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'edu.cashier@demo.kz', password: 'demo12345' }),
    });
    const { access_token: token } = await login.json();
    // Each run's cards are its own: every scan is a first meal of the day.
    let left = cards;
    const run = async (seconds) => {
      const r = await scanLoad(server.url, token, school.id, left, seconds);
      left = left.slice(r.used);
      return r;
    };
    await run(WARMUP_SECONDS);
    const without = await run(SECONDS);
    const steadyWithout = await steadyScans(server.url, token, school.id, left, STEADY_SECONDS, STEADY_RATE);
    left = left.slice(steadyWithout.used);
    await c.query(`
      insert into notification_choices (parent_id, pupil_id, event, channel)
      select parent_id, pupil_id, 'meal', channel from parent_children
      cross join (values ('email'), ('push')) ch(channel)
      where pupil_id in (select id from users where name like 'Нагрузочный Ученик %')`);
    // As autovacuum would soon after so many rows: the scan statement, planned once per connection
    // while the table was empty, is planned again with the index in mind (a seq scan of 50,000 choices
    // per scan cost two thirds of the rate when this was left out).
    await c.query('analyze notification_choices');
    await run(WARMUP_SECONDS);
    const sentBefore = delivered();
    const lettersBefore = sink.received();
    const started = performance.now();
    const withLetters = await run(SECONDS);
    const steady = await steadyScans(server.url, token, school.id, left, STEADY_SECONDS, STEADY_RATE);
    // What the runs left waiting, and how fast the worker sends it.
    const backlog = await waiting(c);
    const drainStart = performance.now();
    const drainSent = delivered();
    while ((await waiting(c)) > 0 && performance.now() - drainStart < DRAIN_SECONDS * 1000) {
      await new Promise((r) => setTimeout(r, 250));
    }
    const drainSeconds = (performance.now() - drainStart) / 1000;
    const drained = delivered() - drainSent;
    const rate = drained / drainSeconds;
    const total = delivered() - sentBefore;
    const letters = sink.received() - lettersBefore;
    const elapsed = (performance.now() - started) / 1000;
    const failed = (await c.query(`select count(*)::int n from notification_deliveries where status = 'failed'`))
      .rows[0].n;
    const home = await benchParentHome(server.url, c);
    const a = without['2xx'] / SECONDS;
    const b = withLetters['2xx'] / SECONDS;
    return [
      {
        name: `notifications bench data (scan bench's, ${how})`,
        value: `${cards.length} parents`,
        rss: 'one parent with an e-mail and a push device per grown pupil, a local SMTP server and push service',
      },
      {
        name: `school scans at 50 clients, ${SECONDS} s: without notices → a letter and a push per meal`,
        value: `${Math.round(a)} → ${Math.round(b)} /s`,
        rss: `${((b / a - 1) * 100).toFixed(1)} %; p99 ${without.latency.p99} → ${withLetters.latency.p99} ms, ${withLetters.non2xx} non-2xx; target within 10 %`,
      },
      {
        name: `school scans at a steady ${STEADY_RATE}/s with notices, ${STEADY_SECONDS} s`,
        value: `p99 ${steady.latency.p99.toFixed(1)} ms`,
        rss: `p50 ${steady.latency.p50.toFixed(1)} ms, ${steady.non2xx} non-2xx, ${steady.errors} errors; without notices p99 ${steadyWithout.latency.p99.toFixed(1)} ms, p50 ${steadyWithout.latency.p50.toFixed(1)} ms; target p99 ≤ 50 ms`,
      },
      {
        name: `notices delivered by the worker after the scans (${backlog} waiting)`,
        value: `${Math.round(rate)} /s`,
        rss: `${drained} in ${drainSeconds.toFixed(1)} s${drained < backlog ? ` (stopped after ${DRAIN_SECONDS} s)` : ''}; 10,000 at this rate: ${(10_000 / rate).toFixed(0)} s, target ≤ 60 s; ${total} in all since the notices were on (${elapsed.toFixed(0)} s): ${letters} letters, ${total - letters} pushes, ${pushes.unsigned()} pushes unsigned, ${failed} failed`,
      },
      ...home,
    ];
  } finally {
    await server.stop();
    await sink.close();
    await pushes.close();
    await c.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchNotify();
  console.log('| benchmark | value | details |\n|---|---|---|');
  for (const r of rows) console.log(`| ${r.name} | ${r.value} | ${r.rss ?? ''} |`);
}
