import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { tenantFilter, type Scope } from '../../platform/auth/scope.ts';
import { listPage, searchIn } from '../../platform/db/catalogue.ts';
import type { Db } from '../../platform/db/client.ts';
import { dishCategories, dishes } from '../../platform/db/schema-food.ts';

// Written out: drizzle would name the outer column bare ("id"), which the subquery reads as d.id.
const liveDishes = sql<number>`(select count(*) from dishes d
  where d.category_id = dish_categories.id and d.deleted_at is null)`.mapWith(Number);

const columns = {
  id: dishCategories.id,
  organizationId: dishCategories.organizationId,
  name: dishCategories.name,
  createdAt: dishCategories.createdAt,
  dishes: liveDishes,
};
export type DishCategoryRow = {
  id: number;
  organizationId: number;
  name: string;
  createdAt: Date;
  dishes: number;
};

const EVERYWHERE: Scope = { all: true, organizationId: null, schoolId: null };

export function createDishCategoriesRepository(db: Db) {
  const visible = (scope: Scope, organizationId?: number) =>
    and(
      isNull(dishCategories.deletedAt),
      scope.all && organizationId
        ? eq(dishCategories.organizationId, organizationId)
        : tenantFilter(dishCategories, scope),
    );

  return {
    async list(scope: Scope, opts: { query?: string; organizationId?: number; limit: number; offset: number }) {
      const where = and(visible(scope, opts.organizationId), searchIn(opts.query, dishCategories.name));
      return listPage(db, {
        rows: (tx) =>
          tx
            .select(columns)
            .from(dishCategories)
            .where(where)
            .orderBy(asc(dishCategories.name), asc(dishCategories.id)),
        table: dishCategories,
        where,
        ...opts,
      });
    },

    /** `lock` holds the row until the transaction ends, so a delete and its checks see one state. */
    async find(scope: Scope, id: number, tx: Db = db, lock = false): Promise<DishCategoryRow | null> {
      const query = tx
        .select(columns)
        .from(dishCategories)
        .where(and(eq(dishCategories.id, id), visible(scope)))
        .limit(1);
      const [row] = lock ? await query.for('update', { of: dishCategories }) : await query;
      return row ?? null;
    },

    async insert(organizationId: number, name: string, tx: Db = db): Promise<DishCategoryRow> {
      const [row] = await tx
        .insert(dishCategories)
        .values({ organizationId, name })
        .returning({ id: dishCategories.id });
      return (await this.find(EVERYWHERE, row!.id, tx))!;
    },

    async update(scope: Scope, id: number, name: string, tx: Db = db): Promise<DishCategoryRow | null> {
      const [row] = await tx
        .update(dishCategories)
        .set({ name })
        .where(and(eq(dishCategories.id, id), visible(scope)))
        .returning({ id: dishCategories.id });
      return row ? this.find(scope, row.id, tx) : null;
    },

    async countDishes(id: number, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(dishes)
        .where(and(eq(dishes.categoryId, id), isNull(dishes.deletedAt)));
      return row?.n ?? 0;
    },

    async archive(id: number, at: Date, tx: Db = db) {
      await tx.update(dishCategories).set({ deletedAt: at }).where(eq(dishCategories.id, id));
    },
  };
}
