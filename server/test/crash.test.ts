import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOAN_MESSAGES } from '@tamaq/contract/library';
import { ROLE_IDS } from '@tamaq/contract/roles';
import { createTokenService } from '../src/platform/auth/tokens.ts';
import { fromPostgresUrl, type Database } from '../src/platform/db/client.ts';
import { startEmbeddedPostgres } from '../src/platform/db/embedded-postgres.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { ensureReferenceData } from '../src/platform/db/reference-data.ts';
import { TEMPLATE_DB, withDatabase } from './test-db.ts';

/**
 * Killing the server with SIGKILL in the middle of a load loses no acknowledged write and records
 * none twice. The real server takes a mixed load as the screens send it: school scans and canteen
 * scans (each with its own Idempotency-Key, as the browser's scan queue sends them), cashbox orders
 * (with the key the cashbox keeps for its retries) and library issues (no key: a retry of an issue the
 * dead server had committed answers «Книга уже выдана», which is true). It is killed mid-load and
 * started again; every call that got no answer is retried until it is answered, as the screens do.
 * Then: every acknowledged visit, order and loan is in the database as answered, every call was
 * written, and none twice.
 *
 * Half the scans are school meals (one-time: the unique slot index would also stop a double), half
 * are canteen visits of endless cards, where only the key stands between a retry and a second visit;
 * an order too has only its key.
 *
 * On a server database (DATABASE_URL): a fresh database cloned from the migrated template, Node killed.
 * On the embedded default (a DATA_DIR, as `npm start` runs the bundle): Node killed 20 times, its
 * postmaster outliving it and stopped by the next start; and the postmaster killed 20 times under a
 * running Node, which starts it again while the requests of the moment answer 503 and are retried.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pgUrl = process.env.TEST_DATABASE_URL;
const SECRET = 'crash-secret-crash-secret-crash-secret-0123';
/** Calls of each kind per run (school scans, canteen scans, orders, library issues). */
const PER_KIND = 175;
const CONCURRENCY = 24;
/**
 * A long test's time limit is a hang detector, not a speed target: in CI these tests run at the
 * lowest priority beside the browser tests, and on a loaded machine one took over 5 minutes.
 */
const STARVED_MS = 900_000;
/** The embedded runs: killed this many times, each time this many more calls have been answered. */
const CYCLES = 20;
const CYCLE_EVERY = 25;

/**
 * `count` distinct free ports on loopback: each is held until all are found, for a port let go is
 * the next one the system hands out (the server and websocket ports came out equal once).
 */
async function freePorts(count: number): Promise<number[]> {
  const held = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const srv = net.createServer();
          srv.on('error', reject);
          srv.listen(0, '127.0.0.1', () => resolve(srv));
        }),
    ),
  );
  const ports = held.map((srv) => (srv.address() as net.AddressInfo).port);
  await Promise.all(held.map((srv) => new Promise((resolve) => srv.close(resolve))));
  return ports;
}

interface Setup {
  /** The education cashier's token (school scans and orders), the company cashier's (canteen scans). */
  schoolToken: string;
  canteenToken: string;
  librarianToken: string;
  schoolId: number;
  canteenId: number;
  dishId: number;
  schoolCards: string[];
  canteenCards: string[];
  /** Library issues: the i-th pupil takes the i-th copy. */
  pupils: number[];
  copies: number[];
}

