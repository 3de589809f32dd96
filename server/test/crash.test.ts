import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '@tamaq/contract/roles';
import { createTokenService } from '../src/platform/auth/tokens.ts';
import { fromPostgresUrl, type Database } from '../src/platform/db/client.ts';
import { startEmbeddedPostgres } from '../src/platform/db/embedded-postgres.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { ensureReferenceData } from '../src/platform/db/reference-data.ts';
import { TEMPLATE_DB, withDatabase } from './test-db.ts';

/**
 * Issue 4: "killing the server with SIGKILL in the middle of a scan load loses no acknowledged visit
 * and records none twice". The real server (`node --import tsx server/src/main.ts`) takes a load of
 * scans, each with its own Idempotency-Key as the browser's queue sends them; it is killed with
 * SIGKILL mid-load and started again; every scan that got no answer is retried with its same key and
 * its scannedAt until it is answered, as the queue does (web/src/lib/scan-queue.ts). Then: every
 * acknowledged visit is in the database as answered, every scan was recorded, and none twice.
 *
 * Half the scans are school meals (one-time: the unique slot index would also stop a double), half
 * are canteen visits of endless cards, where only the key stands between a retry and a second visit.
 *
 * On a server database (DATABASE_URL): a fresh database cloned from the migrated template, Node killed.
 * On the embedded default (a DATA_DIR, as `npm start` runs): Node killed, its postmaster outliving it
 * and stopped by the next start; and the postmaster killed under a running Node, which starts it again
 * while the requests of the moment answer 503 and are retried.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pgUrl = process.env.TEST_DATABASE_URL;
const SECRET = 'crash-secret-crash-secret-crash-secret-0123';
/** Scans per run. */
const SCANS = 400;
const CONCURRENCY = 24;
/** Killed each time this many more scans have been answered: the rest are in flight or not sent yet. */
const KILL_EVERY = 60;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

interface Setup {
  /** The education cashier's token (school scans) and the company cashier's (canteen scans). */
  schoolToken: string;
  canteenToken: string;
  schoolId: number;
  canteenId: number;
  schoolCards: string[];
  canteenCards: string[];
}

/** The organizations, a cashier of each, pupils and employees with a card each, written in SQL. */
async function prepare(database: Database): Promise<Setup> {
  const q = async <T>(text: string): Promise<T[]> =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  const one = async <T>(text: string) => (await q<T>(text))[0]!;
  const edu = await one<{ id: number }>(
    `insert into organizations (name, type) values ('Школы', 'education') returning id`,
  );
  const company = await one<{ id: number }>(
    `insert into organizations (name, type) values ('Завод', 'company') returning id`,
  );
  const school = await one<{ id: number }>(
    `insert into schools (organization_id, name, city, address, region_id)
     values (${edu.id}, 'Школа', 'Алматы', 'ул. Абая, 1', 2) returning id`,
  );
  const classroom = await one<{ id: number }>(
    `insert into classrooms (organization_id, school_id, name) values (${edu.id}, ${school.id}, '1 «А»') returning id`,
  );
  const food = await one<{ id: number }>(
    `insert into food_categories (organization_id, name, cost, type) values (${edu.id}, 'СУСН', 650, 'sw') returning id`,
  );
  const canteen = await one<{ id: number }>(
    `insert into canteens (organization_id, name, address) values (${company.id}, 'Столовая', 'ул. Сатпаева, 30') returning id`,
  );
  // The whole day is one meal time, so the canteen scans find a category whenever the test runs.
  await q(
    `insert into fixation_categories (organization_id, name, time_start, time_finish)
     values (${company.id}, 'Весь день', '00:00', '23:59:59.999999')`,
  );
  const tokens = createTokenService(SECRET);
  const cashier = async (organizationId: number, role: 'EducationCashier' | 'Cashier') => {
    const user = await one<{ id: number; token_version: number }>(
      `insert into users (organization_id, name, email, role_id)
       values (${organizationId}, 'Кассир', 'crash-${randomUUID()}@test.kz', ${ROLE_IDS[role]}) returning id, token_version`,
    );
    return tokens.sign({ sub: String(user.id), role, org: organizationId, school: null, tv: user.token_version });
  };
  const half = SCANS / 2;
  await q(
    `insert into users (organization_id, school_id, classroom_id, food_category_id, name)
     select ${edu.id}, ${school.id}, ${classroom.id}, ${food.id}, 'Ученик ' || g from generate_series(1, ${half}) g`,
  );
  await q(
    `insert into users (organization_id, name) select ${company.id}, 'Сотрудник ' || g from generate_series(1, ${half}) g`,
  );
  await q(
    `insert into cards (organization_id, number, user_id, linked_at, endless_use)
     select organization_id, 'CRASH' || lpad(id::text, 8, '0'), id, now(), organization_id = ${company.id}
     from users where organization_id in (${edu.id}, ${company.id})`,
  );
  const cards = await q<{ number: string; school: boolean }>(
    `select c.number, c.organization_id = ${edu.id} as school from cards c where c.number like 'CRASH%' order by c.id`,
  );
  return {
    schoolToken: await cashier(edu.id, 'EducationCashier'),
    canteenToken: await cashier(company.id, 'Cashier'),
    schoolId: school.id,
    canteenId: canteen.id,
    schoolCards: cards.filter((c) => c.school).map((c) => c.number),
    canteenCards: cards.filter((c) => !c.school).map((c) => c.number),
  };
}

