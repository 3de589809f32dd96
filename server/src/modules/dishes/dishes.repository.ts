import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { tenantFilter, type Scope } from '../../platform/auth/scope.ts';
import { listPage, searchIn } from '../../platform/db/catalogue.ts';
import type { Db } from '../../platform/db/client.ts';
import { images } from '../../platform/db/schema.ts';
import { dishCategories, dishes, menuDishes } from '../../platform/db/schema-food.ts';
import { alphabetically } from '../../platform/db/alphabet.ts';

const columns = {
  id: dishes.id,
  organizationId: dishes.organizationId,
  categoryId: dishes.categoryId,
  categoryName: dishCategories.name,
  imageId: dishes.imageId,
  imageKey: images.key,
  name: dishes.name,
  nameKk: dishes.nameKk,
  nameRuMissing: dishes.nameRuMissing,
  cost: dishes.cost,
  output: dishes.output,
  description: dishes.description,
  allergens: dishes.allergens,
  createdAt: dishes.createdAt,
};
/** Dishes with their category's name and their photo's key. */
const joined = (tx: Db) =>
  tx
    .select(columns)
    .from(dishes)
    .innerJoin(dishCategories, eq(dishCategories.id, dishes.categoryId))
    .leftJoin(images, eq(images.id, dishes.imageId));
export type DishRow = Awaited<ReturnType<typeof joined>>[number];

export interface DishValues {
  categoryId: number;
  imageId: number | null;
  name: string;
  nameKk: string | null;
  nameRuMissing: boolean;
  cost: string;
  output: string;
  description: string | null;
  allergens: string[];
}

export function createDishesRepository(db: Db) {
  const visible = (scope: Scope, organizationId?: number) =>
    and(
      isNull(dishes.deletedAt),
      scope.all && organizationId ? eq(dishes.organizationId, organizationId) : tenantFilter(dishes, scope),
    );
  const find = async (scope: Scope, id: number, tx: Db = db): Promise<DishRow | null> => {
    const [row] = await joined(tx)
      .where(and(eq(dishes.id, id), visible(scope)))
      .limit(1);
    return row ?? null;
  };

  return {
    find,

    async list(
      scope: Scope,
      opts: { query?: string; organizationId?: number; categoryId?: number; limit: number; offset: number },
    ) {
      const where = and(
        visible(scope, opts.organizationId),
        opts.categoryId ? eq(dishes.categoryId, opts.categoryId) : undefined,
        // In either language: a Kazakh-speaking cashier's «шай» finds «Чай с сахаром» by its Kazakh name.
        searchIn(opts.query, dishes.name, dishes.nameKk),
      );
      return listPage(db, {
        rows: (tx) => joined(tx).where(where).orderBy(alphabetically(dishes.name), asc(dishes.id)),
        table: dishes,
        where,
        ...opts,
      });
    },

    /** A live category of the organization, locked so it is not archived under the new dish. */
    async liveCategory(organizationId: number, id: number, tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: dishCategories.id })
        .from(dishCategories)
        .where(
          and(
            eq(dishCategories.id, id),
            eq(dishCategories.organizationId, organizationId),
            isNull(dishCategories.deletedAt),
          ),
        )
        .for('share');
      return !!row;
    },

    async imageOwner(id: number, tx: Db = db): Promise<number | null | undefined> {
      const [row] = await tx.select({ ownerId: images.ownerId }).from(images).where(eq(images.id, id));
      return row ? row.ownerId : undefined;
    },

    async insert(organizationId: number, values: DishValues, tx: Db = db): Promise<number> {
      const [row] = await tx
        .insert(dishes)
        .values({ organizationId, ...values })
        .returning({ id: dishes.id });
      return row!.id;
    },

    async update(id: number, values: DishValues, tx: Db = db): Promise<void> {
      await tx.update(dishes).set(values).where(eq(dishes.id, id));
    },

    /** The live dish locked for a change or a delete; null when out of scope or gone. */
    async lock(scope: Scope, id: number, tx: Db): Promise<DishRow | null> {
      const [locked] = await tx
        .select({ id: dishes.id })
        .from(dishes)
        .where(and(eq(dishes.id, id), visible(scope)))
        .for('update');
      return locked ? find(scope, id, tx) : null;
    },

    /** The live menus with the dish on some day, by name, with their live activations. */
    async menusOf(id: number, tx: Db = db) {
      const result = await tx.execute(sql`
        select m.id, m.name,
               (select count(*) from menu_activations a where a.menu_id = m.id and a.deleted_at is null)::int
                 as activations
        from menus m
        where m.deleted_at is null and exists (select 1 from menu_dishes md where md.menu_id = m.id and md.dish_id = ${id})
        order by ${alphabetically(sql`m.name`)}, m.id`);
      return (result as unknown as { rows: { id: number; name: string; activations: number }[] }).rows;
    },

    /** Archives the dish and takes it off every menu: a menu never offers a dish that is gone. */
    async archive(id: number, at: Date, tx: Db = db) {
      await tx.update(dishes).set({ deletedAt: at }).where(eq(dishes.id, id));
      await tx.delete(menuDishes).where(eq(menuDishes.dishId, id));
    },
  };
}
