import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema-people.ts';

export function createUserPasswordRepository(db: Db) {
  return {
    /** Sets the hash and bumps the token version (every session of that user ends); null for no live user. */
    async setPassword(userId: number, passwordHash: string, at: Date, tx: Db = db) {
      const [row] = await tx
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: at })
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .returning({ id: users.id, organizationId: users.organizationId });
      return row ?? null;
    },
  };
}
