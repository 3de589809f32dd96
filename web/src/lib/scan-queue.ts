import { HEADERS } from '@tamaq/contract/constants';
import { REPEAT_SCAN_WINDOW_MS } from '@tamaq/contract/fixations';
import { ApiError, api } from './api-client.ts';
import { newRequestKey } from './request-key.ts';
import { getToken, serverNow } from './session.ts';

/**
 * The scans a bad network could not deliver yet. Every scan gets a fresh Idempotency-Key; a scan
 * that fails on the network (or on a server that is down) is kept in localStorage — it survives a
 * page reload — and retried with the SAME key and the time it was scanned until the server answers.
 * The server records it at that time, and never twice (docs/domain.md rules 6 and 7).
 */
export interface QueuedScan {
  key: string;
  url: string;
  body: Record<string, unknown>;
  /** ISO time of the scan, in server time; sent only when the first try failed. */
  scannedAt: string;
  tries: number;
  /**
   * Who scanned it (the token's `sub`). It is sent only while that user is signed in: under another
   * user of this computer it would be recorded as theirs, or refused and lost, and the server keeps
   * Idempotency-Keys per user, so a retry under another user could record the meal twice.
   */
  owner?: string | null;
  /**
   * Set while the first try is on its way (time in ms): the scan is stored before it is sent, so a
   * tab closed at that moment leaves it here. Another page sends it only once that try has surely
   * ended (the call's own time limit), with the same key: the server records it once.
   */
  sentAt?: number;
}

export type ScanOutcome<T> =
  | { kind: 'recorded'; result: T; scan: QueuedScan; fromQueue: boolean }
  | { kind: 'refused'; error: ApiError; scan: QueuedScan; fromQueue: boolean }
  | { kind: 'queued'; scan: QueuedScan };

export interface ScanQueueOptions {
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  send?: (url: string, body: Record<string, unknown>, key: string) => Promise<unknown>;
  now?: () => number;
  uuid?: () => string;
  storageKey?: string;
  /** The signed-in user (the token's `sub`), or null. */
  owner?: () => string | null;
}

export const SCAN_QUEUE_STORAGE_KEY = 'tamaq.scan-queue.v1';
/** Longer than a call may take (30 s): a first try older than this died with its tab. */
export const IN_FLIGHT_MS = 35_000;
const BACKOFF_MS = [1000, 2000, 5000, 10_000, 30_000];
const TOO_MANY_REQUESTS = 429;

/** Worth another try: nothing reached a server that could decide (offline, timeout, 5xx, an expired session). */
export const isRetryable = (err: unknown): boolean =>
  err instanceof ApiError ? err.status === 0 || err.status >= 500 || err.status === 401 : true;

const isTooMany = (err: unknown) => err instanceof ApiError && err.status === TOO_MANY_REQUESTS;
const doubleScanError = () => new ApiError({ status: TOO_MANY_REQUESTS, code: 'Too many requests' });

const defaultSend = (url: string, body: Record<string, unknown>, key: string) =>
  api.post(url, body, { headers: { [HEADERS.idempotency]: key } });

/** The user id in the stored token, expired or not: a scan made as the session lapsed is still its user's. */
export function tokenUser(): string | null {
  try {
    const part = getToken()?.split('.')[1];
    if (!part) return null;
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const sub = (JSON.parse(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))) as { sub?: unknown }).sub;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

/** Scans of this user stored in this browser and not yet answered (waiting, or on their way). */
export function unsentScans(
  user: string | null = tokenUser(),
  storage: Pick<Storage, 'getItem'> = localStorage,
): number {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(SCAN_QUEUE_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? (parsed as QueuedScan[]).filter((s) => s.owner == null || s.owner === user).length
      : 0;
  } catch {
    return 0;
  }
}

