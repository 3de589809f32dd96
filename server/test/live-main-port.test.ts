import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test-app.ts';
import { schoolWithPupil } from './factories-people.ts';

/**
 * Behind a proxy with TLS the pages are at `https://host/` and cannot reach an instance's WS_PORT:
 * the live socket is also served at `/ws` on the main port, and the subscribe answer names the port
 * of PUBLIC_URL, so the page opens `wss://host:443/ws`, which the proxy passes on with the pages.
 */
let t: TestContext;
let mainPort: number;
beforeAll(async () => {
  t = await createTestContext({ publicUrl: 'https://tamaq.example.kz', livePort: 443 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  mainPort = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

describe('the live socket on the main port', () => {
  it('is named by the subscribe answer at the public port, opens on the main port and hears a scan', async () => {
    const s = await schoolWithPupil(t.platform);
    const res = await t.call({
      method: 'POST',
      url: '/api/school/fixation/subscribe',
      token: s.admin,
      payload: { schoolId: s.school.id },
    });
    expect(res.statusCode).toBe(200);
    const ticket = res.json<{ channel: string; ticket: string; port: number; path: string }>();
    expect(ticket).toMatchObject({ port: 443, path: '/ws' });

    // What the proxy does: the same path and query, on the instance's main port.
    const socket = new WebSocket(
      `ws://127.0.0.1:${mainPort}${ticket.path}?channel=${encodeURIComponent(ticket.channel)}&ticket=${encodeURIComponent(ticket.ticket)}`,
    );
    const heard: { type: string }[] = [];
    await new Promise<void>((resolve, reject) => {
      socket.on('message', (d) => {
        const m = JSON.parse(String(d)) as { type: string };
        if (m.type === 'subscribed') resolve();
        else heard.push(m);
      });
      socket.on('close', (code) => reject(new Error(`closed ${code}`)));
      socket.on('error', reject);
    });
    const scan = await t.call({
      method: 'POST',
      url: '/api/school/fixation',
      token: s.cashier,
      headers: { 'idempotency-key': randomUUID() },
      payload: { cardId: s.card.number, schoolId: s.school.id },
    });
    expect(scan.statusCode).toBe(200);
    for (const end = Date.now() + 5000; !heard.length && Date.now() < end;) await new Promise((r) => setTimeout(r, 10));
    expect(heard).toEqual([expect.objectContaining({ type: 'fixation' })]);
    socket.close();
  });

  it('refuses a socket without a valid ticket there too', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${mainPort}/ws?channel=school-fixation-1&ticket=forged.ticket`);
    const code = await new Promise<number>((resolve) => socket.on('close', (c) => resolve(c)));
    expect(code).toBe(4401);
  });
});
