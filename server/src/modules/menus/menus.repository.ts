import { dishAllergensOn } from '../../platform/db/dish-allergens.ts';
import { organizationTimeZone } from '../../platform/db/time-zone.ts';
import { and, asc, count, eq, inArray, isNull, notInArray, or, gt, sql } from 'drizzle-orm';
import type { MenuSeason } from '@tamaq/contract/menus';
import { tenantFilter, type Scope } from '../../platform/auth/scope.ts';
import { listPage, searchIn } from '../../platform/db/catalogue.ts';
import type { Db } from '../../platform/db/client.ts';
import { images } from '../../platform/db/schema.ts';
import { dishes, menuActivations, menuDishes, menus } from '../../platform/db/schema-food.ts';
import { alphabetically } from '../../platform/db/alphabet.ts';

// Written out: drizzle would name the outer column bare ("id"), which the subquery would read as its own.
const liveActivations = sql<number>`(select count(*) from menu_activations a
  where a.menu_id = menus.id and a.deleted_at is null)`.mapWith(Number);

const columns = {
  id: menus.id,
  organizationId: menus.organizationId,
  name: menus.name,
  nameKk: menus.nameKk,
  nameRuMissing: menus.nameRuMissing,
  days: menus.days,
  groups: menus.groups,
  season: menus.season,
  createdAt: menus.createdAt,
  activations: liveActivations,
};
const selectMenus = (tx: Db) => tx.select(columns).from(menus);
export type MenuRow = Awaited<ReturnType<typeof selectMenus>>[number];

export interface MenuValues {
  name: string;
  nameKk: string | null;
  nameRuMissing: boolean;
  days: number;
  groups: number[];
  season: MenuSeason | null;
}