interface Server {
  url: string;
  child: ChildProcess;
  output: () => string;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const wsPort = await freePort();
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      WS_PORT: String(wsPort),
      HOST: '127.0.0.1',
      JWT_SECRET: SECRET,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(os.tmpdir(), 'tamaq-crash-no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${log}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`the server did not start in 60 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child, output: () => log };
}

const kill = async (server: Server, signal: NodeJS.Signals) => {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill(signal);
  await exited;
};

interface Scan {
  key: string;
  token: string;
  url: string;
  body: Record<string, unknown>;
  /** When it was scanned: sent with every retry, as the browser's queue does. */
  scannedAt: string;
  tries: number;
  answer?: { status: number; id?: number; userId?: number };
  /** 500 answers (the queue retries them; the server must give none). */
  errors: number;
  /** 503 answers: the database was restarting (retried by the queue, as a 500 is). */
  unavailable: number;
}

/** One try: the answer, or null when nothing came back (the server is down or died mid-request). */
async function send(server: Server, scan: Scan): Promise<Scan['answer'] | null> {
  try {
    const res = await fetch(`${server.url}${scan.url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${scan.token}`,
        'idempotency-key': scan.key,
      },
      body: JSON.stringify(scan.tries++ === 0 ? scan.body : { ...scan.body, scannedAt: scan.scannedAt }),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await res.json()) as { id?: number; user?: { id: number } };
    // A 5xx is not an answer for the queue: it keeps the scan and tries again.
    if (res.status === 503) {
      scan.unavailable++;
      return null;
    }
    if (res.status >= 500) {
      scan.errors++;
      return null;
    }
    return { status: res.status, id: body.id, userId: body.user?.id };
  } catch {
    return null;
  }
}

/** Sends the scans with a few at a time in flight; `stop` ends it early (the scans not answered stay so). */
async function load(server: Server, scans: Scan[], stop: () => boolean) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (!stop() && next < scans.length) {
        const scan = scans[next++]!;
        if (scan.answer) continue;
        const answer = await send(server, scan);
        if (answer) scan.answer = answer;
      }
    }),
  );
}

/** The cards that have a visit, read while the server is down. */
async function recordedCards(database: Database): Promise<Set<string>> {
  const rows = (
    (await database.db.execute(
      sql.raw(`select c.number from visits v join cards c on c.id = v.card_id`),
    )) as unknown as { rows: { number: string }[] }
  ).rows;
  return new Set(rows.map((r) => r.number));
}

/**
 * How a run kills: `kill` takes the server down hard; `whileDown` reads the cards recorded at that
 * moment; `recover` answers the server to go on with (a new one, or the same).
 */
interface Killer {
  kill(server: Server): Promise<void>;
  whileDown(): Promise<Set<string>>;
  recover(server: Server): Promise<Server>;
}

const killNode = (env: Record<string, string>, whileDown: () => Promise<Set<string>>): Killer => ({
  kill: (server) => kill(server, 'SIGKILL'),
  whileDown,
  recover: () => startServer(env),
});

