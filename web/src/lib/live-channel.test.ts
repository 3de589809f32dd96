import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { liveUrl, openLiveChannel, type LiveSocket, type LiveStatus, type LiveTicket } from './live-channel.ts';

class FakeSocket implements LiveSocket {
  onopen: LiveSocket['onopen'] = null;
  onmessage: LiveSocket['onmessage'] = null;
  onclose: LiveSocket['onclose'] = null;
  onerror: LiveSocket['onerror'] = null;
  closed: number | null = null;
  constructor(readonly url: string) {}
  close(code = 1000) {
    this.closed = code;
  }
  /** The server accepted the ticket and joined the channel. */
  accept() {
    this.onopen?.({});
    this.onmessage?.({ data: JSON.stringify({ type: 'subscribed', channel: 'school-fixation-7' }) });
  }
  send(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** The server went away (restart) or refused the ticket (4401). */
  drop(code = 1006) {
    this.onclose?.({ code });
  }
}

const offline = () => new ApiError({ status: 0, code: 'Network error' });

function setup(subscribe?: () => Promise<LiveTicket>) {
  const sockets: FakeSocket[] = [];
  const statuses: LiveStatus[] = [];
  const messages: unknown[] = [];
  const handlers = new Map<string, () => void>();
  let n = 0;
  const sub = vi.fn(
    subscribe ?? (() => Promise.resolve({ channel: 'school-fixation-7', ticket: `t${++n}`, port: 8088, path: '/ws' })),
  );
  const onLive = vi.fn();
  const channel = openLiveChannel({
    subscribe: sub,
    onMessage: (m) => messages.push(m),
    onStatus: (s) => statuses.push(s),
    onLive,
    connect: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    location: { protocol: 'http:', hostname: 'school.local' },
    backoffMs: [1000, 2000, 5000],
    openTimeoutMs: 10_000,
    random: () => 0.5, // no jitter
    listen: {
      add: (type, cb) => void handlers.set(type, cb),
      remove: (type) => void handlers.delete(type),
    },
  });
  const last = () => sockets[sockets.length - 1]!;
  return { channel, sockets, statuses, messages, sub, onLive, handlers, last };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('liveUrl', () => {
  it('opens the websocket on the page host at the port and path the server named', () => {
    const t = { channel: 'school-fixation-3', ticket: 'a.b', port: 8088, path: '/ws' };
    expect(liveUrl(t, { protocol: 'http:', hostname: '127.0.0.1' })).toBe(
      'ws://127.0.0.1:8088/ws?channel=school-fixation-3&ticket=a.b',
    );
    expect(liveUrl(t, { protocol: 'https:', hostname: 'tamaq.kz' })).toBe(
      'wss://tamaq.kz:8088/ws?channel=school-fixation-3&ticket=a.b',
    );
    expect(liveUrl(t, { protocol: 'http:', hostname: '::1' })).toMatch(/^ws:\/\/\[::1\]:8088\/ws\?/);
  });
});

describe('openLiveChannel', () => {
  it('is live once the server greets it, and hands over every other message', async () => {
    const c = setup();
    await vi.advanceTimersByTimeAsync(0);
    expect(c.statuses).toEqual(['connecting']);
    expect(c.last().url).toBe('ws://school.local:8088/ws?channel=school-fixation-7&ticket=t1');
    c.last().accept();
    expect(c.statuses).toEqual(['connecting', 'live']);
    expect(c.onLive).toHaveBeenCalledTimes(1);
    c.last().send({ type: 'fixation', fixation: { id: 5 } });
    c.last().onmessage?.({ data: 'not json' });
    expect(c.messages).toEqual([{ type: 'fixation', fixation: { id: 5 } }]);
  });

  it('reconnects after a loss with a growing wait and a fresh ticket each time', async () => {
    const c = setup();
    await vi.advanceTimersByTimeAsync(0);
    c.last().accept();
    c.last().drop();
    expect(c.statuses.at(-1)).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(999);
    expect(c.sub).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(c.sub).toHaveBeenCalledTimes(2);
    expect(c.last().url).toContain('ticket=t2');
    // The server refuses (an expired ticket, 4401): the next try waits longer, with yet another ticket.
    c.last().drop(4401);
    await vi.advanceTimersByTimeAsync(1999);
    expect(c.sub).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(c.sub).toHaveBeenCalledTimes(3);
    expect(c.last().url).toContain('ticket=t3');
    c.last().accept();
    expect(c.statuses.at(-1)).toBe('live');
    expect(c.onLive).toHaveBeenCalledTimes(2);
    // Back to the shortest wait after a success.
    c.last().drop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(c.sub).toHaveBeenCalledTimes(4);
  });

  it('keeps asking for a ticket while the server cannot be reached, the wait capped at the last step', async () => {
    const sub = vi.fn().mockRejectedValue(offline());
    const c = setup(sub);
    await vi.advanceTimersByTimeAsync(0);
    expect(c.statuses).toEqual(['connecting', 'reconnecting']);
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 5000 + 5000);
    expect(sub).toHaveBeenCalledTimes(5);
    expect(c.sockets).toHaveLength(0);
  });

  it('gives up when the server says the school is not the user’s (no retry can change that)', async () => {
    const sub = vi.fn().mockRejectedValue(new ApiError({ status: 422, code: 'Validation error' }));
    const c = setup(sub);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sub).toHaveBeenCalledTimes(1);
    expect(c.statuses.at(-1)).toBe('failed');
  });

  it('tries again when the browser refuses to open the socket at all', async () => {
    const statuses: LiveStatus[] = [];
    let opened = 0;
    const channel = openLiveChannel({
      subscribe: () => Promise.resolve({ channel: 'school-fixation-7', ticket: 't', port: 8088, path: '/ws' }),
      onMessage: () => {},
      onStatus: (s) => statuses.push(s),
      connect: (url) => {
        opened += 1;
        if (opened === 1) throw new SyntaxError('The URL is invalid');
        return new FakeSocket(url);
      },
      location: { protocol: 'http:', hostname: 'school.local' },
      backoffMs: [1000],
      random: () => 0.5,
      listen: { add: () => {}, remove: () => {} },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses).toEqual(['connecting', 'reconnecting']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(opened).toBe(2);
    channel.close();
  });

  it('drops a socket that never says it joined, and tries again', async () => {
    const c = setup();
    await vi.advanceTimersByTimeAsync(0);
    const stuck = c.last();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(stuck.closed).toBe(1000);
    expect(c.statuses.at(-1)).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1000);
    expect(c.sockets).toHaveLength(2);
    // The abandoned socket's late greeting changes nothing.
    stuck.accept();
    expect(c.statuses.at(-1)).toBe('reconnecting');
  });

  it('drops the socket when the browser goes offline and reconnects at once when it is back', async () => {
    const c = setup();
    await vi.advanceTimersByTimeAsync(0);
    c.last().accept();
    c.handlers.get('offline')!();
    expect(c.sockets[0]!.closed).toBe(1000);
    expect(c.statuses.at(-1)).toBe('reconnecting');
    c.handlers.get('online')!();
    await vi.advanceTimersByTimeAsync(0);
    expect(c.sub).toHaveBeenCalledTimes(2);
    c.last().accept();
    expect(c.statuses.at(-1)).toBe('live');
    // The backoff timer of the offline moment was cancelled: no third ticket.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(c.sub).toHaveBeenCalledTimes(2);
  });

  it('stops for good when the screen closes it, even in the middle of a ticket request', async () => {
    let answer!: (t: LiveTicket) => void;
    const sub = vi.fn(() => new Promise<LiveTicket>((r) => (answer = r)));
    const c = setup(sub);
    c.channel.close();
    answer({ channel: 'school-fixation-7', ticket: 't', port: 8088, path: '/ws' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(c.sockets).toHaveLength(0);
    expect(c.handlers.size).toBe(0);

    const d = setup();
    await vi.advanceTimersByTimeAsync(0);
    d.last().accept();
    d.channel.close();
    expect(d.last().closed).toBe(1000);
    d.last().drop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(d.sub).toHaveBeenCalledTimes(1);
  });
  it('reads the screen again when the server says messages may have been lost, without handing the signal on', async () => {
    const c = setup();
    await vi.advanceTimersByTimeAsync(0);
    c.last().accept();
    expect(c.onLive).toHaveBeenCalledTimes(1);
    c.last().send({ type: 'resync' });
    expect(c.onLive).toHaveBeenCalledTimes(2);
    expect(c.messages).toEqual([]);
  });

  it('reads the screen again after a minute with no message, and not while messages come', async () => {
    const c = setup();
    await vi.advanceTimersByTimeAsync(0);
    c.last().accept();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(c.onLive).toHaveBeenCalledTimes(1);
    // A message starts the minute again.
    c.last().send({ type: 'fixation', fixation: { id: 5 } });
    await vi.advanceTimersByTimeAsync(59_000);
    expect(c.onLive).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(c.onLive).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(c.onLive).toHaveBeenCalledTimes(3);
    // A lost socket is not live: it reconnects (and reads again then), it does not read on a timer.
    c.last().drop();
    await vi.advanceTimersByTimeAsync(500);
    c.channel.close();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(c.onLive).toHaveBeenCalledTimes(3);
  });
});
