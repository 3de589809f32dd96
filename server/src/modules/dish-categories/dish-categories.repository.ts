import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { dishes } from '../../platform/db/schema-food.ts';

/**
 * A category's live dishes, read with every row. Written out: drizzle would name the outer column
 * bare ("id"), which the subquery reads as d.id.
 */
export const liveDishes = sql<number>`(select count(*) from dishes d
  where d.category_id = dish_categories.id and d.deleted_at is null)`.mapWith(Number);

export function createDishCategoriesRepository(db: Db) {
  return {
    async countDishes(id: number, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(dishes)
        .where(and(eq(dishes.categoryId, id), isNull(dishes.deletedAt)));
      return row?.n ?? 0;
    },
  };
}
