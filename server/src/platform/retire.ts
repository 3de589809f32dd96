import type { Ok } from '@tamaq/contract/common';
import type { Actor } from './auth/actors.ts';
import { audit } from './audit.ts';
import type { Db } from './db/client.ts';
import { conflict, isForeignKeyViolation, notFound } from './http/errors.ts';

/**
 * How a catalogue row is deleted (docs/rules.md "Catalogs"): refused with the reason while something
 * live or historic still refers to it, else archived (history keeps pointing at it) or deleted, and
 * audited, all in one transaction.
 */
export interface RetireSteps<R> {
  /** The row within the caller's scope (locked when checks depend on it), or null: 404 `notFound`. */
  find: (tx: Db) => Promise<R | null>;
  notFound: string;
  /** The reason the row may not go (a 409), or null when nothing refers to it. */
  refuse?: (tx: Db, row: R) => Promise<string | null>;
  /** Archives or deletes the row. */
  retire: (tx: Db, row: R) => Promise<unknown>;
  /** A reference the checks did not see that the delete's foreign key found: a 409 with this reason. */
  onReference?: string;
  audit: {
    action: string;
    entity: string;
    id: number;
    organizationId: (row: R) => number | null;
    before: (row: R) => unknown;
  };
}

export async function retire<R>(db: Db, actor: Actor, steps: RetireSteps<R>): Promise<Ok> {
  try {
    await db.transaction(async (tx) => {
      const row = await steps.find(tx);
      if (!row) throw notFound(steps.notFound);
      const refusal = (await steps.refuse?.(tx, row)) ?? null;
      if (refusal) throw conflict(refusal);
      await steps.retire(tx, row);
      await audit(tx, actor, {
        action: steps.audit.action,
        entity: steps.audit.entity,
        entityId: steps.audit.id,
        organizationId: steps.audit.organizationId(row),
        before: steps.audit.before(row),
      });
    });
  } catch (err) {
    if (steps.onReference && isForeignKeyViolation(err)) throw conflict(steps.onReference);
    throw err;
  }
  return { success: true };
}