/** The organizations, a cashier of each, pupils and employees with a card each, a dish and books, in SQL. */
async function prepare(database: Database): Promise<Setup> {
  const q = async <T>(text: string): Promise<T[]> =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  const one = async <T>(text: string) => (await q<T>(text))[0]!;
  const edu = await one<{ id: number }>(
    `insert into organizations (name, type, modules) values ('Школы', 'education', '{library}') returning id`,
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
  const dishCategory = await one<{ id: number }>(
    `insert into dish_categories (organization_id, name) values (${edu.id}, 'Выпечка') returning id`,
  );
  const dish = await one<{ id: number }>(
    `insert into dishes (organization_id, category_id, name, cost, output)
     values (${edu.id}, ${dishCategory.id}, 'Самса', 250.50, '100 г') returning id`,
  );
  // The whole day is one meal time, so the canteen scans find a category whenever the test runs.
  await q(
    `insert into fixation_categories (organization_id, name, time_start, time_finish)
     values (${company.id}, 'Весь день', '00:00', '23:59:59.999999')`,
  );
  const tokens = createTokenService(SECRET);
  const staff = async (
    organizationId: number,
    role: 'EducationCashier' | 'Cashier' | 'EducationLibrarian',
    schoolId: number | null = null,
  ) => {
    const user = await one<{ id: number; token_version: number }>(
      `insert into users (organization_id, school_id, name, email, role_id)
       values (${organizationId}, ${schoolId ?? 'null'}, 'Сотрудник школы', 'crash-${randomUUID()}@test.kz',
               ${ROLE_IDS[role]}) returning id, token_version`,
    );
    const session = await one<{ id: string }>(
      `insert into sessions (user_id, expires_at) values (${user.id}, now() + interval '16 hours') returning id`,
    );
    return tokens.sign({
      sub: String(user.id),
      role,
      org: organizationId,
      school: schoolId,
      tv: user.token_version,
      sid: session.id,
      sg: 1,
    });
  };
  await q(
    `insert into users (organization_id, school_id, classroom_id, food_category_id, name)
     select ${edu.id}, ${school.id}, ${classroom.id}, ${food.id}, 'Ученик ' || g from generate_series(1, ${PER_KIND}) g`,
  );
  await q(
    `insert into users (organization_id, name) select ${company.id}, 'Сотрудник ' || g from generate_series(1, ${PER_KIND}) g`,
  );
  await q(
    `insert into cards (organization_id, number, user_id, linked_at, endless_use)
     select organization_id, 'CRASH' || lpad(id::text, 8, '0'), id, now(), organization_id = ${company.id}
     from users where organization_id in (${edu.id}, ${company.id}) and role_id is null`,
  );
  const cards = await q<{ number: string; school: boolean }>(
    `select c.number, c.organization_id = ${edu.id} as school from cards c where c.number like 'CRASH%' order by c.id`,
  );
  const book = await one<{ id: number }>(
    `insert into books (organization_id, school_id, name, authors, publisher, year)
     values (${edu.id}, ${school.id}, 'Букварь', 'Автор', 'Мектеп', 2020) returning id`,
  );
  const copies = await q<{ id: number }>(
    `insert into book_barcodes (organization_id, school_id, book_id, barcode)
     select ${edu.id}, ${school.id}, ${book.id}, 'CRASH-' || g from generate_series(1, ${PER_KIND}) g returning id`,
  );
  const pupils = await q<{ id: number }>(`select id from users where classroom_id = ${classroom.id} order by id`);
  return {
    schoolToken: await staff(edu.id, 'EducationCashier'),
    canteenToken: await staff(company.id, 'Cashier'),
    librarianToken: await staff(edu.id, 'EducationLibrarian', school.id),
    schoolId: school.id,
    canteenId: canteen.id,
    dishId: dish.id,
    schoolCards: cards.filter((c) => c.school).map((c) => c.number),
    canteenCards: cards.filter((c) => !c.school).map((c) => c.number),
    pupils: pupils.map((p) => p.id),
    copies: copies.map((c) => c.id).sort((a, b) => a - b),
  };
}

interface Server {
  url: string;
  child: ChildProcess;
  output: () => string;
}

/** What runs the server: its sources through tsx, or the bundle `npm start` runs (a faster start). */
let serverEntry = ['--import', 'tsx', path.join(root, 'server/src/main.ts')];

async function startServer(env: Record<string, string>): Promise<Server> {
  const [port, wsPort] = (await freePorts(2)) as [number, number];
  let log = '';
  const child = spawn(process.execPath, serverEntry, {
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
  // A hang detector, like STARVED_MS: in CI the server starts at the lowest priority beside the
  // browser tests, and once printed its address and still had not answered after 60 s.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${log}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`the server did not start in 5 minutes:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child, output: () => log };
}

const kill = async (server: Server, signal: NodeJS.Signals) => {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill(signal);
  // A server that does not stop on SIGTERM within 20 s is a defect of its own: said, then killed.
  const slow = setTimeout(() => {
    console.log(`the server did not stop on ${signal} in 20 s:\n${server.output().slice(-2000)}`);
    server.child.kill('SIGKILL');
  }, 20_000);
  await exited;
  clearTimeout(slow);
};

type Kind = 'school scan' | 'canteen scan' | 'order' | 'issue';

interface Call {
  kind: Kind;
  /** The Idempotency-Key, kept for every retry; a library issue has none. */
  key: string | null;
  token: string;
  url: string;
  body: Record<string, unknown>;
  /** What marks it written in the database (a card, an order's key, a copy on loan). */
  mark: string;
  /** When it was scanned: sent with every retry, as the browser's queue does. */
  scannedAt: string;
  tries: number;
  answer?: { status: number; id?: number; userId?: number };
  /** 500 answers (the screens retry them; the server must give none). */
  errors: number;
  /** 503 answers: the database was restarting (retried, as a 500 is). */
  unavailable: number;
}

const ALREADY_ISSUED = LOAN_MESSAGES.alreadyIssued;

/** One try: the answer, or null when nothing came back (the server is down or died mid-request). */
async function send(server: Server, call: Call): Promise<Call['answer'] | null> {
  const scan = call.kind.endsWith('scan');
  try {
    const res = await fetch(`${server.url}${call.url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${call.token}`,
        ...(call.key ? { 'idempotency-key': call.key } : {}),
      },
      body: JSON.stringify(scan && call.tries > 0 ? { ...call.body, scannedAt: call.scannedAt } : call.body),
      signal: AbortSignal.timeout(15_000),
    });
    call.tries++;
    const body = (await res.json()) as { id?: number; user?: { id: number }; errorMessage?: string };
    // A 5xx is not an answer: the screen keeps the call and tries again.
    if (res.status === 503) {
      call.unavailable++;
      return null;
    }
    if (res.status >= 500) {
      call.errors++;
      return null;
    }
    // An issue the dead server had committed: its retry is told so.
    if (call.kind === 'issue' && res.status === 409 && body.errorMessage?.includes(ALREADY_ISSUED)) {
      return { status: 409 };
    }
    return { status: res.status, id: body.id, userId: body.user?.id };
  } catch {
    call.tries++;
    return null;
  }
}

/** Sends the calls with a few at a time in flight; `stop` ends it early (the calls not answered stay so). */
async function load(server: Server, calls: Call[], stop: () => boolean) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (!stop() && next < calls.length) {
        const call = calls[next++]!;
        if (call.answer) continue;
        const answer = await send(server, call);
        if (answer) call.answer = answer;
      }
    }),
  );
}