export function createMenusRepository(db: Db) {
  const visible = (scope: Scope, organizationId?: number) =>
    and(
      isNull(menus.deletedAt),
      scope.all && organizationId ? eq(menus.organizationId, organizationId) : tenantFilter(menus, scope),
    );

  const find = async (scope: Scope, id: number, tx: Db = db): Promise<MenuRow | null> => {
    const [row] = await tx
      .select(columns)
      .from(menus)
      .where(and(eq(menus.id, id), visible(scope)))
      .limit(1);
    return row ?? null;
  };

  return {
    find,

    async list(scope: Scope, opts: { query?: string; organizationId?: number; limit: number; offset: number }) {
      const where = and(visible(scope, opts.organizationId), searchIn(opts.query, menus.name, menus.nameKk));
      return listPage(db, {
        rows: (tx) => selectMenus(tx).where(where).orderBy(alphabetically(menus.name), asc(menus.id)),
        table: menus,
        where,
        ...opts,
      });
    },

    /** The live menu locked until the transaction ends (its checks and its change see one state). */
    async lock(scope: Scope, id: number, tx: Db): Promise<MenuRow | null> {
      const [locked] = await tx
        .select({ id: menus.id })
        .from(menus)
        .where(and(eq(menus.id, id), visible(scope)))
        .for('update');
      return locked ? find(scope, id, tx) : null;
    },

    /** The organization's time zone, for its today. */
    timeZone: (organizationId: number) => organizationTimeZone(db, organizationId),

    /** The menu's live dishes by day, meal mode and order, with their allergens on `date`. */
    async dishesOf(menuId: number, date: string, tx: Db = db) {
      return tx
        .select({
          day: menuDishes.day,
          group: menuDishes.group,
          dishId: dishes.id,
          name: dishes.name,
          nameKk: dishes.nameKk,
          nameRuMissing: dishes.nameRuMissing,
          output: dishes.output,
          cost: dishes.cost,
          imageId: images.id,
          imageKey: images.key,
          allergens: dishAllergensOn('dishes', sql`${date}::date`),
        })
        .from(menuDishes)
        .innerJoin(dishes, eq(dishes.id, menuDishes.dishId))
        .leftJoin(images, eq(images.id, dishes.imageId))
        .where(and(eq(menuDishes.menuId, menuId), isNull(dishes.deletedAt)))
        .orderBy(
          asc(menuDishes.day),
          asc(menuDishes.group),
          asc(menuDishes.position),
          alphabetically(dishes.name),
          asc(dishes.id),
        );
    },

    async insert(organizationId: number, values: MenuValues, tx: Db): Promise<number> {
      const [row] = await tx
        .insert(menus)
        .values({ organizationId, ...values })
        .returning({ id: menus.id });
      return row!.id;
    },

    /** Saves the menu and drops its dishes on days and meal modes it no longer has. */
    async update(id: number, values: MenuValues, tx: Db): Promise<void> {
      await tx.update(menus).set(values).where(eq(menus.id, id));
      await tx
        .delete(menuDishes)
        .where(
          and(
            eq(menuDishes.menuId, id),
            or(gt(menuDishes.day, values.days), notInArray(menuDishes.group, values.groups)),
          ),
        );
    },

    async countActivations(id: number, tx: Db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(menuActivations)
        .where(and(eq(menuActivations.menuId, id), isNull(menuActivations.deletedAt)));
      return row?.n ?? 0;
    },

    async archive(id: number, at: Date, tx: Db) {
      await tx.update(menus).set({ deletedAt: at }).where(eq(menus.id, id));
    },

    /** The ids among `ids` that are live dishes of the organization. */
    async liveDishes(organizationId: number, ids: number[], tx: Db): Promise<number[]> {
      const rows = await tx
        .select({ id: dishes.id })
        .from(dishes)
        .where(and(inArray(dishes.id, ids), eq(dishes.organizationId, organizationId), isNull(dishes.deletedAt)))
        .for('share');
      return rows.map((r) => r.id);
    },

    /** Added after the meal's dishes once their order was set; by name among them before. */
    async addDishes(menuId: number, day: number, group: number, dishIds: number[], tx: Db) {
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${menuDishes.position}), 0)::int` })
        .from(menuDishes)
        .where(and(eq(menuDishes.menuId, menuId), eq(menuDishes.day, day), eq(menuDishes.group, group)));
      const position = last && last.position > 0 ? last.position + 1 : 0;
      await tx
        .insert(menuDishes)
        .values(dishIds.map((dishId) => ({ menuId, day, group, dishId, position })))
        .onConflictDoNothing();
    },

    /** The dishes of a day's meal, as stored. */
    async mealDishes(menuId: number, day: number, group: number, tx: Db): Promise<number[]> {
      const rows = await tx
        .select({ id: menuDishes.dishId })
        .from(menuDishes)
        .where(and(eq(menuDishes.menuId, menuId), eq(menuDishes.day, day), eq(menuDishes.group, group)));
      return rows.map((r) => r.id);
    },

    /** The meal's dishes served in the order of `dishIds` (1, 2, …). */
    async orderDishes(menuId: number, day: number, group: number, dishIds: number[], tx: Db) {
      await tx.execute(sql`
        update menu_dishes m set position = o.position
        from unnest(${`{${dishIds.join(',')}}`}::int[]) with ordinality as o(dish_id, position)
        where m.menu_id = ${menuId}::int and m.day = ${day}::int and m.meal_mode = ${group}::int
          and m.dish_id = o.dish_id`);
    },

    /** Copies every dish of another menu, day and meal mode as they are. */
    async copyDishes(fromMenuId: number, toMenuId: number, tx: Db) {
      await tx.execute(sql`
        insert into menu_dishes (menu_id, day, meal_mode, dish_id, position)
        select ${toMenuId}::int, m.day, m.meal_mode, m.dish_id, m.position from menu_dishes m
        join dishes d on d.id = m.dish_id and d.deleted_at is null
        where m.menu_id = ${fromMenuId}::int`);
    },

    /**
     * Copies the live dishes of day `from` (every meal mode) onto the days `to`; with `replace` the
     * target days lose their own dishes first. Answers the number of dishes the day had.
     */
    async copyDay(menuId: number, from: number, to: number[], replace: boolean, tx: Db): Promise<number> {
      if (replace) await tx.delete(menuDishes).where(and(eq(menuDishes.menuId, menuId), inArray(menuDishes.day, to)));
      const result = await tx.execute(sql`
        with source as (
          select m.meal_mode, m.dish_id, m.position from menu_dishes m
          join dishes d on d.id = m.dish_id and d.deleted_at is null
          where m.menu_id = ${menuId}::int and m.day = ${from}::int
        ), copied as (
          insert into menu_dishes (menu_id, day, meal_mode, dish_id, position)
          select ${menuId}::int, t.day, s.meal_mode, s.dish_id, s.position
          from source s cross join unnest(${`{${to.join(',')}}`}::int[]) as t(day)
          on conflict do nothing
        )
        select count(*)::int as n from source`);
      return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    },

    async removeDish(menuId: number, day: number, group: number, dishId: number, tx: Db) {
      await tx
        .delete(menuDishes)
        .where(
          and(
            eq(menuDishes.menuId, menuId),
            eq(menuDishes.day, day),
            eq(menuDishes.group, group),
            eq(menuDishes.dishId, dishId),
          ),
        );
    },
  };
}
