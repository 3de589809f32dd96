import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createRealtimeHub, type RealtimeHub } from './hub.ts';
import { createTicketService, type TicketService } from './tickets.ts';
import { buildRealtimeServer, MAX_SOCKETS_PER_USER, WS_CLOSE } from './ws-server.ts';

const tickets = createTicketService('test-secret');
/** The hub alone: every user is signed in under token version 0 (the sessions check has its own test). */
const everyoneSignedIn = { currentTokenVersions: async (ids: readonly number[]) => new Map(ids.map((id) => [id, 0])) };
const user = (userId: number) => ({ userId, tokenVersion: 0 });

async function serve(hub: RealtimeHub, ticketService: TicketService = tickets) {
  const app = await buildRealtimeServer(hub, ticketService, everyoneSignedIn);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port };
}

/** Opens a socket and collects what it receives; resolves once the server confirmed or closed it. */
function connect(port: number, channel: string, ticket: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?channel=${channel}&ticket=${encodeURIComponent(ticket)}`);
  const messages: unknown[] = [];
  const ready = new Promise<{ closed: number | null }>((resolve) => {
    ws.on('message', (d) => {
      const m = JSON.parse(String(d)) as { type?: string };
      if (m.type === 'subscribed') resolve({ closed: null });
      else messages.push(m);
    });
    ws.on('close', (code) => resolve({ closed: code }));
  });
  return { ws, messages, ready };
}

const until = async (cond: () => boolean, ms = 2000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('tickets', () => {
  it('open only the channel they were issued for, and only for a minute', () => {
    let now = 1_000_000;
    const t = createTicketService('s', () => now);
    const ticket = t.issue({ userId: 7, tokenVersion: 3 }, 'school-fixation-1');
    expect(t.verify(ticket, 'school-fixation-1')).toMatchObject({ userId: 7, tokenVersion: 3 });
    // Each ticket is its own, even for the same user and channel in the same millisecond.
    expect(t.verify(t.issue({ userId: 7, tokenVersion: 3 }, 'school-fixation-1'), 'school-fixation-1')!.id).not.toBe(
      t.verify(ticket, 'school-fixation-1')!.id,
    );
    expect(t.verify(ticket, 'school-fixation-2')).toBeNull();
    expect(t.verify(`${ticket.slice(0, -2)}xx`, 'school-fixation-1')).toBeNull();
    expect(createTicketService('other').verify(ticket, 'school-fixation-1')).toBeNull();
    now += 61_000;
    expect(t.verify(ticket, 'school-fixation-1')).toBeNull();
  });
});

describe('the websocket port', () => {
  let hub: RealtimeHub;
  let server: { app: FastifyInstance; port: number };
  beforeAll(async () => {
    hub = createRealtimeHub();
    server = await serve(hub);
  });
  afterAll(async () => {
    await server.app.close();
    await hub.close();
  });

  it('delivers a message to the subscribers of its channel only', async () => {
    const a = connect(server.port, 'school-fixation-1', tickets.issue(user(1), 'school-fixation-1'));
    const b = connect(server.port, 'school-fixation-2', tickets.issue(user(1), 'school-fixation-2'));
    expect(await a.ready).toEqual({ closed: null });
    await b.ready;
    hub.publish('school-fixation-1', { type: 'fixation-deleted', id: 5 });
    await until(() => a.messages.length === 1);
    expect(a.messages).toEqual([{ type: 'fixation-deleted', id: 5 }]);
    expect(b.messages).toEqual([]);
    a.ws.close();
    b.ws.close();
  });

  it('closes a socket with a forged ticket or one issued for another channel', async () => {
    const forged = connect(server.port, 'school-fixation-1', 'x.y');
    expect(await forged.ready).toEqual({ closed: WS_CLOSE.badTicket });
    const other = connect(server.port, 'school-fixation-1', tickets.issue(user(1), 'school-fixation-9'));
    expect(await other.ready).toEqual({ closed: WS_CLOSE.badTicket });
    expect(hub.subscribers('school-fixation-1')).toBe(0);
  });

  it('opens one socket per ticket: the same ticket again is refused, even at the same moment', async () => {
    const channel = 'school-fixation-31';
    const ticket = tickets.issue(user(31), channel);
    const tries = Array.from({ length: 5 }, () => connect(server.port, channel, ticket));
    const outcomes = await Promise.all(tries.map((x) => x.ready));
    expect(outcomes.filter((o) => o.closed === null)).toHaveLength(1);
    expect(outcomes.filter((o) => o.closed === WS_CLOSE.badTicket)).toHaveLength(4);
    expect(hub.subscribers(channel)).toBe(1);
    const later = connect(server.port, channel, ticket);
    expect(await later.ready).toEqual({ closed: WS_CLOSE.badTicket });
    for (const x of tries) x.ws.close();
  });

  it('holds at most a few sockets open per user; another user is not held back', async () => {
    const channel = 'school-fixation-32';
    const mine = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) {
      const x = connect(server.port, channel, tickets.issue(user(32), channel));
      expect(await x.ready).toEqual({ closed: null });
      mine.push(x);
    }
    const extra = connect(server.port, channel, tickets.issue(user(32), channel));
    expect(await extra.ready).toEqual({ closed: WS_CLOSE.tooMany });
    const other = connect(server.port, channel, tickets.issue(user(33), channel));
    expect(await other.ready).toEqual({ closed: null });
    // A socket closed frees its place.
    mine[0]!.ws.close();
    await until(() => hub.subscribers(channel) === MAX_SOCKETS_PER_USER);
    const again = connect(server.port, channel, tickets.issue(user(32), channel));
    expect(await again.ready).toEqual({ closed: null });
    for (const x of [...mine, other, again]) x.ws.close();
  });
});

const url = process.env.REDIS_URL;
describe.skipIf(!url)('with REDIS_URL, two instances', () => {
  let redis: Redis;
  let hubA: RealtimeHub;
  let hubB: RealtimeHub;
  let b: { app: FastifyInstance; port: number };
  beforeAll(async () => {
    redis = new Redis(url!);
    hubA = createRealtimeHub(redis);
    hubB = createRealtimeHub(redis);
    b = await serve(hubB);
    await new Promise((r) => setTimeout(r, 200)); // both subscribed to Redis
  });
  afterAll(async () => {
    await b.app.close();
    await hubA.close();
    await hubB.close();
    await redis.quit();
  });

  it('a ticket used on one instance opens nothing on the other', async () => {
    const shared = (r: Redis) => createTicketService('test-secret', Date.now, r);
    const one = await serve(hubA, shared(redis));
    const second = redis.duplicate();
    const two = await serve(hubB, shared(second));
    try {
      const channel = `school-fixation-${Date.now()}`;
      const ticket = tickets.issue(user(1), channel);
      const first = connect(one.port, channel, ticket);
      expect(await first.ready).toEqual({ closed: null });
      const copy = connect(two.port, channel, ticket);
      expect(await copy.ready).toEqual({ closed: WS_CLOSE.badTicket });
      first.ws.close();
    } finally {
      await one.app.close();
      await two.app.close();
      await second.quit();
    }
  });

  it('a visit published on one instance reaches a screen connected to the other, once', async () => {
    const channel = `school-fixation-${Date.now()}`;
    const screen = connect(b.port, channel, tickets.issue(user(1), channel));
    await screen.ready;
    hubA.publish(channel, { type: 'fixation-deleted', id: 1 });
    hubB.publish(channel, { type: 'fixation-deleted', id: 2 });
    await until(() => screen.messages.length === 2);
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.messages).toEqual(
      expect.arrayContaining([
        { type: 'fixation-deleted', id: 1 },
        { type: 'fixation-deleted', id: 2 },
      ]),
    );
    expect(screen.messages).toHaveLength(2);
    screen.ws.close();
  });
});
