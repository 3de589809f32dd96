// The parent's start page for a parent of three children, on the notifications bench's server and
// data (PostgreSQL, the scan bench's 50,000 pupils and 2 million visits beside the demo): the demo
// parent is given a third child (a pupil with a month and more of meals). In Chromium on a fresh
// profile with the service worker blocked and the cache off (a phone whose cache was cleared): the
// JavaScript on the wire to show the page, and every call the page makes. Then those calls again from
// here, one after another, 20 times: the server's time for the whole page.
// Targets: ≤ 150 KB of JavaScript on the wire; ≤ 150 ms at the server for the page's calls.
import { launchChromium } from './chromium.mjs';

const ROUNDS = 20;
const WARMUP = 3;
const PASSWORD = 'demo12345';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];

/** What the page loads, as Chromium received it: JavaScript bytes and the API calls. */
async function loadHome(url, email) {
  const { context, page, close } = await launchChromium({ serviceWorkers: 'block' });
  try {
    await page.goto(`${url}/login`);
    await page
      .getByLabel(/логин|e-mail/i)
      .first()
      .fill(email);
    await page
      .getByLabel(/пароль/i)
      .first()
      .fill(PASSWORD);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByTestId('child-card').nth(2).waitFor({ timeout: 60_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const types = new Map();
    let js = 0;
    const calls = [];
    cdp.on('Network.requestWillBeSent', (e) => {
      const u = new URL(e.request.url);
      if (u.pathname.startsWith('/api/') && e.request.method === 'GET') calls.push(`${u.pathname}${u.search}`);
    });
    const files = [];
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, { type: e.type, url: e.response.url }));
    cdp.on('Network.loadingFinished', (e) => {
      const r = types.get(e.requestId);
      if (r?.type !== 'Script') return;
      js += e.encodedDataLength;
      files.push([e.encodedDataLength, r.url.split('/').pop()]);
    });
    // The page opened again (the app on the phone's home screen), signed in, nothing cached.
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByTestId('child-card').nth(2).waitFor();
    if (process.env.BENCH_VERBOSE)
      for (const [bytes, file] of files.sort((a, b) => b[0] - a[0]))
        console.log(`  ${(bytes / 1024).toFixed(1)} KB ${file}`);
    return { js, calls: [...new Set(calls)] };
  } finally {
    await close();
  }
}

/** The page's calls from here, one after another: each round's total, and each call's median. */
async function timeCalls(url, email, calls) {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { access_token: token } = await login.json();
  const headers = { authorization: `Bearer ${token}` };
  const totals = [];
  const photoTotals = [];
  const each = new Map(calls.map((c) => [c, []]));
  const isPhoto = (call) => call.startsWith('/api/images/');
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    let total = 0;
    let photos = 0;
    for (const call of calls) {
      const started = performance.now();
      const res = await fetch(`${url}${call}`, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${call}: ${res.status}`);
      const ms = performance.now() - started;
      if (isPhoto(call)) photos += ms;
      else total += ms;
      if (round >= WARMUP) each.get(call).push(ms);
    }
    if (round >= WARMUP) {
      totals.push(total);
      photoTotals.push(photos);
    }
  }
  const byCall = [...each].map(([call, ms]) => [call, median(ms)]).sort((a, b) => b[1] - a[1]);
  if (process.env.BENCH_VERBOSE) for (const [call, ms] of byCall) console.log(`  ${ms.toFixed(1)} ms ${call}`);
  return {
    median: median(totals),
    p95: p95(totals),
    slowest: byCall[0],
    data: calls.filter((c) => !isPhoto(c)).length,
    photos: calls.filter(isPhoto).length,
    photosMedian: median(photoTotals),
  };
}

/** `c`: a client of the server's database. */
export async function benchParentHome(url, c) {
  const email = 'parent@demo.kz';
  // A third child: a pupil of the bench's school with past meals.
  await c.query(
    `
    insert into parent_children (parent_id, pupil_id)
    select (select id from users where email = $1),
           (select u.id from users u where u.name like 'Нагрузочный Ученик %' and u.classroom_id is not null
              and exists (select 1 from visits v where v.user_id = u.id) order by u.id limit 1)
    on conflict do nothing`,
    [email],
  );
  const { js, calls } = await loadHome(url, email);
  const t = await timeCalls(url, email, calls);
  return [
    {
      name: 'parent’s start page, 3 children: JavaScript on the wire (target ≤ 150 KB)',
      value: `${(js / 1024).toFixed(0)} KB`,
      rss: 'fresh profile, service worker blocked, cache off',
    },
    {
      name: `parent’s start page, 3 children: its ${t.data} calls at the server, one after another (target ≤ 150 ms)`,
      value: `${t.median.toFixed(0)} ms`,
      rss: `median of ${ROUNDS} rounds, p95 ${t.p95.toFixed(0)} ms; slowest call ${t.slowest[0].replace(/\?.*/, '')} ${t.slowest[1].toFixed(1)} ms; and its ${t.photos} photos ${t.photosMedian.toFixed(0)} ms; 2 million visits in the database`,
    },
  ];
}

// `node bench/parent-home.mjs`: on the notifications bench's database as it was left (run that first).
if (import.meta.url === `file://${process.argv[1]}`) {
  const { default: pg } = await import('pg');
  const { startBenchServer } = await import('./server.mjs');
  const { BENCH_JWT_SECRET, databaseUrl } = await import('./postgres.mjs');
  const c = new pg.Client({ connectionString: databaseUrl('tamaq_bench') });
  await c.connect();
  const server = await startBenchServer({
    port: 18320,
    dataDir: '/tmp/unused',
    nodeArgs: (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ready: async (u) => (await fetch(`${u}/api/health`)).ok,
    env: {
      DATABASE_URL: databaseUrl('tamaq_bench'),
      JWT_SECRET: BENCH_JWT_SECRET,
      BACKUP_TIME: 'off',
      HOST: '127.0.0.1',
    },
  });
  try {
    for (const r of await benchParentHome(server.url, c)) console.log(`| ${r.name} | ${r.value} | ${r.rss ?? ''} |`);
  } finally {
    await server.stop();
    await c.end();
  }
}
