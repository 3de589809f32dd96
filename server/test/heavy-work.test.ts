import { sql } from 'drizzle-orm';
import net from 'node:net';
import pg from 'pg';
import { ERROR_MESSAGES } from '@tamaq/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test-app.ts';
import { createOrganization, createSchool, signedIn } from './factories.ts';
import { createCard, createClassroom, createFoodCategory, createPupil } from './factories-people.ts';

/**
 * Reports, exports and imports ("heavy" routes) run on a pool of their own with a statement timeout,
 * one at a time per user: a school's statistics that takes its time neither stops the queue nor
 * lets one user start ten more beside it.
 */
let t: TestContext;
let school: { id: number; organizationId: number };
let observer: string;
let admin: string;
let cashier: string;
let cards: string[];

beforeAll(async () => {
  t = await createTestContext();
  const org = await createOrganization(t.db, { type: 'education' });
  school = await createSchool(t.db, { organizationId: org.id });
  const classroom = await createClassroom(t.db, { organizationId: org.id, schoolId: school.id });
  const sw = await createFoodCategory(t.db, { organizationId: org.id, type: 'sw', cost: '650.00' });
  observer = (await signedIn(t.platform, { role: 'EducationObserver', organizationId: org.id })).token;
  admin = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org.id })).token;
  cashier = (await signedIn(t.platform, { role: 'EducationCashier', organizationId: org.id })).token;
  cards = [];
  for (let i = 0; i < 2; i++) {
    const pupil = await createPupil(t.db, {
      organizationId: org.id,
      schoolId: school.id,
      classroomId: classroom.id,
      foodCategoryId: sw.id,
    });
    cards.push((await createCard(t.db, { organizationId: org.id, userId: pupil.id })).number);
  }
});
afterAll(() => t.close());

const week = 'dateFrom=2026-11-02&dateTo=2026-11-08';
const statistics = (token: string) => t.call({ method: 'GET', url: `/api/report/school/statistics?${week}`, token });

/** Statements of the app waiting for a lock: the report held up by the test's transaction. */
const waiting = async () =>
  (
    (await t.db.execute(
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: { n: number }[] }
  ).rows[0]!.n;

describe('heavy routes', () => {
  it('take one at a time per user; the queue and other users go on meanwhile', async () => {
    // The statistics read the parents' links, which no scan touches: a lock on them holds the
    // report, as a slow one would run.
    const lock = new pg.Client({ connectionString: t.databaseUrl });
    await lock.connect();
    await lock.query('begin');
    await lock.query('lock table parent_children in access exclusive mode');
    let firstAnswered = false;
    const first = statistics(observer).finally(() => (firstAnswered = true));
    await expect.poll(waiting, { timeout: 10_000 }).toBe(1);

    const second = await statistics(observer);
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({ errorMessage: ERROR_MESSAGES.heavyBusy });
    expect(second.headers['retry-after']).toBeDefined();

    // Another user's report, and a scan at the school, answer while the first report waits.
    const other = await t.call({
      method: 'GET',
      url: `/api/report/school/fixations?canteenId=${school.id}&${week}`,
      token: admin,
    });
    expect(other.statusCode).toBe(200);
    const scan = await t.call({
      method: 'POST',
      url: '/api/school/fixation',
      token: cashier,
      payload: { cardId: cards[0], schoolId: school.id },
    });
    expect(scan.statusCode).toBe(200);
    expect(firstAnswered).toBe(false);

    await lock.query('commit');
    await lock.end();
    expect((await first).statusCode).toBe(200);
    // The slot was given back with the answer.
    expect((await statistics(observer)).statusCode).toBe(200);
  });

  it('give the slot back when the caller leaves before the report has begun (a screen that changed its filters)', async () => {
    // A user not yet known to this instance: finding who calls reads the users, held by a lock, so
    // the caller is gone before the report takes its slot.
    const leaver = (await signedIn(t.platform, { role: 'EducationObserver', organizationId: school.organizationId }))
      .token;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const lock = new pg.Client({ connectionString: t.databaseUrl });
    await lock.connect();
    await lock.query('begin');
    await lock.query('lock table users in access exclusive mode');
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `GET /api/report/school/statistics?${week} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${leaver}\r\n\r\n`,
    );
    await expect.poll(waiting, { timeout: 10_000 }).toBeGreaterThan(0);
    socket.destroy();
    await new Promise((r) => setTimeout(r, 200));
    await lock.query('commit');
    await lock.end();
    // The abandoned report holds nothing: the next one answers rather than a 429.
    await expect.poll(async () => (await statistics(leaver)).statusCode, { timeout: 10_000, interval: 300 }).toBe(200);
    expect((await statistics(leaver)).statusCode).toBe(200);
  });

  it('run on a pool whose statements are cancelled after a minute; the main pool has no such limit', async () => {
    const setting = async (db: typeof t.db) =>
      ((await db.execute(sql`show statement_timeout`)) as unknown as { rows: { statement_timeout: string }[] }).rows[0]!
        .statement_timeout;
    expect(await setting(t.platform.database.heavy)).toBe('1min');
    expect(await setting(t.db)).toBe('0');
  });
});
