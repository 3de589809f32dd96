import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema-people.ts';

export function createWatchesRepository(db: Db) {
  return {
    /** Live users (not removed) who hold the watch. */
    async countHolders(id: number, tx: Db = db) {
      const [row] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.watchId, id), isNull(users.deletedAt)));
      return row?.n ?? 0;
    },
  };
}
