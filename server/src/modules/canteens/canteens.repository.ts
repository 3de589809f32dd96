import { and, asc, eq, isNull } from 'drizzle-orm';
import { tenantFilter, type Scope } from '../../platform/auth/scope.ts';
import { listPage, searchIn } from '../../platform/db/catalogue.ts';
import type { Db } from '../../platform/db/client.ts';
import { canteens } from '../../platform/db/schema-people.ts';

export interface CanteenValues {
  name: string;
  address: string;
  description: string | null;
}

const columns = {
  id: canteens.id,
  organizationId: canteens.organizationId,
  name: canteens.name,
  address: canteens.address,
  description: canteens.description,
  createdAt: canteens.createdAt,
};
export type CanteenRow = {
  id: number;
  organizationId: number;
  name: string;
  address: string;
  description: string | null;
  createdAt: Date;
};

export function createCanteensRepository(db: Db) {
  /** Live canteens the scope may see; the super admin may narrow to one organization. */
  const visible = (scope: Scope, organizationId?: number) =>
    and(
      isNull(canteens.deletedAt),
      scope.all && organizationId ? eq(canteens.organizationId, organizationId) : tenantFilter(canteens, scope),
    );

  return {
    async list(scope: Scope, opts: { query?: string; organizationId?: number; limit: number; offset: number }) {
      const where = and(
        visible(scope, opts.organizationId),
        searchIn(opts.query, canteens.name, canteens.address, canteens.description),
      );
      return listPage(db, {
        rows: (tx) => tx.select(columns).from(canteens).where(where).orderBy(asc(canteens.name), asc(canteens.id)),
        table: canteens,
        where,
        ...opts,
      });
    },

    async find(scope: Scope, id: number, tx: Db = db) {
      const [row] = await tx
        .select(columns)
        .from(canteens)
        .where(and(eq(canteens.id, id), visible(scope)))
        .limit(1);
      return row ?? null;
    },

    async insert(organizationId: number, values: CanteenValues, tx: Db = db) {
      const [row] = await tx
        .insert(canteens)
        .values({ organizationId, ...values })
        .returning(columns);
      return row!;
    },

    async update(scope: Scope, id: number, values: CanteenValues, tx: Db = db) {
      const [row] = await tx
        .update(canteens)
        .set(values)
        .where(and(eq(canteens.id, id), visible(scope)))
        .returning(columns);
      return row ?? null;
    },

    /** Archives: visits keep pointing at the canteen, lists stop showing it. */
    async archive(scope: Scope, id: number, at: Date, tx: Db = db) {
      const [row] = await tx
        .update(canteens)
        .set({ deletedAt: at })
        .where(and(eq(canteens.id, id), visible(scope)))
        .returning(columns);
      return row ?? null;
    },
  };
}
