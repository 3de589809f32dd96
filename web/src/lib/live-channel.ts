import { isLive } from '@tamaq/contract/live';
import type { LiveTicket } from '@tamaq/contract/common';
import { ApiError } from './api-error.ts';

/** What `POST …/subscribe` answers: a short-lived ticket for one channel on the websocket port. */
export type { LiveTicket };

/** 'connecting' at first; 'reconnecting' after any failure or loss; 'failed' when retrying is pointless. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'failed';

/** The part of a WebSocket the channel uses, so tests can hand in a fake one. */
export interface LiveSocket {
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  close(code?: number, reason?: string): void;
}

type Listen = (type: 'online' | 'offline', cb: () => void) => void;

export interface LiveChannelOptions {
  /** Asks the server for a fresh ticket; called again before every reconnect (a ticket lives 60 s). */
  subscribe: () => Promise<LiveTicket>;
  /** Every message but the server's own `subscribed` greeting. */
  onMessage: (message: unknown) => void;
  onStatus?: (status: LiveStatus) => void;
  /**
   * Each time the channel becomes live, when the server says messages may have been lost (`resync`),
   * and after a while with no message at all: the screen reloads what it may have missed.
   */
  onLive?: () => void;
  /** A live channel that has heard nothing for this long reads its screen again. */
  quietMs?: number;
  connect?: (url: string) => LiveSocket;
  location?: { protocol: string; hostname: string };
  /** Waits between attempts, the last one repeating. */
  backoffMs?: readonly number[];
  /** A socket that has not said `subscribed` by then is given up and tried again. */
  openTimeoutMs?: number;
  random?: () => number;
  /** The browser's online/offline events; tests pass their own. */
  listen?: { add: Listen; remove: Listen };
}

export const LIVE_BACKOFF_MS = [1000, 2000, 5000, 10_000, 20_000] as const;
/** A list is read again after a minute without a message, should one have been lost on the way. */
export const LIVE_QUIET_MS = 60_000;
const OPEN_TIMEOUT_MS = 10_000;
const NORMAL_CLOSE = 1000;

/** `ws(s)://<page host>:<port><path>?channel=…&ticket=…`: the websocket lives on its own port. */
export function liveUrl(t: LiveTicket, loc: { protocol: string; hostname: string }): string {
  const scheme = loc.protocol === 'https:' ? 'wss' : 'ws';
  const host = loc.hostname.includes(':') ? `[${loc.hostname}]` : loc.hostname;
  const query = new URLSearchParams({ channel: t.channel, ticket: t.ticket });
  return `${scheme}://${host}:${t.port}${t.path}?${query.toString()}`;
}

/** A refusal that another try will not change: no rights, or the school is not ours. */
const isFatal = (err: unknown) =>
  err instanceof ApiError && (err.status === 403 || err.status === 404 || err.status === 422);

const browserListen = {
  add: (type: 'online' | 'offline', cb: () => void) => window.addEventListener(type, cb),
  remove: (type: 'online' | 'offline', cb: () => void) => window.removeEventListener(type, cb),
};

/**
 * Keeps one live channel open for as long as a screen shows it: gets a ticket, opens the socket,
 * and after any loss (server restart, network gone, a socket that never opened) tries again with a
 * growing wait and a fresh ticket. Going offline drops the socket at once; coming back online
 * retries at once instead of waiting out the backoff.
 */
export function openLiveChannel(opts: LiveChannelOptions): { close(): void } {
  const connect = opts.connect ?? ((url: string) => new WebSocket(url) as unknown as LiveSocket);
  const loc = opts.location ?? window.location;
  const backoff = opts.backoffMs ?? LIVE_BACKOFF_MS;
  const openTimeout = opts.openTimeoutMs ?? OPEN_TIMEOUT_MS;
  const random = opts.random ?? Math.random;
  const listen = opts.listen ?? browserListen;
  const quietMs = opts.quietMs ?? LIVE_QUIET_MS;

  let closed = false;
  let failures = 0;
  let socket: LiveSocket | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let openTimer: ReturnType<typeof setTimeout> | null = null;
  let quietTimer: ReturnType<typeof setTimeout> | null = null;
  let status: LiveStatus | null = null;
  // Bumped on every attempt: late callbacks of an abandoned socket or ticket request do nothing.
  let attempt = 0;

  const setStatus = (s: LiveStatus) => {
    if (s === status) return;
    status = s;
    opts.onStatus?.(s);
  };

  const clearOpenTimer = () => {
    if (openTimer) clearTimeout(openTimer);
    openTimer = null;
  };

  const clearQuietTimer = () => {
    if (quietTimer) clearTimeout(quietTimer);
    quietTimer = null;
  };
  /** (Re)starts the wait for the next message of a live channel. */
  const heard = () => {
    clearQuietTimer();
    if (!opts.onLive || closed) return;
    quietTimer = setTimeout(() => {
      quietTimer = null;
      if (status !== 'live' || closed) return;
      opts.onLive?.();
      heard();
    }, quietMs);
  };

  const drop = () => {
    clearOpenTimer();
    clearQuietTimer();
    const s = socket;
    socket = null;
    if (s) {
      s.onopen = s.onmessage = s.onerror = s.onclose = null;
      s.close(NORMAL_CLOSE);
    }
  };

  const retryLater = () => {
    if (closed || retryTimer) return;
    drop();
    setStatus('reconnecting');
    const base = backoff[Math.min(failures, backoff.length - 1)]!;
    failures += 1;
    // ±20 %: a hundred screens that lost the same server do not all come back in the same instant.
    const delay = Math.round(base * (0.8 + 0.4 * random()));
    retryTimer = setTimeout(() => {
      retryTimer = null;
      start();
    }, delay);
  };

  const start = () => {
    if (closed) return;
    const mine = ++attempt;
    if (status === null) setStatus('connecting');
    opts.subscribe().then(
      (ticket) => {
        if (closed || mine !== attempt) return;
        let s: LiveSocket;
        try {
          s = connect(liveUrl(ticket, loc));
        } catch {
          // `new WebSocket` throws at once on a URL or port it refuses: tried again like a lost socket.
          retryLater();
          return;
        }
        socket = s;
        openTimer = setTimeout(() => {
          openTimer = null;
          if (mine === attempt) retryLater();
        }, openTimeout);
        s.onmessage = (ev) => {
          if (mine !== attempt) return;
          let message: unknown;
          try {
            message = JSON.parse(String(ev.data));
          } catch {
            return;
          }
          if (isLive(message, 'subscribed')) {
            clearOpenTimer();
            failures = 0;
            setStatus('live');
            heard();
            opts.onLive?.();
            return;
          }
          heard();
          if (isLive(message, 'resync')) {
            opts.onLive?.();
            return;
          }
          opts.onMessage(message);
        };
        s.onclose = () => {
          if (mine !== attempt) return;
          socket = null;
          retryLater();
        };
      },
      (err: unknown) => {
        if (closed || mine !== attempt) return;
        if (isFatal(err)) {
          setStatus('failed');
          return;
        }
        retryLater();
      },
    );
  };

  const onOffline = () => {
    if (closed) return;
    attempt += 1;
    retryLater();
  };
  const onOnline = () => {
    if (closed || status === 'live') return;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    drop();
    start();
  };
  listen.add('offline', onOffline);
  listen.add('online', onOnline);
  start();

  return {
    close() {
      if (closed) return;
      closed = true;
      attempt += 1;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      drop();
      listen.remove('offline', onOffline);
      listen.remove('online', onOnline);
    },
  };
}
