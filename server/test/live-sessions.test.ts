import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { makeBin } from '@tamaq/contract/kz-id';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRealtimeServer, WS_CLOSE } from '../src/platform/realtime/ws-server.ts';
import { createOrganization, createSchool, signedIn } from './factories.ts';
import { createTestContext, type TestContext } from './test-app.ts';

/**
 * A live school screen carries pupils' names and classes: its socket must end with the session that
 * opened it, and a ticket taken before the session ended must open nothing.
 */
let t: TestContext;
let live: FastifyInstance;
let wsPort: number;
let superToken: string;
beforeAll(async () => {
  t = await createTestContext();
  live = await buildRealtimeServer(t.platform.realtime, t.platform.tickets, t.platform.actors);
  await live.listen({ port: 0, host: '127.0.0.1' });
  wsPort = (live.server.address() as AddressInfo).port;
  superToken = (await signedIn(t.platform, { role: 'SuperAdmin' })).token;
});
afterAll(async () => {
  await live.close();
  await t.close();
});

let n = 0;
async function schoolAdmin() {
  const org = await createOrganization(t.db, { type: 'education', bin: makeBin('2311400', ++n) });
  const school = await createSchool(t.db, { organizationId: org.id });
  const admin = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org.id });
  return { org, school, ...admin };
}

async function ticketFor(token: string, schoolId: number) {
  const res = await t.call({ method: 'POST', url: '/api/school/fixation/subscribe', token, payload: { schoolId } });
  expect(res.statusCode).toBe(200);
  return res.json<{ channel: string; ticket: string }>();
}

/** Opens the screen's socket; `opened` is null once subscribed, or the close code. */
function open({ channel, ticket }: { channel: string; ticket: string }) {
  const socket = new WebSocket(
    `ws://127.0.0.1:${wsPort}/ws?channel=${encodeURIComponent(channel)}&ticket=${encodeURIComponent(ticket)}`,
  );
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const opened = new Promise<number | null>((resolve) => {
    socket.on('message', (d) => {
      if ((JSON.parse(String(d)) as { type?: string }).type === 'subscribed') resolve(null);
    });
    void closed.then(resolve);
  });
  return { socket, opened, closed };
}

/** Resolves with the close code, or 'open' if the socket still stands after `ms`. */
const closedWithin = (closed: Promise<number>, ms: number) =>
  Promise.race([closed, new Promise<'open'>((r) => setTimeout(() => r('open'), ms))]);

describe('a live socket and the session that opened it', () => {
  it('closes when the super admin resets the password, and the ticket taken before opens nothing', async () => {
    const s = await schoolAdmin();
    const ticket = await ticketFor(s.token, s.school.id);
    const spare = await ticketFor(s.token, s.school.id);
    const screen = open(ticket);
    expect(await screen.opened).toBeNull();

    const reset = await t.call({
      method: 'POST',
      url: '/api/user/password',
      token: superToken,
      payload: { id: s.user.id, password: 'given-by-admin' },
    });
    expect(reset.statusCode).toBe(200);
    // Closed by the signal, well before the periodic check (5 s) would have.
    expect(await closedWithin(screen.closed, 2000)).toBe(WS_CLOSE.sessionEnded);
    expect(await open(spare).opened).toBe(WS_CLOSE.badTicket);
  });

  it('closes when the organization is disabled, and stays refused after it is enabled again', async () => {
    const s = await schoolAdmin();
    const spare = await ticketFor(s.token, s.school.id);
    const screen = open(await ticketFor(s.token, s.school.id));
    expect(await screen.opened).toBeNull();
    const org = (await t.call({ method: 'GET', url: `/api/organization/${s.org.id}`, token: superToken })).json();
    const put = (status: string) =>
      t.call({ method: 'PUT', url: '/api/organization', token: superToken, payload: { ...org, status } });
    const disabled = await put('disabled');
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(await closedWithin(screen.closed, 2000)).toBe(WS_CLOSE.sessionEnded);
    expect((await put('active')).statusCode).toBe(200);
    expect(await open(spare).opened).toBe(WS_CLOSE.badTicket);
  });

  it('closes when the user is removed', async () => {
    const s = await schoolAdmin();
    const other = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: s.org.id });
    const screen = open(await ticketFor(s.token, s.school.id));
    expect(await screen.opened).toBeNull();
    const removed = await t.call({ method: 'DELETE', url: `/api/user/${s.user.id}`, token: other.token });
    expect(removed.statusCode).toBe(200);
    expect(await closedWithin(screen.closed, 2000)).toBe(WS_CLOSE.sessionEnded);
  });

  it('leaves the sockets of other users open', async () => {
    const s = await schoolAdmin();
    const neighbour = await schoolAdmin();
    const mine = open(await ticketFor(s.token, s.school.id));
    const theirs = open(await ticketFor(neighbour.token, neighbour.school.id));
    expect(await mine.opened).toBeNull();
    expect(await theirs.opened).toBeNull();
    await t.call({
      method: 'POST',
      url: '/api/user/password',
      token: superToken,
      payload: { id: s.user.id, password: 'given-by-admin' },
    });
    expect(await closedWithin(mine.closed, 2000)).toBe(WS_CLOSE.sessionEnded);
    expect(await closedWithin(theirs.closed, 300)).toBe('open');
    theirs.socket.close();
  });
});
