// Backups of a city's data, against PostgreSQL: the reports' database (500 schools, about 10.3
// million visits; bench/reports.mjs builds it once into a template), served by the real server.
// - A backup made as the super admin's «Создать сейчас» makes it (through the server's heavy pool,
//   written and read back from the disk): its time, the file's size, MB/s of the file and rows/s;
// - school scans at a steady 20 per second (a lunch queue at several stations) while that backup
//   runs, beside the same scans with no backup (after 10 s of scans to warm the clone): p50 / p99
//   (the target: p99 ≤ 50 ms); and again with the backup's PostgreSQL process reniced to 10, as
//   the embedded server runs its heavy pool's (this needs the bench to run as PostgreSQL's user or root);
// - the restore of that file into a new database (read and checked, the schema at its level, the
//   rows loaded, every table exported again and compared): its time and rows/s.
// Needs PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test).
// `node bench/backup.mjs` prints a markdown table; scripts/bench.mjs (npm run bench) prints the same rows.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { prepareDatabase } from './reports.mjs';
import { login, startBenchServer } from './server.mjs';
import { BENCH_JWT_SECRET, adminUrl, dropDatabase, withClient } from './postgres.mjs';

const DB = 'tamaq_bench_reports';
const PORT = 18700;
const RATE = 20;
const BASELINE_SECONDS = 15;
const WARMUP_SECONDS = 10;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const ms = (v) => `${v.toFixed(1)} ms`;

/**
 * Every pupil of the education organization gets a card (each scanned once: one meal a day), and its
 * meal times are set aside (the bench scans at any hour). Answers the cards with their schools.
 */
async function prepareScans(url) {
  return withClient(url, async (c) => {
    const {
      rows: [big],
    } = await c.query(`select id, organization_id from schools where name = 'Большая школа'`);
    await c.query(`update fixation_categories set deleted_at = now() where organization_id = $1`, [
      big.organization_id,
    ]);
    await c.query(
      `insert into cards (organization_id, number, user_id, linked_at)
       select organization_id, 'K' || lpad(id::text, 9, '0'), id, now() from users
       where organization_id = $1 and classroom_id is not null and food_category_id is not null
       on conflict do nothing`,
      [big.organization_id],
    );
    const { rows } = await c.query(
      `select c.number as card, u.school_id as school from cards c join users u on u.id = c.user_id
       where c.number like 'K%' and u.organization_id = $1 order by random()`,
      [big.organization_id],
    );
    // A fresh clone writes its rows' hint bits as they are first read, and the checkpoint that
    // follows stalled every scan for 300–400 ms: set them now, as a school's long-used database has.
    await c.query('vacuum (analyze) visits, users, cards');
    await c.query('checkpoint');
    return { cards: rows };
  });
}

/**
 * School scans at a steady `rate`, each sent at its moment whether or not earlier ones have answered,
 * until `stop()` says so; each scan's time runs from its moment. Cards are taken in turn from `cards`.
 */
function steadyScans(url, token, cards, rate) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
  const headers = {
    'content-type': 'application/json',
    authorization: `Bearer ${token}`,
    cookie: 'XSRF-TOKEN=bench-xsrf-token',
    'x-xsrf-token': 'bench-xsrf-token',
  };
  const latencies = [];
  let non2xx = 0;
  let stopped = false;
  const pending = [];
  const used = [];
  const scan = ({ card, school }, due) =>
    new Promise((resolve) => {
      const body = JSON.stringify({ cardId: card, schoolId: school });
      const req = http.request(
        `${url}/api/school/fixation`,
        {
          method: 'POST',
          agent,
          headers: { ...headers, 'idempotency-key': randomUUID(), 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - due);
            if (res.statusCode < 200 || res.statusCode >= 300) non2xx++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        non2xx++;
        resolve();
      });
      req.end(body);
    });
  const running = (async () => {
    const start = performance.now() + 20;
    for (let i = 0; !stopped; i++) {
      const due = start + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      // Each card once (one meal a day); past the last, the same cards again (refused as eaten, still timed).
      const card = cards.length ? cards.shift() : used[i % used.length];
      used.push(card);
      pending.push(scan(card, due));
    }
    await Promise.all(pending);
    agent.destroy();
    const s = latencies.sort((a, b) => a - b);
    return { n: s.length, p50: percentile(s, 0.5), p99: percentile(s, 0.99), max: s.at(-1), non2xx };
  })();
  return {
    stop: () => {
      stopped = true;
      return running;
    },
  };
}