async function crashAndRecover(
  setup: Setup,
  env: Record<string, string>,
  killer: Killer,
  { minKills = 1, maxKills }: { minKills?: number; maxKills: number },
) {
  const scans: Scan[] = [];
  for (let i = 0; i < SCANS / 2; i++) {
    // Interleaved, so both kinds are in flight when the server dies.
    scans.push({
      key: randomUUID(),
      token: setup.schoolToken,
      url: '/api/school/fixation',
      body: { cardId: setup.schoolCards[i], schoolId: setup.schoolId },
      scannedAt: new Date().toISOString(),
      tries: 0,
      errors: 0,
      unavailable: 0,
    });
    scans.push({
      key: randomUUID(),
      token: setup.canteenToken,
      url: '/api/fixation',
      body: { cardId: setup.canteenCards[i], canteenId: setup.canteenId },
      scannedAt: new Date().toISOString(),
      tries: 0,
      errors: 0,
      unavailable: 0,
    });
  }
  const answered = () => scans.filter((s) => s.answer).length;
  const unanswered = () => scans.filter((s) => !s.answer);

  // Killed mid-load, with requests in flight, until the dead server has left at least one scan
  // committed but unanswered (the case the key is for), at most `maxKills` times.
  const kills: { answered: number; inFlight: number; committedUnanswered: number; onDisk: number }[] = [];
  let server = await startServer(env);
  try {
    while (kills.length < minKills || (kills.length < maxKills && !kills.some((k) => k.committedUnanswered > 0))) {
      let killed = false;
      const target = answered() + KILL_EVERY;
      const running = load(server, scans, () => killed);
      while (answered() < target) await new Promise((r) => setTimeout(r, 1));
      killed = true;
      await killer.kill(server);
      await running;
      const inFlight = unanswered().filter((s) => s.tries > 0);
      const recorded = await killer.whileDown();
      kills.push({
        answered: answered(),
        inFlight: inFlight.length,
        committedUnanswered: inFlight.filter((s) => recorded.has(String(s.body.cardId))).length,
        onDisk: recorded.size,
      });
      server = await killer.recover(server);
    }
    // The queue: every scan not answered yet, retried with its key and scannedAt until answered.
    for (let round = 0; unanswered().length; round++) {
      if (round > 20) throw new Error(`scans still unanswered: ${unanswered().length}\n${server.output()}`);
      await load(server, scans, () => false);
    }
  } finally {
    // A 500 is a defect: what the server logged about it is the first thing to read.
    if (scans.some((s) => s.errors > 0)) {
      console.log(
        server
          .output()
          .split('\n')
          .filter((line) => line.includes('"level":50'))
          .slice(0, 5)
          .join('\n'),
      );
    }
    await kill(server, 'SIGTERM');
  }
  console.log(
    `crash test: ${kills
      .map(
        (k) =>
          `SIGKILL with ${k.answered} of ${scans.length} scans answered, ${k.inFlight} in flight ` +
          `(${k.committedUnanswered} of them committed, unanswered; ${k.onDisk} visits on disk)`,
      )
      .join('; ')}; ${scans.filter((s) => s.tries > 1).length} scans retried, ` +
      `${scans.reduce((n, s) => n + s.unavailable, 0)} answers 503`,
  );
  return { scans, kills };
}

async function check(database: Database, scans: Scan[]) {
  const rows = (
    (await database.db.execute(
      sql.raw(`select v.id::text as id, v.user_id, c.number from visits v join cards c on c.id = v.card_id`),
    )) as unknown as { rows: { id: string; user_id: number; number: string }[] }
  ).rows;
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const byCard = new Map<string, number>();
  for (const r of rows) byCard.set(r.number, (byCard.get(r.number) ?? 0) + 1);
  // No server error on the way, and every scan was recorded: a retry of a scan the dead server had
  // already committed got its answer.
  expect(scans.filter((s) => s.errors > 0).map((s) => s.key)).toEqual([]);
  expect(scans.map((s) => s.answer?.status)).toEqual(scans.map(() => 200));
  // Every acknowledged visit is there, as answered (the card's holder).
  for (const s of scans) {
    const row = byId.get(s.answer!.id!);
    expect(row, `visit ${s.answer!.id} answered to ${s.key}`).toBeDefined();
    expect(row!.number).toBe(s.body.cardId);
    expect(row!.user_id).toBe(s.answer!.userId);
  }
  // None twice: one visit per scan, one per card (the canteen cards are endless: only the key held them).
  expect(rows.length).toBe(scans.length);
  expect([...byCard.values()].filter((n) => n > 1)).toEqual([]);
  expect(new Set(scans.map((s) => s.answer!.id)).size).toBe(scans.length);
}

