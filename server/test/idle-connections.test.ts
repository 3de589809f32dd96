import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRealtimeServer } from '../src/platform/realtime/ws-server.ts';
import { WS_CONNECTIONS_PER_ADDRESS } from '../src/platform/http/connections.ts';
import { createTestContext, type TestContext } from './test-app.ts';
import type { FastifyInstance } from 'fastify';

/**
 * Sockets that never send a byte (docs/rules.md "Connections"): closed after the idle time on both
 * ports, while a request that takes longer than that is answered, and an address holds no more
 * than its share of the websocket port. The app's idle time is shortened to 1 s here (10 s).
 */
const IDLE_MS = 1000;
let t: TestContext;
let ws: FastifyInstance;
let mainPort: number;
let wsPort: number;
beforeAll(async () => {
  t = await createTestContext({}, { idleConnectionMs: IDLE_MS });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  mainPort = (t.app.server.address() as AddressInfo).port;
  ws = await buildRealtimeServer(
    t.platform.realtime,
    t.platform.tickets,
    t.platform.actors,
    t.platform.liveSockets,
    IDLE_MS,
  );
  await ws.listen({ port: 0, host: '127.0.0.1' });
  wsPort = (ws.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await ws?.close();
  await t?.close();
});

/** A raw connection; `closed` resolves with how long it stayed open. */
const connect = (port: number) => {
  const started = Date.now();
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
  return { socket, closed, opened: new Promise<void>((r) => socket.once('connect', () => r())) };
};
const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<'still open'>((r) => setTimeout(() => r('still open'), ms))]);

describe('a connection that sends nothing', () => {
  it('is closed after the idle time on the main port and on the websocket port', async () => {
    const main = connect(mainPort);
    const live = connect(wsPort);
    expect(await within(main.closed, 10_000)).toBeGreaterThanOrEqual(IDLE_MS - 50);
    expect(await within(live.closed, 10_000)).toBeGreaterThanOrEqual(IDLE_MS - 50);
  });

  it('is not cut while its request is being answered, nor between requests of a kept-alive connection', async () => {
    const c = connect(mainPort);
    await c.opened;
    const answers: string[] = [];
    c.socket.on('data', (d) => answers.push(String(d)));
    const ask = () => c.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    // A request sent slower than the idle time, header by header, is one request under way.
    c.socket.write('GET /api/health HTTP/1.1\r\n');
    await new Promise((r) => setTimeout(r, IDLE_MS / 5));
    c.socket.write('Host: x\r\n\r\n');
    for (const end = Date.now() + 5000; !answers.join('').includes('200 OK') && Date.now() < end;) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(answers.join('')).toContain('200 OK');
    await new Promise((r) => setTimeout(r, IDLE_MS * 2));
    ask();
    for (const end = Date.now() + 5000; answers.join('').split('200 OK').length < 3 && Date.now() < end;) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(answers.join('').split('200 OK')).toHaveLength(3);
    c.socket.destroy();
  });
});

describe('the websocket port', () => {
  it(`holds at most ${WS_CONNECTIONS_PER_ADDRESS} open connections of one address`, async () => {
    // A port of its own whose idle time is far off: any close seen here is the cap's.
    const capped = await buildRealtimeServer(
      t.platform.realtime,
      t.platform.tickets,
      t.platform.actors,
      t.platform.liveSockets,
      120_000,
    );
    await capped.listen({ port: 0, host: '127.0.0.1' });
    const port = (capped.server.address() as AddressInfo).port;
    const open = () => new Promise<number>((r) => capped.server.getConnections((_e, n) => r(n)));
    const until = async (n: number) => {
      for (const end = Date.now() + 10_000; (await open()) !== n && Date.now() < end;) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(await open()).toBe(n);
    };
    try {
      const held = Array.from({ length: WS_CONNECTIONS_PER_ADDRESS }, () => connect(port));
      await Promise.all(held.map((h) => h.opened));
      // Every one of them counted by the server, not only accepted by the system.
      await until(WS_CONNECTIONS_PER_ADDRESS);
      const extra = connect(port);
      expect(typeof (await within(extra.closed, 10_000))).toBe('number');
      expect(held.every((h) => !h.socket.destroyed)).toBe(true);
      for (const h of held) h.socket.destroy();
      await Promise.all(held.map((h) => h.closed));
      await until(0);
      // Their places are free again.
      const again = connect(port);
      await again.opened;
      await until(1);
      expect(await within(again.closed, 500)).toBe('still open');
      again.socket.destroy();
    } finally {
      await capped.close();
    }
  });
});