const rowsOf = async <T>(database: Database, text: string): Promise<T[]> =>
  ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;

/** The marks of what is written: the cards with a visit, the orders' keys, the copies on loan. */
async function recorded(database: Database): Promise<Set<string>> {
  const rows = await rowsOf<{ mark: string }>(
    database,
    `select 'card:' || c.number as mark from visits v join cards c on c.id = v.card_id
     union all select 'order:' || request_key from orders where request_key is not null
     union all select 'copy:' || barcode_id from book_loans where returned_at is null`,
  );
  return new Set(rows.map((r) => r.mark));
}

/**
 * How a run kills: `kill` takes the server down hard; `whileDown` reads what is written at that
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

/** The four kinds interleaved, so every kind is in flight when the server dies. */
function callsOf(setup: Setup): Call[] {
  const calls: Call[] = [];
  const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const base = { tries: 0, errors: 0, unavailable: 0, scannedAt: new Date().toISOString() };
  for (let i = 0; i < PER_KIND; i++) {
    const schoolCard = setup.schoolCards[i]!;
    const canteenCard = setup.canteenCards[i]!;
    const orderKey = randomUUID();
    calls.push(
      {
        ...base,
        kind: 'school scan',
        key: randomUUID(),
        token: setup.schoolToken,
        url: '/api/school/fixation',
        body: { cardId: schoolCard, schoolId: setup.schoolId },
        mark: `card:${schoolCard}`,
      },
      {
        ...base,
        kind: 'canteen scan',
        key: randomUUID(),
        token: setup.canteenToken,
        url: '/api/fixation',
        body: { cardId: canteenCard, canteenId: setup.canteenId },
        mark: `card:${canteenCard}`,
      },
      {
        ...base,
        kind: 'order',
        key: orderKey,
        token: setup.schoolToken,
        url: '/api/order',
        body: { school_id: setup.schoolId, products: [{ id: setup.dishId, count: 1 + (i % 3), cost: '250.50' }] },
        mark: `order:${orderKey}`,
      },
      {
        ...base,
        kind: 'issue',
        key: null,
        token: setup.librarianToken,
        url: '/api/book/issuance',
        body: { user_id: setup.pupils[i], book_ids: [setup.copies[i]], expired_at: due },
        mark: `copy:${setup.copies[i]}`,
      },
    );
  }
  return calls;
}

