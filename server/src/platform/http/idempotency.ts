import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { HEADERS } from '@tamaq/contract/constants';
import type { Db } from '../db/client.ts';
import { requestKeys } from '../db/schema-people.ts';
import { ValidationError } from './errors.ts';
import { ERROR_MESSAGES } from '@tamaq/contract/errors';

const KEY = /^[A-Za-z0-9_-]{8,100}$/;
const badKey = () => ValidationError.field('idempotencyKey', ERROR_MESSAGES.badIdempotencyKey);

/** The message of a key sent again with another request: a retry is the same request, byte for byte. */
export const KEY_REUSED = ERROR_MESSAGES.idempotencyKeyReused;
/** A key met again with a body that is not its first request's: refused, nothing written. */
export const keyReused = () => ValidationError.field('idempotencyKey', KEY_REUSED);

/** JSON with its object keys in order: the same request however its fields were ordered. */
const stable = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(stable)
    : v !== null && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .filter(([, x]) => x !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([k, x]) => [k, stable(x)]),
        )
      : v;

/** What a keyed request asked for, as a digest kept with its key. */
export const requestDigest = (request: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify(stable(request)))
    .digest('hex')
    .slice(0, 32);

/** The request's Idempotency-Key (a UUID the web makes per scan or per form and keeps for its retries). */
export function idempotencyKey(request: FastifyRequest): string | null {
  const raw = request.headers[HEADERS.idempotency.toLowerCase()];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !KEY.test(raw)) throw badKey();
  return raw;
}

/** A retry met the first request's key while that one was still being written: read it now. */
class KeyTaken extends Error {}

/**
 * Runs a create at most once per key (and `digest`, what the request asked for: the same key with
 * another request is refused, 422): `create` runs in `tx`'s place inside one transaction that
 * also records the key with the new row's id, so a crash keeps both or neither. A retry (the
 * first answer was lost) gets the id the first one created, even when both arrive at once: the
 * second waits on the key's row and then reads it. Without a key, `create` simply runs.
 */
export async function createOnce(
  db: Db,
  who: { userId: number; key: string | null; kind: string; digest: string },
  create: (tx: Db) => Promise<number>,
): Promise<number> {
  const { userId, key, kind, digest } = who;
  if (key === null) return db.transaction(create);
  const earlier = async () => {
    const [row] = await db
      .select({ kind: requestKeys.kind, entityId: requestKeys.entityId, digest: requestKeys.digest })
      .from(requestKeys)
      .where(and(eq(requestKeys.userId, userId), eq(requestKeys.key, key)));
    if (row && row.kind !== kind) throw badKey();
    // The same key with another request: not a retry (a key written before digests were kept is one).
    if (row && row.digest !== null && row.digest !== digest) throw keyReused();
    return row?.entityId ?? null;
  };
  const found = await earlier();
  if (found !== null) return found;
  try {
    return await db.transaction(async (tx) => {
      // Claimed first, so a simultaneous retry waits here rather than trying the create too.
      const claimed = await tx
        .insert(requestKeys)
        .values({ userId, key, kind, entityId: 0, digest })
        .onConflictDoNothing()
        .returning({ key: requestKeys.key });
      if (claimed.length === 0) throw new KeyTaken();
      const id = await create(tx);
      await tx
        .update(requestKeys)
        .set({ entityId: sql`${id}` })
        .where(and(eq(requestKeys.userId, userId), eq(requestKeys.key, key)));
      return id;
    });
  } catch (err) {
    if (!(err instanceof KeyTaken)) throw err;
    const id = await earlier();
    if (id === null) throw err;
    return id;
  }
}
