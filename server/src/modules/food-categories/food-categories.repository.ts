import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { FoodCategoryType } from '@tamaq/contract/food-categories';
import { tenantFilter, type Scope } from '../../platform/auth/scope.ts';
import { listPage, searchIn } from '../../platform/db/catalogue.ts';
import type { Db } from '../../platform/db/client.ts';
import { foodCategories, users } from '../../platform/db/schema-people.ts';
import { organizations } from '../../platform/db/schema.ts';

export interface FoodCategoryValues {
  name: string;
  /** Exact decimal text, '650.00': never a float. */
  cost: string;
  type: FoodCategoryType;
}

const table = foodCategories;
const columns = {
  id: table.id,
  organizationId: table.organizationId,
  name: table.name,
  cost: table.cost,
  type: table.type,
  createdAt: table.createdAt,
};
export type FoodCategoryRow = {
  id: number;
  organizationId: number;
  name: string;
  cost: string;
  type: FoodCategoryType;
  createdAt: Date;
};

/** Live users holding a category. */
const holders = (id: number) => and(eq(users.foodCategoryId, id), isNull(users.deletedAt));

export function createFoodCategoriesRepository(db: Db) {
  const visible = (scope: Scope, organizationId?: number) =>
    and(
      isNull(table.deletedAt),
      scope.all && organizationId ? eq(table.organizationId, organizationId) : tenantFilter(table, scope),
    );

  return {
    async list(scope: Scope, opts: { query?: string; organizationId?: number; limit: number; offset: number }) {
      const where = and(visible(scope, opts.organizationId), searchIn(opts.query, table.name));
      return listPage(db, {
        rows: (tx) => tx.select(columns).from(table).where(where).orderBy(asc(table.name), asc(table.id)),
        table,
        where,
        ...opts,
      });
    },

    /** `lock` holds the row to the end of the transaction (a type change and its pupils move together). */
    async find(scope: Scope, id: number, tx: Db = db, lock = false) {
      const query = tx
        .select(columns)
        .from(table)
        .where(and(eq(table.id, id), visible(scope)))
        .limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    async timeZoneOf(organizationId: number, tx: Db = db) {
      const [row] = await tx
        .select({ timeZone: organizations.timeZone })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row?.timeZone ?? null;
    },

    async insert(organizationId: number, values: FoodCategoryValues, tx: Db = db) {
      const [row] = await tx
        .insert(table)
        .values({ organizationId, ...values })
        .returning(columns);
      return row!;
    },

    async update(id: number, values: FoodCategoryValues, tx: Db = db) {
      const [row] = await tx.update(table).set(values).where(eq(table.id, id)).returning(columns);
      return row!;
    },

    async countHolders(id: number, tx: Db = db) {
      const [row] = await tx.select({ n: count() }).from(users).where(holders(id));
      return row?.n ?? 0;
    },

    /** The category became a social-wallet one: its pupils get it from `today`. */
    async setSocialWallet(id: number, today: string, at: Date, tx: Db = db) {
      const rows = await tx
        .update(users)
        .set({ socialWalletSetDate: today, socialWalletResetDate: null, updatedAt: at })
        .where(holders(id))
        .returning({ id: users.id });
      return rows.length;
    },

    /** The category stopped being a social-wallet one: its pupils lose it from `today`. */
    async resetSocialWallet(id: number, today: string, at: Date, tx: Db = db) {
      const rows = await tx
        .update(users)
        .set({ socialWalletResetDate: today, updatedAt: at })
        .where(holders(id))
        .returning({ id: users.id });
      return rows.length;
    },

    async archive(id: number, at: Date, tx: Db = db) {
      await tx.update(table).set({ deletedAt: at }).where(eq(table.id, id));
    },
  };
}
