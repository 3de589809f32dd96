import { sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { lookPeriodically } from './periodic.ts';

/** A user create's key: kept a month (a form left open over a holiday can still be sent again). */
export const REQUEST_KEY_DAYS = 30;
/** A scan's key: a scan is refused once it is over 24 hours old, so its retry cannot need the key after two days. */
export const SCAN_KEY_DAYS = 2;
/** An order's key: a cart is kept in its browser until it is paid or cleared; a month covers a lost answer. */
export const ORDER_KEY_DAYS = 30;
/** A browser or address an account signed in from (modules/auth/sign-in-sources.repository.ts). */
export const SIGN_IN_SOURCE_DAYS = 365;
/** Scan keys are cleared this many visits a statement, so no run holds the visits long. */
const BATCH = 5000;
const EVERY_MS = 60 * 60_000;
const FIRST_MS = 60_000;

/**
 * Forgets the Idempotency-Keys no retry can still use: user creates' rows of `request_keys`, and the
 * keys kept on visits and orders (their rows stay, the key and its unique index entry go). Answers
 * how many of each were forgotten, with the repeat windows past their time.
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
  // Repeat windows claimed here while Redis was away (modules/fixations/repeat-guard.ts).
  const windows = rowsOf(await db.execute(sql`delete from scan_windows where until < now()`));
  // Browsers and addresses a sign-in is let in from under attack, a year after their last use.
  const sources = rowsOf(
    await db.execute(sql`delete from sign_in_sources where last_at < ${before(SIGN_IN_SOURCE_DAYS)}::timestamptz`),
  );
  // Sessions a day past their end (a token of theirs cannot be used any more).
  const sessionsEnded = rowsOf(
    await db.execute(sql`delete from sessions where expires_at < ${before(1)}::timestamptz`),
  );
  return { requests, scans, orders, windows, sources, sessions: sessionsEnded };
}

/** Prunes a minute after the start and then every hour; answers the stop. */
export function startKeyPruning(
  db: Db,
  now: () => Date,
  log: { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void },
) {
  return lookPeriodically(
    async () => {
      const n = await pruneKeys(db, now());
      if (n.requests + n.scans + n.orders + n.windows + n.sources + n.sessions > 0)
        log.info(n, 'idempotency keys forgotten');
    },
    { firstMs: FIRST_MS, everyMs: EVERY_MS, failed: 'idempotency key pruning failed' },
    log,
  );
}
