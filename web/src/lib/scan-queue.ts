import { HEADERS } from '@tamaq/contract/constants';
import { ApiError, api } from './api-client.ts';
import { serverNow } from './session.ts';

/**
 * The scans a bad network could not deliver yet. Every scan gets a fresh Idempotency-Key; a scan
 * that fails on the network (or on a server that is down) is kept in localStorage — it survives a
 * page reload — and retried with the SAME key and the time it was scanned until the server answers.
 * The server records it at that time, and never twice (DOMAIN.md rules 6 and 7).
 */
export interface QueuedScan {
  key: string;
  url: string;
  body: Record<string, unknown>;
  /** ISO time of the scan, in server time; sent only when the first try failed. */
  scannedAt: string;
  tries: number;
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
}

const STORAGE_KEY = 'tamaq.scan-queue.v1';
const BACKOFF_MS = [1000, 2000, 5000, 10_000, 30_000];

/** Worth another try: nothing reached a server that could decide (offline, timeout, 5xx, an expired session). */
export const isRetryable = (err: unknown): boolean =>
  err instanceof ApiError ? err.status === 0 || err.status >= 500 || err.status === 401 : true;

const defaultSend = (url: string, body: Record<string, unknown>, key: string) =>
  api.post(url, body, { headers: { [HEADERS.idempotency]: key } });

export function createScanQueue<T = unknown>(opts: ScanQueueOptions = {}) {
  const storage = opts.storage ?? localStorage;
  const send = opts.send ?? defaultSend;
  const now = opts.now ?? serverNow;
  const uuid = opts.uuid ?? (() => crypto.randomUUID());
  const storageKey = opts.storageKey ?? STORAGE_KEY;
  const listeners = new Set<(pending: number) => void>();
  const outcomeListeners = new Set<(o: ScanOutcome<T>) => void>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let flushing = false;

  const load = (): QueuedScan[] => {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(storageKey) ?? '[]');
      return Array.isArray(parsed) ? (parsed as QueuedScan[]) : [];
    } catch {
      return [];
    }
  };
  const save = (items: QueuedScan[]) => {
    try {
      storage.setItem(storageKey, JSON.stringify(items));
    } catch {
      // A full or blocked store: the scan still lives in memory until the page closes.
    }
    for (const l of listeners) l(items.length);
  };
  let items = load();
  const remove = (key: string) => {
    items = items.filter((s) => s.key !== key);
    save(items);
  };
  const emit = (o: ScanOutcome<T>) => {
    for (const l of outcomeListeners) l(o);
  };

  const schedule = () => {
    if (timer || !items.length) return;
    const delay = BACKOFF_MS[Math.min(items[0]!.tries, BACKOFF_MS.length - 1)]!;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, delay);
  };

  /** Sends the waiting scans oldest first; stops at the first that still cannot reach the server. */
  async function flush(): Promise<void> {
    if (flushing) return;
    flushing = true;
    try {
      while (items.length) {
        const scan = items[0]!;
        try {
          const result = (await send(scan.url, { ...scan.body, scannedAt: scan.scannedAt }, scan.key)) as T;
          remove(scan.key);
          emit({ kind: 'recorded', result, scan, fromQueue: true });
        } catch (err) {
          if (isRetryable(err)) {
            scan.tries += 1;
            save(items);
            break;
          }
          remove(scan.key);
          emit({ kind: 'refused', error: err as ApiError, scan, fromQueue: true });
        }
      }
    } finally {
      flushing = false;
      schedule();
    }
  }

  return {
    /** One scan: sent at once; kept and retried if the network fails. */
    async submit(url: string, body: Record<string, unknown>): Promise<ScanOutcome<T>> {
      const scan: QueuedScan = { key: uuid(), url, body, scannedAt: new Date(now()).toISOString(), tries: 0 };
      // Scans keep their order: while older ones wait, a new one waits behind them.
      if (!items.length) {
        try {
          const result = (await send(url, body, scan.key)) as T;
          return { kind: 'recorded', result, scan, fromQueue: false };
        } catch (err) {
          if (!isRetryable(err)) return { kind: 'refused', error: err as ApiError, scan, fromQueue: false };
        }
      }
      items = [...items, scan];
      save(items);
      schedule();
      return { kind: 'queued', scan };
    },
    pending: () => items.length,
    /** Try now (the browser is back online, or the screen opened with scans waiting). */
    retryNow: () => {
      if (timer) clearTimeout(timer);
      timer = null;
      return flush();
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
