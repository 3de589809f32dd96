import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { HEADERS } from '@tamaq/contract/constants';
import type { Db } from '../db/client.ts';
import { requestKeys } from '../db/schema-people.ts';
import { ValidationError } from './errors.ts';

const KEY = /^[A-Za-z0-9_-]{8,100}$/;
const badKey = () => ValidationError.field('idempotencyKey', 'Неверный ключ идемпотентности');

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
 * Runs a create at most once per key: `create` runs in `tx`'s place inside one transaction that
 * also records the key with the new row's id, so a crash keeps both or neither. A retry (the
 * first answer was lost) gets the id the first one created, even when both arrive at once: the
 * second waits on the key's row and then reads it. Without a key, `create` simply runs.
 */
export async function createOnce(
  db: Db,
  who: { userId: number; key: string | null; kind: string },
  create: (tx: Db) => Promise<number>,
): Promise<number> {
  const { userId, key, kind } = who;
  if (key === null) return db.transaction(create);
  const earlier = async () => {
    const [row] = await db
      .select({ kind: requestKeys.kind, entityId: requestKeys.entityId })
      .from(requestKeys)
      .where(and(eq(requestKeys.userId, userId), eq(requestKeys.key, key)));
    if (row && row.kind !== kind) throw badKey();
    return row?.entityId ?? null;
  };
  const found = await earlier();
  if (found !== null) return found;
  try {
    return await db.transaction(async (tx) => {
      // Claimed first, so a simultaneous retry waits here rather than trying the create too.
      const claimed = await tx
        .insert(requestKeys)
        .values({ userId, key, kind, entityId: 0 })
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
