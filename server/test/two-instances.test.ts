import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { WebSocket } from 'ws';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';
import { fromPostgresUrl } from '../src/platform/db/client.ts';
import { createMailer } from '../src/platform/mail.ts';
import type { Platform } from '../src/platform/platform.ts';
import { buildRealtimeServer, WS_CLOSE } from '../src/platform/realtime/ws-server.ts';
import { createTestContext, TEST_JWT_SECRET, type TestContext } from './test-app.ts';
import { signedIn } from './factories.ts';
import { schoolWithPupil as createdSchool } from './factories-people.ts';

/**
 * Two server instances on one PostgreSQL database and one Redis, as in production behind a balancer:
 * a school screen connected to instance B sees a visit scanned through instance A, once.
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.REDIS_URL);

describe.skipIf(!enabled)('two instances sharing Redis', () => {
  let a: TestContext;
  let b: { app: FastifyInstance; platform: Platform; ws: FastifyInstance; wsPort: number; close(): Promise<void> };
  const redisClients: Redis[] = [];
  const redis = () => {
    const r = new Redis(process.env.REDIS_URL!);
    redisClients.push(r);
    return r;
  };

  beforeAll(async () => {
    a = await createTestContext({}, { redis: redis() });
    const database = fromPostgresUrl(a.databaseUrl, 5);
    const config = { ...loadConfig({}), demoData: false, logLevel: 'silent' as const };
    const built = await buildApp({
      config,
      database,
      jwtSecret: TEST_JWT_SECRET,
      mailer: createMailer({ smtpUrl: a.smtp.url, from: config.mailFrom, db: database.db, log: console as never }),
      now: () => new Date(),
      logger: false,
      redis: redis(),
    });
    await built.app.ready();
    const ws = await buildRealtimeServer(built.platform.realtime, built.platform.tickets, built.platform.actors);
    await ws.listen({ port: 0, host: '127.0.0.1' });
    b = {
      ...built,
      ws,
      wsPort: (ws.server.address() as AddressInfo).port,
      async close() {
        await ws.close();
        await built.app.close();
        await database.close();
      },
    };
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await Promise.all(redisClients.map((r) => r.quit()));
  });

  const schoolWithPupil = () => createdSchool(a.platform);

  /** Subscribes through instance B's API and opens its websocket, as the school screen does. */
  async function screenOnB(schoolId: number, token: string) {
    const res = await b.app.inject({
      method: 'POST',
      url: '/api/school/fixation/subscribe',
      headers: { authorization: `Bearer ${token}` },
      payload: { schoolId },
    });
    expect(res.statusCode).toBe(200);
    const { channel, ticket, path } = res.json<{ channel: string; ticket: string; path: string }>();
    const socket = new WebSocket(
      `ws://127.0.0.1:${b.wsPort}${path}?channel=${encodeURIComponent(channel)}&ticket=${encodeURIComponent(ticket)}`,
    );
    const messages: { type: string; fixation?: { id: number; user: { id: number } } }[] = [];
    const ready = new Promise<number | null>((resolve) => {
      socket.on('message', (d) => {
        const m = JSON.parse(String(d)) as (typeof messages)[number];
        if (m.type === 'subscribed') resolve(null);
        else messages.push(m);
      });
      socket.on('close', (code) => resolve(code));
    });
    expect(await ready).toBeNull();
    return { socket, messages };
  }

  const until = async (cond: () => boolean, ms = 5000) => {
    const end = Date.now() + ms;
    while (!cond()) {
      if (Date.now() > end) throw new Error('timed out waiting for the live push');
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it('a scan through instance A reaches a screen connected to instance B, once', async () => {
    const s = await schoolWithPupil();
    const screen = await screenOnB(s.school.id, s.admin);
    const scan = await a.call({
      method: 'POST',
      url: '/api/school/fixation',
      token: s.cashier,
      headers: { 'idempotency-key': randomUUID() },
      payload: { cardId: s.card.number, schoolId: s.school.id },
    });
    expect(scan.statusCode).toBe(200);
    await until(() => screen.messages.length >= 1);
    await new Promise((r) => setTimeout(r, 200)); // a duplicate would have arrived by now
    expect(screen.messages).toHaveLength(1);
    expect(screen.messages[0]).toMatchObject({ type: 'fixation', fixation: { id: scan.json<{ id: number }>().id } });
    expect(screen.messages[0]!.fixation!.user.id).toBe(s.pupil.id);
    screen.socket.close();
  });

  it('another deployment on the same Redis hears none of it, though its school has the same number', async () => {
    const s = await schoolWithPupil();
    // Another installation (its own database) sharing this Redis: a screen of its school with the
    // same id, joined on its hub.
    const other = await createTestContext({}, { redis: redis() });
    try {
      // Joined once its hub listens on Redis: a first connection that timed out on a loaded machine
      // and came back tells that hub's own sockets to resync, which is not a message from elsewhere.
      const otherChannel = `${other.platform.redis!.options.keyPrefix}realtime`;
      expect(otherChannel).not.toBe(`${a.platform.redis!.options.keyPrefix}realtime`);
      const probe = redis();
      for (const end = Date.now() + 10_000; ;) {
        const [, count] = (await probe.pubsub('NUMSUB', otherChannel)) as [string, number];
        if (Number(count) >= 1) break;
        if (Date.now() > end) throw new Error('the other deployment never subscribed');
        await new Promise((r) => setTimeout(r, 20));
      }
      const heard: string[] = [];
      other.platform.realtime.join(`school-fixation-${s.school.id}`, { readyState: 1, send: (d) => heard.push(d) });
      const screen = await screenOnB(s.school.id, s.admin);
      const scan = await a.call({
        method: 'POST',
        url: '/api/school/fixation',
        token: s.cashier,
        headers: { 'idempotency-key': randomUUID() },
        payload: { cardId: s.card.number, schoolId: s.school.id },
      });
      expect(scan.statusCode).toBe(200);
      await until(() => screen.messages.length >= 1);
      await new Promise((r) => setTimeout(r, 200));
      expect(heard).toEqual([]);
      screen.socket.close();
    } finally {
      await other.close();
    }
  });

  it('a token of another organization cannot subscribe to the school on either instance', async () => {
    const s = await schoolWithPupil();
    const other = await schoolWithPupil();
    for (const app of [a.app, b.app]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/school/fixation/subscribe',
        headers: { authorization: `Bearer ${other.admin}` },
        payload: { schoolId: s.school.id },
      });
      expect(res.statusCode).toBe(422);
    }
  });

  it('a ticket issued on instance A for one school does not open another school on instance B', async () => {
    const s = await schoolWithPupil();
    const other = await schoolWithPupil();
    const res = await a.call({
      method: 'POST',
      url: '/api/school/fixation/subscribe',
      token: s.admin,
      payload: { schoolId: s.school.id },
    });
    const { ticket } = res.json<{ ticket: string }>();
    const socket = new WebSocket(
      `ws://127.0.0.1:${b.wsPort}/ws?channel=school-fixation-${other.school.id}&ticket=${encodeURIComponent(ticket)}`,
    );
    const code = await new Promise<number>((resolve) => socket.on('close', (c) => resolve(c)));
    expect(code).toBe(WS_CLOSE.badTicket);
  });

  it('a user signed in on instance A is recognised by instance B (shared signing key)', async () => {
    const s = await schoolWithPupil();
    const user = await signedIn(a.platform, { role: 'EducationAdmin', organizationId: s.org.id });
    const res = await b.app.inject({
      method: 'GET',
      url: `/api/school/fixations?schoolId=${s.school.id}`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('a password reset on instance A closes the screen open on instance B at once', async () => {
    const s = await schoolWithPupil();
    const user = await signedIn(a.platform, { role: 'EducationAdmin', organizationId: s.org.id });
    const superAdmin = await signedIn(a.platform, { role: 'SuperAdmin' });
    const screen = await screenOnB(s.school.id, user.token);
    const closed = new Promise<number>((resolve) => screen.socket.on('close', (c) => resolve(c)));
    const reset = await a.call({
      method: 'POST',
      url: '/api/user/password',
      token: superAdmin.token,
      payload: { id: user.user.id, password: 'given-by-admin' },
    });
    expect(reset.statusCode).toBe(200);
    // Through Redis, well before instance B's own periodic check (5 s).
    const code = await Promise.race([closed, new Promise((r) => setTimeout(() => r('still open'), 2000))]);
    expect(code).toBe(WS_CLOSE.sessionEnded);
  });
});
