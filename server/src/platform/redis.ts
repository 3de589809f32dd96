import type { Redis, RedisOptions } from 'ioredis';

/**
 * How the server's Redis connections behave: Redis is a helper (shared counts, the repeat window, the
 * live lists' fan-out), never what a scan waits for. While it is away every call fails at once and its
 * caller goes on without it (docs/rules.md "Without Redis"): no queue of calls waiting for a reconnect,
 * no retry of a call in flight, and a call that hangs is given up after half a second. The connection
 * itself is tried again every second at most, so Redis is used again soon after it is back.
 */
export const REDIS_OPTIONS = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: 500,
  connectTimeout: 2000,
  retryStrategy: (times: number) => Math.min(100 * times, 1000),
} satisfies RedisOptions;

/** How long a start waits for Redis before it serves without it (it is used once it answers). */
const READY_WAIT_MS = 2000;

export interface RedisWatch {
  /** Whether the connection answers now. */
  readonly up: boolean;
  /** Called each time the connection is back after a loss. */
  onBack(listener: () => void): void;
  /** From now on a closed connection is the server's own stop, not a loss. */
  stopping(): void;
}

interface Log {
  warn(msg: string): void;
  info(msg: string): void;
}

/**
 * Says in the log once when Redis is lost (or cannot be reached at the start) and once when it is
 * back: during an outage every reconnect fails, and a line each would drown the log at lunch.
 */
export function watchRedis(redis: Redis, log: Log): RedisWatch {
  let state: 'starting' | 'up' | 'down' = redis.status === 'ready' ? 'up' : 'starting';
  let stopping = false;
  const listeners = new Set<() => void>();
  const lost = (reason: string) => {
    if (stopping || state === 'down') return;
    const was = state;
    state = 'down';
    log.warn(
      was === 'up'
        ? `Redis: connection lost (${reason}); scans, limits and live lists go on without it until it is back`
        : `Redis: not reachable (${reason}); scans, limits and live lists go on without it until it answers`,
    );
  };
  redis.on('error', (err: Error) => lost(err.message));
  redis.on('close', () => lost('closed'));
  redis.on('ready', () => {
    const was = state;
    state = 'up';
    if (was !== 'down') return;
    log.info('Redis: back; shared counts, the repeat window and live lists use it again');
    for (const listener of listeners) listener();
  });
  return {
    get up() {
      return state === 'up';
    },
    onBack: (listener) => void listeners.add(listener),
    stopping: () => void (stopping = true),
  };
}

/** Waits for a new connection to answer, up to two seconds; the server starts either way. */
export async function redisReady(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, READY_WAIT_MS);
    redis.on('ready', done);
  });
}

/** Ends a connection whether or not it answers now (a quit needs an answer; while away it has none). */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}