async function crashAndRecover(
  setup: Setup,
  env: Record<string, string>,
  killer: Killer,
  { minKills = 1, maxKills, every }: { minKills?: number; maxKills: number; every: number },
) {
  const calls = callsOf(setup);
  const answered = () => calls.filter((c) => c.answer).length;
  const unanswered = () => calls.filter((c) => !c.answer);

  // Killed mid-load, with requests in flight, until the dead server has left at least one call
  // committed but unanswered (the case the key is for), at most `maxKills` times.
  const kills: { answered: number; inFlight: number; committedUnanswered: number; onDisk: number }[] = [];
  let server = await startServer(env);
  try {
    while (kills.length < minKills || (kills.length < maxKills && !kills.some((k) => k.committedUnanswered > 0))) {
      let killed = false;
      const target = Math.min(calls.length - CONCURRENCY, answered() + every);
      // Round after round: a call answered 503 (the database restarting) is sent again in the next.
      const running = (async () => {
        while (!killed && unanswered().length > 0) await load(server, calls, () => killed);
      })();
      for (const deadline = Date.now() + 60_000; answered() < target;) {
        if (Date.now() > deadline) throw new Error(`${answered()} of ${calls.length} calls answered after a minute`);
        await new Promise((r) => setTimeout(r, 1));
      }
      killed = true;
      const inFlight = unanswered().filter((c) => c.tries > 0 || calls.indexOf(c) < answered() + CONCURRENCY);
      await killer.kill(server);
      await running;
      const written = await killer.whileDown();
      const sent = unanswered().filter((c) => c.tries > 0);
      kills.push({
        answered: answered(),
        inFlight: sent.length,
        committedUnanswered: sent.filter((c) => written.has(c.mark)).length,
        onDisk: calls.filter((c) => written.has(c.mark)).length,
      });
      void inFlight;
      server = await killer.recover(server);
    }
    // The screens: every call not answered yet, retried until answered.
    for (let round = 0; unanswered().length; round++) {
      if (round > 20) throw new Error(`calls still unanswered: ${unanswered().length}\n${server.output()}`);
      await load(server, calls, () => false);
    }
  } catch (err) {
    console.log(`${new Date().toISOString()} ${String(err)}\nthe server's output:\n${server.output().slice(-4000)}`);
    if (env.DATA_DIR) {
      const log = path.join(env.DATA_DIR, 'postgres.log');
      if (fs.existsSync(log)) console.log(`postgres.log:\n${fs.readFileSync(log, 'utf8').slice(-4000)}`);
    }
    throw err;
  } finally {
    // A 500 is a defect: what the server logged about it is the first thing to read.
    if (calls.some((c) => c.errors > 0)) {
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
  const committed = kills.reduce((n, k) => n + k.committedUnanswered, 0);
  console.log(
    `crash test: ${kills.length} SIGKILLs with ${kills.map((k) => k.answered).join(', ')} of ${calls.length} calls ` +
      `answered; ${kills.reduce((n, k) => n + k.inFlight, 0)} calls in flight at a kill, ${committed} of them ` +
      `committed and unanswered; ${calls.filter((c) => c.tries > 1).length} calls retried, ` +
      `${calls.reduce((n, c) => n + c.unavailable, 0)} answers 503`,
  );
  return { calls, kills };
}

async function check(database: Database, calls: Call[]) {
  // No server error on the way, and every call was answered as written: a retry of one the dead
  // server had already committed got its answer (an issue: «already issued», only on a retry).
  expect(calls.filter((c) => c.errors > 0).map((c) => `${c.kind} ${c.key ?? c.mark}`)).toEqual([]);
  expect(calls.map((c) => c.answer?.status === 200 || (c.answer?.status === 409 && c.tries > 1))).toEqual(
    calls.map(() => true),
  );
  const of = (kind: Kind) => calls.filter((c) => c.kind === kind);

  const visits = await rowsOf<{ id: string; user_id: number; number: string }>(
    database,
    `select v.id::text as id, v.user_id, c.number from visits v join cards c on c.id = v.card_id`,
  );
  const visitById = new Map(visits.map((r) => [Number(r.id), r]));
  const scans = [...of('school scan'), ...of('canteen scan')];
  // Every acknowledged visit is there, as answered (the card's holder).
  for (const s of scans) {
    const row = visitById.get(s.answer!.id!);
    expect(row, `visit ${s.answer!.id} answered to ${s.key}`).toBeDefined();
    expect(row!.number).toBe(s.body.cardId);
    expect(row!.user_id).toBe(s.answer!.userId);
  }
  // None twice: one visit per scan, one per card (the canteen cards are endless: only the key held them).
  const perCard = new Map<string, number>();
  for (const r of visits) perCard.set(r.number, (perCard.get(r.number) ?? 0) + 1);
  expect(visits.length).toBe(scans.length);
  expect([...perCard.values()].filter((n) => n > 1)).toEqual([]);
  expect(new Set(scans.map((s) => s.answer!.id)).size).toBe(scans.length);

  // Orders: each acknowledged one there with its key and its sum, one per key.
  const orders = await rowsOf<{ id: number; request_key: string; amount: string }>(
    database,
    `select id, request_key, amount::text from orders`,
  );
  const orderById = new Map(orders.map((o) => [o.id, o]));
  for (const o of of('order')) {
    const row = orderById.get(o.answer!.id!);
    expect(row, `order ${o.answer!.id} answered to ${o.key}`).toBeDefined();
    expect(row!.request_key).toBe(o.key);
    const count = (o.body.products as { count: number }[])[0]!.count;
    expect(row!.amount).toBe((250.5 * count).toFixed(2));
  }
  expect(orders.length).toBe(of('order').length);
  expect(new Set(orders.map((o) => o.request_key)).size).toBe(orders.length);

  // Loans: every copy on loan once, to the pupil it was issued to; nothing else on loan.
  const loans = await rowsOf<{ barcode_id: number; user_id: number }>(
    database,
    `select barcode_id, user_id from book_loans`,
  );
  expect(loans.length).toBe(of('issue').length);
  const loanOf = new Map(loans.map((l) => [l.barcode_id, l.user_id]));
  for (const i of of('issue')) expect(loanOf.get((i.body.book_ids as number[])[0]!)).toBe(i.body.user_id);
}

describe.skipIf(!pgUrl)('SIGKILL in the middle of a load, on PostgreSQL', () => {
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

  it('loses no acknowledged visit, order or loan and records none twice', { timeout: STARVED_MS }, async () => {
    await admin(`create database ${name} template ${TEMPLATE_DB}`);
    const url = withDatabase(pgUrl!, name);
    const database = fromPostgresUrl(url, 2);
    try {
      const setup = await prepare(database);
      const env = { DATABASE_URL: url };
      const { calls, kills } = await crashAndRecover(
        setup,
        env,
        killNode(env, () => recorded(database)),
        { maxKills: 5, every: 60 },
      );
      // Killed mid-load: calls answered before, calls in flight, and (PostgreSQL finishes the statements it
      // got from the dead server) at least one committed whose answer never left: its retry was the test.
      expect(kills[0]!.answered).toBeLessThan(calls.length);
      expect(kills.some((k) => k.committedUnanswered > 0)).toBe(true);
      await check(database, calls);
    } finally {
      await database.close();
    }
  });
});

describe.runIf(process.env.TEST_EMBEDDED)(
  `${CYCLES} SIGKILLs in the middle of a load, on the embedded PostgreSQL`,
  () => {
    const dirs: string[] = [];
    const bundleDir = path.join(root, 'server', 'dist', `crash-${process.pid}`);
    beforeAll(async () => {
      // The bundle `npm start` runs: it starts in a fraction of tsx's time, and 20 starts add up.
      const { buildServer, SERVER_NODE_OPTIONS } = (await import(path.join(root, 'scripts', 'build-server.mjs'))) as {
        buildServer: (outfile: string) => Promise<void>;
        SERVER_NODE_OPTIONS: string[];
      };
      await buildServer(path.join(bundleDir, 'main.mjs'));
      serverEntry = [...SERVER_NODE_OPTIONS, path.join(bundleDir, 'main.mjs')];
    }, 60_000);
    afterAll(() => {
      for (const dir of [...dirs, bundleDir]) fs.rmSync(dir, { recursive: true, force: true });
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

    /** What is written, read through the server's own socket and password. */
    const recordedAt = async (url: string) => {
      const database = fromPostgresUrl(url, 1);
      try {
        return await recorded(database);
      } finally {
        await database.close();
      }
    };

    /** The files as the killed processes left them, read by a postmaster of the test's own. */
    async function checkDataDir(dataDir: string, calls: Call[]) {
      const server = await startEmbeddedPostgres(dataDir);
      const database = fromPostgresUrl(server.url, 1);
      try {
        await check(database, calls);
      } finally {
        await database.close();
        await server.stop();
      }
    }

    it('Node killed: its postmaster outlives it, the next start stops it', { timeout: STARVED_MS }, async () => {
      const { dataDir, url, setup } = await dataDirWithPeople();
      const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
      // The postmaster that outlived Node still answers: what it has committed is read from it.
      const { calls, kills } = await crashAndRecover(
        setup,
        env,
        killNode(env, () => recordedAt(url)),
        {
          minKills: CYCLES,
          maxKills: CYCLES,
          every: CYCLE_EVERY,
        },
      );
      expect(kills).toHaveLength(CYCLES);
      expect(kills[0]!.answered).toBeLessThan(calls.length);
      expect(kills.every((k) => k.onDisk >= k.answered)).toBe(true);
      expect(kills.some((k) => k.committedUnanswered > 0)).toBe(true);
      await checkDataDir(dataDir, calls);
    });

    it(
      'the postmaster killed: Node starts it again, the calls of the moment answer 503 and are retried',
      { timeout: STARVED_MS },
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
          // Read once the server has started it again: nothing answered may be missing. The wait is
          // a hang detector, as for a start: in CI at the lowest priority beside the browser tests
          // the postmaster's restart and crash recovery once took over 60 s.
          async whileDown() {
            for (const deadline = Date.now() + 300_000; ;) {
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
        const { calls, kills } = await crashAndRecover(setup, env, killer, {
          minKills: CYCLES,
          maxKills: CYCLES,
          every: CYCLE_EVERY,
        });
        expect(kills).toHaveLength(CYCLES);
        expect(kills.every((k) => k.onDisk >= k.answered)).toBe(true);
        await checkDataDir(dataDir, calls);
      },
    );
  },
);
