import { sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';

/** A user create's key: kept a month (a form left open over a holiday can still be sent again). */
export const REQUEST_KEY_DAYS = 30;
/** A scan's key: a scan is refused once it is over 24 hours old, so its retry cannot need the key after two days. */
export const SCAN_KEY_DAYS = 2;
/** An order's key: a cart is kept in its browser until it is paid or cleared; a month covers a lost answer. */
export const ORDER_KEY_DAYS = 30;
/** Scan keys are cleared this many visits a statement, so no run holds the visits long. */
const BATCH = 5000;
const EVERY_MS = 60 * 60_000;
const FIRST_MS = 60_000;

/**
 * Forgets the Idempotency-Keys no retry can still use: user creates' rows of `request_keys`, and the
 * keys kept on visits and orders (their rows stay, the key and its unique index entry go). Answers
 * how many of each were forgotten.
 */
export async function pruneKeys(db: Db, now: Date) {
  const before = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  const rowsOf = (r: unknown) => (r as { rowCount?: number | null }).rowCount ?? 0;
  const requests = rowsOf(
    await db.execute(sql`delete from request_keys where created_at < ${before(REQUEST_KEY_DAYS)}::timestamptz`),
  );
  let scans = 0;
  for (;;) {
    const n = rowsOf(
      await db.execute(sql`
        update visits set scan_key = null where id in (
          select id from visits where scan_key is not null and created_at < ${before(SCAN_KEY_DAYS)}::timestamptz
          limit ${BATCH})`),
    );
    scans += n;
    if (n < BATCH) break;
  }
  const orders = rowsOf(
    await db.execute(sql`
      update orders set request_key = null
      where request_key is not null and created_at < ${before(ORDER_KEY_DAYS)}::timestamptz`),
  );
  return { requests, scans, orders };
}

/** Prunes a minute after the start and then every hour; answers the stop. */
export function startKeyPruning(
  db: Db,
  now: () => Date,
  log: { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void },
) {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    pruneKeys(db, now())
      .then((n) => {
        if (n.requests + n.scans + n.orders > 0) log.info(n, 'idempotency keys forgotten');
      })
      .catch((err: Error) => log.error({ error: err.message }, 'idempotency key pruning failed'))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(run, FIRST_MS);
  const every = setInterval(run, EVERY_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