export async function benchBackup() {
  const { url: dbUrl } = await prepareDatabase();
  const scans = await prepareScans(dbUrl);
  const facts = await withClient(dbUrl, async (c) => {
    const { rows } = await c.query(
      `select (select count(*)::int from visits) as visits, pg_database_size(current_database())::bigint as size`,
    );
    return { visits: rows[0].visits, size: Number(rows[0].size) };
  });
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-bench-backup-'));
  const server = await startBenchServer({
    port: PORT,
    dataDir: '/tmp/unused',
    ready: async (u) => (await fetch(`${u}/api/health`)).ok,
    env: {
      DATABASE_URL: dbUrl,
      JWT_SECRET: BENCH_JWT_SECRET,
      HOST: '127.0.0.1',
      BACKUP_DIR: backupDir,
      BACKUP_TIME: 'off',
    },
  });
  try {
    const scanner = await login(server.url, 'edu.admin@demo.kz');
    const admin = await login(server.url, 'superadmin@demo.kz');
    const call = async (method, p) => {
      const res = await fetch(`${server.url}${p}`, {
        method,
        headers: { authorization: `Bearer ${admin}`, cookie: 'XSRF-TOKEN=b', 'x-xsrf-token': 'b' },
      });
      const body = await res.json();
      if (!res.ok) throw new Error(`${p}: ${res.status} ${JSON.stringify(body)}`);
      return body;
    };

    // Warm: the first scans of a cloned database read it from the disk.
    await steadyScans(server.url, scanner, scans.cards, RATE).stop();
    const warm = steadyScans(server.url, scanner, scans.cards, RATE);
    await new Promise((r) => setTimeout(r, WARMUP_SECONDS * 1000));
    await warm.stop();
    // The queue alone, then the queue while a backup is made.
    const alone = steadyScans(server.url, scanner, scans.cards, RATE);
    await new Promise((r) => setTimeout(r, BASELINE_SECONDS * 1000));
    const quiet = await alone.stop();

    /**
     * A backup made from the screen while the queue scans; `nice`: its PostgreSQL process at nice 10
     * as the embedded server runs its heavy pool's (a PostgreSQL of DATABASE_URL is not ours to renice).
     */
    const backupBeside = async (nice) => {
      // One connection that looks for the backup's process: a new connection every 100 ms (a
      // PostgreSQL process started each time) cost the scans more than the renicing saved.
      const looker = nice ? new pg.Client({ connectionString: adminUrl }) : null;
      await looker?.connect();
      const during = steadyScans(server.url, scanner, scans.cards, RATE);
      const reniced = new Set();
      let looking = false;
      const renicer = looker
        ? setInterval(() => {
            if (looking) return;
            looking = true;
            looker
              .query(`select pid from pg_stat_activity where datname = $1 and query ilike 'copy %to stdout%'`, [DB])
              .then(({ rows }) => {
                for (const { pid } of rows) {
                  if (reniced.has(pid)) continue;
                  os.setPriority(pid, 10);
                  reniced.add(pid);
                }
              })
              .catch(() => {})
              .finally(() => (looking = false));
          }, 100)
        : null;
      const t0 = performance.now();
      await call('POST', '/api/admin/backups');
      let job;
      for (;;) {
        job = (await call('GET', '/api/admin/backups')).job;
        if (job.status !== 'running') break;
        await new Promise((r) => setTimeout(r, 200));
      }
      const seconds = (performance.now() - t0) / 1000;
      if (renicer) clearInterval(renicer);
      await looker?.end();
      const scansDuring = await during.stop();
      if (job.status !== 'done') throw new Error(`the backup failed: ${job.error}`);
      return { seconds, job, scans: scansDuring, reniced: reniced.size };
    };
    const plain = await backupBeside(false);
    const niced = await backupBeside(true);
    const { job, seconds: backupSeconds } = plain;
    const busy = plain.scans;
    const file = path.join(backupDir, job.name);
    const bytes = fs.statSync(file).size;

    // The restore of that file into a new database on the same server.
    // BENCH_BACKUP_RESTORE=0 leaves the restore out (six minutes of the run).
    let restored = null;
    let restoreSeconds = 0;
    if (process.env.BENCH_BACKUP_RESTORE !== '0') {
      const { restoreIntoNewDatabase } = await tsImport(
        '../server/src/modules/backup/restore-file.ts',
        import.meta.url,
      );
      const r0 = performance.now();
      restored = await restoreIntoNewDatabase(file, adminUrl, 'tamaq_bench_restored');
      restoreSeconds = (performance.now() - r0) / 1000;
      await dropDatabase('tamaq_bench_restored');
    }

    const mb = (b) => `${(b / 2 ** 20).toFixed(0)} MB`;
    return [
      {
        name: `backup of ${(facts.visits / 1e6).toFixed(2)} M visits (database ${mb(facts.size)}), made from the screen: time`,
        value: `${backupSeconds.toFixed(1)} s`,
        rss: `file ${mb(bytes)}, ${(bytes / 2 ** 20 / backupSeconds).toFixed(1)} MB/s of file, ${Math.round(job.rows / backupSeconds).toLocaleString('en')} rows/s; written and read back`,
      },
      {
        name: `school scans at ${RATE}/s while the backup runs: p50 / p99 (target p99 ≤ 50 ms)`,
        value: `${ms(busy.p50)} / ${ms(busy.p99)}`,
        rss: `${busy.n} scans, max ${ms(busy.max)}, non-2xx ${busy.non2xx}; with no backup: ${ms(quiet.p50)} / ${ms(quiet.p99)} (${quiet.n} scans) — ${busy.p99 <= 50 ? 'met' : 'NOT met'}`,
      },
      {
        name: `the same with the backup's PostgreSQL process at nice 10 (as the embedded server runs it): p50 / p99`,
        value: `${ms(niced.scans.p50)} / ${ms(niced.scans.p99)}`,
        rss: `${niced.scans.n} scans, max ${ms(niced.scans.max)}, non-2xx ${niced.scans.non2xx}; backup ${niced.seconds.toFixed(1)} s, ${niced.reniced} process reniced — ${niced.scans.p99 <= 50 ? 'met' : 'NOT met'}`,
      },
      restored
        ? {
            name: 'restore of that file into a new database (checked table by table): time',
            value: `${restoreSeconds.toFixed(1)} s`,
            rss: `${restored.summary.rows.toLocaleString('en')} rows, ${Math.round(restored.summary.rows / restoreSeconds).toLocaleString('en')} rows/s`,
          }
        : { name: 'restore of that file (BENCH_BACKUP_RESTORE=0)', value: 'skipped' },
    ];
  } finally {
    await server.stop();
    await dropDatabase(DB);
    fs.rmSync(backupDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchBackup();
  console.log('| measure | value | notes |\n|---|---|---|');
  for (const r of rows) console.log(`| ${r.name} | ${r.value} | ${r.rss ?? ''} |`);
}
