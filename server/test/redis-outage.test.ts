import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visits } from '../src/platform/db/schema-people.ts';
import { watchRedis } from '../src/platform/redis.ts';
import { createInstanceBeside, createTestContext, type TestContext } from './test-app.ts';
import { createOrganization, createUser, signedIn } from './factories.ts';
import { createCanteen, createCard, createFixationCategory, schoolWithPupil } from './factories-people.ts';
import { hasRedisServer, startTestRedis } from './test-redis.ts';

/**
 * Redis goes away at lunch (docs/rules.md "Without Redis"): two instances of one deployment on a Redis
 * of the test's own, which the test stops and starts again. Scans and sign-in do not wait for it, the
 * repeat window still holds across the instances (in the database), the log says the loss and the
 * return once each, and the live lists read again what they missed once it is back.
 */
describe.skipIf(!hasRedisServer)('while Redis is away', () => {
  let redis: Awaited<ReturnType<typeof startTestRedis>>;
  let a: TestContext;
  let b: Awaited<ReturnType<typeof createInstanceBeside>>;

  beforeAll(async () => {
    redis = await startTestRedis();
    a = await createTestContext({}, { redis: redis.client() });
    b = await createInstanceBeside(a, { redis: redis.client() });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redis?.close();
  });

  /** Stops Redis and waits until the reconnects have failed a while (their waits grow). */
  const outage = async () => {
    await redis.stop();
    await new Promise((r) => setTimeout(r, 2500));
  };

  async function canteenWithEndlessCard() {
    const company = await createOrganization(a.db, { type: 'company' });
    const canteen = await createCanteen(a.db, { organizationId: company.id });
    await createFixationCategory(a.db, {
      organizationId: company.id,
      name: 'Обед',
      timeStart: '00:00',
      timeFinish: '23:59',
    });
    const user = await createUser(a.db, {
      role: undefined as never,
      roleId: null,
      organizationId: company.id,
      jobTitle: 'Инженер',
    });
    const card = await createCard(a.db, { organizationId: company.id, userId: user.id, endlessUse: true });
    const cashier = await signedIn(a.platform, { role: 'Cashier', organizationId: company.id });
    const scan = (on: { call: TestContext['call'] }) =>
      on.call({
        method: 'POST',
        url: '/api/fixation',
        token: cashier.token,
        headers: { 'idempotency-key': randomUUID() },
        payload: { cardId: card.number, canteenId: canteen.id },
      });
    const visitsOf = async () =>
      (
        await a.db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(visits)
          .where(eq(visits.userId, user.id))
      )[0]!.n;
    return { scan, visitsOf, cashier };
  }

  it('scans and sign-in answer while Redis hangs, and one card within 3 s is one meal on two instances', async () => {
    const c = await canteenWithEndlessCard();
    a.clock.now = new Date();
    expect((await c.scan(a)).statusCode).toBe(200);
    // Redis's place is taken by a server that never answers: a call that waited for Redis would
    // never be answered (the connection never becomes ready), so each of these answering at all is
    // the point; the bound only keeps a failure from running into the test's time limit.
    await redis.hang();
    await new Promise((r) => setTimeout(r, 300));
    const answered = <T>(work: Promise<T>) =>
      Promise.race([work, new Promise<'no answer'>((r) => setTimeout(() => r('no answer'), 10_000))]);
    try {
      a.clock.advance(10_000);
      const first = await answered(c.scan(a));
      expect(first === 'no answer' ? first : first.statusCode).toBe(200);
      // The same card a second later on the other instance: a double scan, as with Redis.
      a.clock.advance(1000);
      const double = await answered(c.scan(b));
      expect(double === 'no answer' ? double : double.statusCode).toBe(429);
      // And its next meal after the window, on either instance.
      a.clock.advance(3000);
      expect((await c.scan(b)).statusCode).toBe(200);
      a.clock.advance(1000);
      expect((await c.scan(a)).statusCode).toBe(429);
      expect(await c.visitsOf()).toBe(3);

      const login = await answered(
        a.call({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'nobody@test.kz', password: 'wrong-1234' },
        }),
      );
      expect(login === 'no answer' ? login : login.statusCode).toBe(401);
    } finally {
      await redis.start();
    }
  });

  it('a list open on one instance is told to read again once Redis is back, having missed a scan on the other', async () => {
    const { school, card, cashier, admin } = await schoolWithPupil(a.platform);

    // The school's screen, connected to instance B.
    const res = await b.call({
      method: 'POST',
      url: '/api/school/fixation/subscribe',
      token: admin,
      payload: { schoolId: school.id },
    });
    expect(res.statusCode).toBe(200);
    const { channel, ticket, path } = res.json<{ channel: string; ticket: string; path: string }>();
    const socket = new WebSocket(
      `ws://127.0.0.1:${b.wsPort}${path}?channel=${encodeURIComponent(channel)}&ticket=${encodeURIComponent(ticket)}`,
    );
    const heard: string[] = [];
    await new Promise<void>((resolve, reject) => {
      socket.on('message', (d) => {
        const { type } = JSON.parse(String(d)) as { type: string };
        if (type === 'subscribed') resolve();
        else heard.push(type);
      });
      socket.on('close', (code) => reject(new Error(`closed ${code}`)));
    });
    try {
      await outage();
      // What came before the outage is not the point: the previous test's Redis came back moments
      // ago, and its resync may reach this socket late (a reconnect waits up to a second).
      heard.length = 0;
      a.clock.now = new Date();
      const scan = await a.call({
        method: 'POST',
        url: '/api/school/fixation',
        token: cashier,
        headers: { 'idempotency-key': randomUUID() },
        payload: { cardId: card.number, schoolId: school.id },
      });
      expect(scan.statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      // The scan's message had no way to instance B.
      expect(heard).toEqual([]);
      await redis.start();
      for (const end = Date.now() + 10_000; !heard.includes('resync') && Date.now() < end;) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(heard).toContain('resync');
      // What the screen then reads has the scan.
      const list = await b.call({
        method: 'GET',
        url: `/api/school/fixations?schoolId=${school.id}`,
        token: admin,
      });
      expect(list.json<{ rows: { id: number }[] }>().rows.map((f) => f.id)).toContain(scan.json<{ id: number }>().id);
    } finally {
      socket.close();
      await redis.start().catch(() => {});
    }
  });

  it('says in the log once when Redis is lost and once when it is back, however many reconnects fail', async () => {
    const lines: string[] = [];
    const client = redis.client();
    watchRedis(client, { warn: (m) => lines.push(`warn ${m}`), info: (m) => lines.push(`info ${m}`) });
    for (const end = Date.now() + 5000; client.status !== 'ready' && Date.now() < end;) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(client.status).toBe('ready');
    await outage();
    expect(lines).toEqual([expect.stringMatching(/^warn Redis: connection lost/)]);
    await redis.start();
    for (const end = Date.now() + 10_000; lines.length < 2 && Date.now() < end;) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(lines).toEqual([
      expect.stringMatching(/^warn Redis: connection lost/),
      expect.stringMatching(/^info Redis: back/),
    ]);
    client.disconnect();
  });
  it('an instance started while Redis is away joins the live lists of the others once Redis answers', async () => {
    await redis.stop();
    const c = await createInstanceBeside(a, { redis: redis.client() });
    try {
      await redis.start();
      const heard: string[] = [];
      c.platform.realtime.join('school-fixation-777001', { readyState: 1, send: (d) => heard.push(d) });
      // Published on A until C hears one: C subscribes once its connection is up.
      const delivered = () => heard.some((d) => d.includes('fixation-deleted'));
      for (const end = Date.now() + 10_000; !delivered() && Date.now() < end;) {
        a.platform.realtime.publish('school-fixation-777001', { type: 'fixation-deleted', id: 1 });
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(heard.map((d) => JSON.parse(d) as unknown)).toContainEqual({ type: 'fixation-deleted', id: 1 });
    } finally {
      await c.close();
      await redis.start();
    }
  });
});
