import { and, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { authCodes } from '../../platform/db/schema.ts';

export type CodePurpose = (typeof authCodes.$inferSelect)['purpose'];
export type CodeRow = typeof authCodes.$inferSelect;

export function createCodesRepository(db: Db) {
  return {
    async find(purpose: CodePurpose, email: string, tx: Db = db): Promise<CodeRow | null> {
      const [row] = await tx
        .select()
        .from(authCodes)
        .where(and(eq(authCodes.purpose, purpose), eq(authCodes.email, email)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Stores a code, replacing the one of the same purpose and e-mail only if that one was made at or
     * before `replaceUpTo`. Answers null when a younger code stands (checked by the write itself, so two
     * requests at once cannot both pass).
     */
    async put(
      row: Pick<CodeRow, 'purpose' | 'email' | 'codeHash' | 'payload' | 'expiresAt' | 'createdAt'>,
      replaceUpTo: Date,
      tx: Db = db,
    ): Promise<{ id: number } | null> {
      const [saved] = await tx
        .insert(authCodes)
        .values({ ...row, attempts: 0 })
        .onConflictDoUpdate({
          target: [authCodes.purpose, authCodes.email],
          set: {
            codeHash: row.codeHash,
            payload: row.payload,
            attempts: 0,
            expiresAt: row.expiresAt,
            createdAt: row.createdAt,
          },
          setWhere: lte(authCodes.createdAt, replaceUpTo),
        })
        .returning({ id: authCodes.id });
      return saved ?? null;
    },

    /**
     * Spends one try of a live code, never past `max`, and answers the code as it stands after that
     * (null when it is dead or expired). One statement, so concurrent guesses each spend a try.
     */
    async spendTry(id: number, max: number, at: Date, tx: Db = db) {
      const [row] = await tx
        .update(authCodes)
        .set({ attempts: sql`${authCodes.attempts} + 1` })
        .where(and(eq(authCodes.id, id), lt(authCodes.attempts, max), gt(authCodes.expiresAt, at)))
        .returning({ attempts: authCodes.attempts, codeHash: authCodes.codeHash, payload: authCodes.payload });
      return row ?? null;
    },

    /** Deletes the code if it is still the one that was checked; false when it was used or replaced meanwhile. */
    async consume(id: number, codeHash: string, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .delete(authCodes)
        .where(and(eq(authCodes.id, id), eq(authCodes.codeHash, codeHash)))
        .returning({ id: authCodes.id });
      return rows.length > 0;
    },

    async remove(id: number, tx: Db = db): Promise<void> {
      await tx.delete(authCodes).where(eq(authCodes.id, id));
    },

    /** Codes that expired before `before` help nobody: they only say which e-mails were tried. */
    async removeExpired(before: Date, tx: Db = db): Promise<void> {
      await tx.delete(authCodes).where(lt(authCodes.expiresAt, before));
    },
  };
}