describe.skipIf(!pgUrl)('SIGKILL in the middle of a scan load, on PostgreSQL', () => {
  const name = `tamaq_crash_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  afterAll(() => admin(`drop database if exists ${name} with (force)`));

  it('loses no acknowledged visit and records none twice', { timeout: 120_000 }, async () => {
    await admin(`create database ${name} template ${TEMPLATE_DB}`);
    const url = withDatabase(pgUrl!, name);
    const database = fromPostgresUrl(url, 2);
    try {
      const setup = await prepare(database);
      const env = { DATABASE_URL: url };
      const { scans, kills } = await crashAndRecover(
        setup,
        env,
        killNode(env, () => recordedCards(database)),
        {
          maxKills: 5,
        },
      );
      // Killed mid-load: scans answered before, scans in flight, and (PostgreSQL finishes the statements it
      // got from the dead server) at least one committed whose answer never left: its retry was the test.
      expect(kills[0]!.answered).toBeLessThan(scans.length);
      expect(kills.some((k) => k.committedUnanswered > 0)).toBe(true);
      await check(database, scans);
    } finally {
      await database.close();
    }
  });
});

describe.runIf(process.env.TEST_EMBEDDED)('SIGKILL in the middle of a scan load, on the embedded PostgreSQL', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A DATA_DIR as `npm start` makes it, migrated, with the test's people; its server stopped. */
  async function dataDirWithPeople() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-crash-'));
    dirs.push(dataDir);
    const server = await startEmbeddedPostgres(dataDir);
    const database = fromPostgresUrl(server.url, 2);
    try {
      await migrate(database);
      await ensureReferenceData(database.db);
      return { dataDir, url: server.url, setup: await prepare(database) };
    } finally {
      await database.close();
      await server.stop();
    }
  }

  /** The cards recorded, read through the server's own socket and password. */
  const recordedAt = async (url: string) => {
    const database = fromPostgresUrl(url, 1);
    try {
      return await recordedCards(database);
    } finally {
      await database.close();
    }
  };

  /** The files as the killed processes left them, read by a postmaster of the test's own. */
  async function checkDataDir(dataDir: string, scans: Scan[]) {
    const server = await startEmbeddedPostgres(dataDir);
    const database = fromPostgresUrl(server.url, 1);
    try {
      await check(database, scans);
    } finally {
      await database.close();
      await server.stop();
    }
  }

  it('Node killed: its postmaster outlives it, the next start stops it', { timeout: 180_000 }, async () => {
    const { dataDir, url, setup } = await dataDirWithPeople();
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    // The postmaster that outlived Node still answers: what it has committed is read from it.
    const { scans, kills } = await crashAndRecover(
      setup,
      env,
      killNode(env, () => recordedAt(url)),
      {
        minKills: 3,
        maxKills: 6,
      },
    );
    expect(kills[0]!.answered).toBeLessThan(scans.length);
    expect(kills.every((k) => k.onDisk >= k.answered)).toBe(true);
    expect(kills.some((k) => k.committedUnanswered > 0)).toBe(true);
    await checkDataDir(dataDir, scans);
  });

  it(
    'the postmaster killed: Node starts it again, the scans of the moment answer 503 and are retried',
    { timeout: 180_000 },
    async () => {
      const { dataDir, url, setup } = await dataDirWithPeople();
      const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
      const postmaster = () =>
        Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
      let killed = 0;
      const killer: Killer = {
        async kill() {
          killed = postmaster();
          process.kill(killed, 'SIGKILL');
        },
        // Read once the server has started it again: nothing answered may be missing.
        async whileDown() {
          for (const deadline = Date.now() + 60_000; ;) {
            try {
              return await recordedAt(url);
            } catch (err) {
              if (Date.now() > deadline) throw err;
              await new Promise((r) => setTimeout(r, 100));
            }
          }
        },
        recover: async (server) => {
          expect(postmaster()).not.toBe(killed);
          return server;
        },
      };
      const { scans, kills } = await crashAndRecover(setup, env, killer, { minKills: 3, maxKills: 3 });
      expect(kills.every((k) => k.onDisk >= k.answered)).toBe(true);
      await checkDataDir(dataDir, scans);
    },
  );
});
