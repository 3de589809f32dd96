import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { tenantFilter, type Scope } from '../../platform/auth/scope.ts';
import { listPage, searchIn } from '../../platform/db/catalogue.ts';
import type { Db } from '../../platform/db/client.ts';
import { users, watches } from '../../platform/db/schema-people.ts';

export interface WatchValues {
  name: string;
  days: number[];
}

const columns = {
  id: watches.id,
  organizationId: watches.organizationId,
  name: watches.name,
  days: watches.days,
  createdAt: watches.createdAt,
};
export type WatchRow = {
  id: number;
  organizationId: number;
  name: string;
  days: number[];
  createdAt: Date;
};

export function createWatchesRepository(db: Db) {
  const visible = (scope: Scope, organizationId?: number) =>
    and(
      isNull(watches.deletedAt),
      scope.all && organizationId ? eq(watches.organizationId, organizationId) : tenantFilter(watches, scope),
    );

  return {
    async list(scope: Scope, opts: { query?: string; organizationId?: number; limit: number; offset: number }) {
      const where = and(visible(scope, opts.organizationId), searchIn(opts.query, watches.name));
      return listPage(db, {
        rows: (tx) => tx.select(columns).from(watches).where(where).orderBy(asc(watches.name), asc(watches.id)),
        table: watches,
        where,
        ...opts,
      });
    },

    /** `lock` holds the row until the transaction ends, so a delete and its checks see one state. */
    async find(scope: Scope, id: number, tx: Db = db, lock = false) {
      const query = tx
        .select(columns)
        .from(watches)
        .where(and(eq(watches.id, id), visible(scope)))
        .limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    async insert(organizationId: number, values: WatchValues, tx: Db = db) {
      const [row] = await tx
        .insert(watches)
        .values({ organizationId, ...values })
        .returning(columns);
      return row!;
    },

    async update(scope: Scope, id: number, values: WatchValues, tx: Db = db) {
      const [row] = await tx
        .update(watches)
        .set(values)
        .where(and(eq(watches.id, id), visible(scope)))
        .returning(columns);
      return row ?? null;
    },

    /** Live users (not removed) who hold the watch. */
    async countHolders(id: number, tx: Db = db) {
      const [row] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.watchId, id), isNull(users.deletedAt)));
      return row?.n ?? 0;
    },

    async archive(id: number, at: Date, tx: Db = db) {
      await tx.update(watches).set({ deletedAt: at }).where(eq(watches.id, id));
    },
  };
}