export function createScanQueue<T = unknown>(opts: ScanQueueOptions = {}) {
  const storage = opts.storage ?? localStorage;
  const send = opts.send ?? defaultSend;
  const now = opts.now ?? serverNow;
  const uuid = opts.uuid ?? newRequestKey;
  const storageKey = opts.storageKey ?? SCAN_QUEUE_STORAGE_KEY;
  const owner = opts.owner ?? tokenUser;
  const listeners = new Set<(pending: number) => void>();
  const outcomeListeners = new Set<(o: ScanOutcome<T>) => void>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let flushing = false;
  /** The next try waits at least this long (the server's repeat window after a 429). */
  let pauseMs = 0;
  /** A store that refused a write: from then on the queue lives in memory until the page closes. */
  let storeBroken = false;
  let items: QueuedScan[] = [];
  /** When this page last had an answer for each card: a twin of it that then failed is a double beep. */
  const answered = new Map<string, number>();

  // localStorage is the truth: another tab of this browser may have queued or sent scans since.
  const load = (): QueuedScan[] => {
    if (storeBroken) return items;
    try {
      const parsed: unknown = JSON.parse(storage.getItem(storageKey) ?? '[]');
      items = Array.isArray(parsed) ? (parsed as QueuedScan[]) : [];
    } catch {
      items = [];
    }
    return items;
  };
  const inFlight = (s: QueuedScan) => s.sentAt !== undefined && now() - s.sentAt < IN_FLIGHT_MS;
  const sendable = (s: QueuedScan, user = owner()) => (s.owner == null || s.owner === user) && !inFlight(s);
  const pending = () => {
    const user = owner();
    return items.filter((s) => sendable(s, user)).length;
  };
  const notify = () => {
    const n = pending();
    for (const l of listeners) l(n);
  };
  /** Reads, changes and writes back in one go, so a scan another tab added is never overwritten. */
  const updateQuietly = (change: (list: QueuedScan[]) => QueuedScan[]) => {
    items = change(load());
    if (storeBroken) return;
    try {
      storage.setItem(storageKey, JSON.stringify(items));
    } catch {
      storeBroken = true; // A full or blocked store: the scans still live in memory.
    }
  };
  /** As `updateQuietly`, and the screen hears how many wait now. */
  const update = (change: (list: QueuedScan[]) => QueuedScan[]) => {
    updateQuietly(change);
    notify();
  };
  const remove = (key: string) => update((list) => list.filter((s) => s.key !== key));
  /** A first try on its way is not a waiting scan: storing or dropping it tells nobody. */
  const removeQuietly = (key: string) => updateQuietly((list) => list.filter((s) => s.key !== key));
  const emit = (o: ScanOutcome<T>) => {
    for (const l of outcomeListeners) l(o);
  };
  const cardOf = (url: string, body: Record<string, unknown>) => `${url} ${String(body.cardId ?? '')}`;
  const near = (a: number, b: number) => Math.abs(a - b) < REPEAT_SCAN_WINDOW_MS;
  const remember = (card: string, at: number) => {
    if (answered.size > 5000) answered.clear();
    answered.set(card, at);
  };
  load();

  const schedule = () => {
    const first = items.find((s) => sendable(s));
    // A first try of a closed tab waits for its time limit, then is sent like any waiting scan.
    const orphan = items.find((s) => inFlight(s) && s.owner === owner());
    if (timer || (!first && !orphan)) return;
    const delay = first
      ? Math.max(pauseMs, BACKOFF_MS[Math.min(first.tries, BACKOFF_MS.length - 1)]!)
      : IN_FLIGHT_MS - (now() - orphan!.sentAt!);
    pauseMs = 0;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, delay);
  };

  /** Sends this user's waiting scans oldest first; stops at the first that still cannot reach the server. */
  async function flush(): Promise<void> {
    if (flushing) return;
    flushing = true;
    try {
      for (;;) {
        const user = owner();
        const scan = load().find((s) => sendable(s, user));
        if (!scan) break;
        try {
          const result = (await send(scan.url, { ...scan.body, scannedAt: scan.scannedAt }, scan.key)) as T;
          remove(scan.key);
          emit({ kind: 'recorded', result, scan, fromQueue: true });
        } catch (err) {
          // A 429 here is not a double beep (those never enter the queue): another scan of this card
          // reached the server a moment ago — the one before it in this queue, scanned hours earlier,
          // or a live one. This one is a meal of its own, sent again once the window is over.
          if (isRetryable(err) || isTooMany(err)) {
            if (isTooMany(err)) pauseMs = REPEAT_SCAN_WINDOW_MS + 500;
            update((list) => list.map((s) => (s.key === scan.key ? { ...s, tries: s.tries + 1 } : s)));
            break;
          }
          remove(scan.key);
          emit({ kind: 'refused', error: err as ApiError, scan, fromQueue: true });
        }
      }
    } finally {
      flushing = false;
      notify();
      schedule();
    }
  }

  return {
    /** One scan: sent at once; kept and retried if the network fails. */
    async submit(url: string, body: Record<string, unknown>): Promise<ScanOutcome<T>> {
      const at = now();
      const scan: QueuedScan = {
        key: uuid(),
        url,
        body,
        scannedAt: new Date(at).toISOString(),
        tries: 0,
        owner: owner(),
      };
      const card = cardOf(url, body);
      // Scans keep their order: while older ones of this user wait, a new one waits behind them.
      if (!load().some((s) => sendable(s))) {
        // Stored before it is sent (a closed tab must not lose it), quietly: not counted as waiting.
        const firstTry = { ...scan, sentAt: at };
        updateQuietly((list) => [...list, firstTry]);
        try {
          const result = (await send(url, body, scan.key)) as T;
          remember(card, at);
          removeQuietly(scan.key);
          return { kind: 'recorded', result, scan, fromQueue: false };
        } catch (err) {
          if (!isRetryable(err)) {
            if (!isTooMany(err)) remember(card, at);
            removeQuietly(scan.key);
            return { kind: 'refused', error: err as ApiError, scan, fromQueue: false };
          }
          removeQuietly(scan.key);
        }
      }
      // The scanner beeped twice within the server's window: the twin is answered or waiting already,
      // so this one is the 429 the server would have given — ignored, never a second meal later.
      const twin = answered.get(card);
      const doubled =
        (twin !== undefined && near(twin, at)) ||
        load().some((s) => cardOf(s.url, s.body) === card && near(Date.parse(s.scannedAt), at));
      if (doubled) return { kind: 'refused', error: doubleScanError(), scan, fromQueue: false };
      update((list) => [...list, scan]);
      schedule();
      return { kind: 'queued', scan };
    },
    /** This user's scans waiting for the network (another user's wait until they sign in again). */
    pending,
    /** Try now (the browser is back online, the user signed in, or the screen opened with scans waiting). */
    retryNow: () => {
      if (timer) clearTimeout(timer);
      timer = null;
      return flush();
    },
    /** Another tab changed the stored queue: count again, and send what waits there if that tab is gone. */
    refresh: () => {
      load();
      notify();
      schedule();
    },
    onPending(l: (pending: number) => void) {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    /** Answers to scans that waited, for the screen to show (a refusal after the fact, a new row). */
    onOutcome(l: (o: ScanOutcome<T>) => void) {
      outcomeListeners.add(l);
      return () => void outcomeListeners.delete(l);
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

export type ScanQueue<T = unknown> = ReturnType<typeof createScanQueue<T>>;
