import { ALLERGENS } from '@tamaq/contract/allergens';
import { DEFAULT_TIME_ZONE } from '@tamaq/contract/constants';
import { localDate } from '../../platform/time.ts';
import { namesOf, namesToStore, type StoredNames } from '@tamaq/contract/names';
import type { Ok } from '@tamaq/contract/common';
import { imageUrl } from '@tamaq/contract/images';
import {
  MENU_MESSAGES as M,
  type Menu,
  type MenuCopy,
  type MenuCreate,
  type MenuDayCopy,
  type MenuDishesAdd,
  type MenuDishesOrder,
  type MenuDishRemove,
  type MenuList,
  type MenuListQuery,
  type MenuUpdate,
} from '@tamaq/contract/menus';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db/client.ts';
import { forbidden, notFound, ValidationError } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { retire } from '../../platform/retire.ts';
import { createMenusRepository, type MenuRow } from './menus.repository.ts';

const toMenu = (row: MenuRow): Menu => ({
  id: row.id,
  ...namesOf(row),
  days: row.days,
  groups: [...row.groups].sort((a, b) => a - b).join(','),
  season: row.season,
  activations: row.activations,
  created_at: row.createdAt.toISOString(),
});

const ownOrganization = (actor: Actor): number => {
  if (actor.organizationId === null) throw forbidden();
  return actor.organizationId;
};

/** docs/product.md "Menus": the education admin's own organization's cyclic menus and their dishes. */
export function createMenusService(platform: Pick<Platform, 'db' | 'now'>) {
  const repo = createMenusRepository(platform.db);

  /** The menu with its dishes, each with its allergens today (the cook's and its card's). */
  const withDishes = async (row: MenuRow, tx?: Db): Promise<Menu> => {
    const today = localDate(platform.now(), (await repo.timeZone(row.organizationId)) ?? DEFAULT_TIME_ZONE);
    return {
      ...toMenu(row),
      products: (await repo.dishesOf(row.id, today, tx)).map((d) => ({
        day: d.day,
        group: d.group,
        product_id: d.dishId,
        product: {
          id: d.dishId,
          ...namesOf(d),
          output: d.output,
          cost: d.cost,
          image: d.imageId !== null && d.imageKey !== null ? { id: d.imageId, url: imageUrl(d.imageKey) } : null,
          allergens: ALLERGENS.filter((a) => d.allergens.includes(a)),
        },
      })),
    };
  };

  /** The menu for a change of its dishes: in scope (else 404), the day and meal mode its own (else 422). */
  const cellOf = async (actor: Actor, cell: { menu_id: number; day: number; group: number }, tx: Db) => {
    const menu = await repo.lock(scopeOf(actor), cell.menu_id, tx);
    if (!menu) throw notFound(M.notFound);
    if (cell.day > menu.days) throw ValidationError.field('day', M.day);
    if (!menu.groups.includes(cell.group)) throw ValidationError.field('group', M.group);
    return menu;
  };

  /** The names to store, or the 422 when neither would be left. */
  const named = (body: { name?: string | null; name_kk?: string | null }, current: StoredNames | null) => {
    const names = namesToStore(body, current);
    if ('error' in names) throw ValidationError.field('name', names.error);
    return names;
  };

  return {
    async list(actor: Actor, query: MenuListQuery): Promise<MenuList> {
      const { rows, total } = await repo.list(scopeOf(actor), query);
      return { total, rows: rows.map(toMenu) };
    },

    async get(actor: Actor, id: number): Promise<Menu> {
      const row = await repo.find(scopeOf(actor), id);
      if (!row) throw notFound(M.notFound);
      return withDishes(row);
    },

    async create(actor: Actor, body: MenuCreate): Promise<Menu> {
      const organizationId = ownOrganization(actor);
      return platform.db.transaction(async (tx) => {
        const id = await repo.insert(
          organizationId,
          { ...named(body, null), days: body.days, groups: body.groups, season: body.season ?? null },
          tx,
        );
        const menu = toMenu((await repo.find(scopeOf(actor), id, tx))!);
        await audit(tx, actor, { action: 'menu_create', entity: 'menu', entityId: id, organizationId, after: menu });
        return { ...menu, products: [] };
      });
    },

    /** Fewer days or meal modes drop the dishes of those days and modes, in the same transaction. */
    async update(actor: Actor, { id, ...values }: MenuUpdate): Promise<Menu> {
      return platform.db.transaction(async (tx) => {
        const before = await repo.lock(scopeOf(actor), id, tx);
        if (!before) throw notFound(M.notFound);
        await repo.update(
          id,
          {
            ...named(values, before),
            days: values.days,
            groups: values.groups,
            // Left out (the spec's client): as it was; null: all year.
            season: values.season === undefined ? before.season : values.season,
          },
          tx,
        );
        const after = (await repo.find(scopeOf(actor), id, tx))!;
        await audit(tx, actor, {
          action: 'menu_update',
          entity: 'menu',
          entityId: id,
          organizationId: before.organizationId,
          before: toMenu(before),
          after: toMenu(after),
        });
        return withDishes(after, tx);
      });
    },

    /** Refused while an activation applies the menu; otherwise archived. */
    remove: (actor: Actor, id: number): Promise<Ok> =>
      retire(platform.db, actor, {
        find: (tx) => repo.lock(scopeOf(actor), id, tx),
        notFound: M.notFound,
        refuse: async (tx) => ((await repo.countActivations(id, tx)) > 0 ? M.inUse : null),
        retire: (tx) => repo.archive(id, platform.now(), tx),
        audit: { action: 'menu_delete', entity: 'menu', id, organizationId: (r) => r.organizationId, before: toMenu },
      }),

    /** Adds dishes to a day and meal mode (a dish already there stays once); answers the menu. */
    async addDishes(actor: Actor, body: MenuDishesAdd): Promise<Menu> {
      return platform.db.transaction(async (tx) => {
        const menu = await cellOf(actor, body, tx);
        const live = await repo.liveDishes(menu.organizationId, body.product_ids, tx);
        if (live.length !== body.product_ids.length) throw notFound(M.dishNotFound);
        await repo.addDishes(menu.id, body.day, body.group, live, tx);
        await audit(tx, actor, {
          action: 'menu_dishes_add',
          entity: 'menu',
          entityId: menu.id,
          organizationId: menu.organizationId,
          after: { day: body.day, group: body.group, product_ids: live },
        });
        return withDishes(menu, tx);
      });
    },

    /** The day's meal's dishes in the order they are served: every dish of the meal, once. */
    async orderDishes(actor: Actor, body: MenuDishesOrder): Promise<Menu> {
      return platform.db.transaction(async (tx) => {
        const menu = await cellOf(actor, body, tx);
        const held = await repo.mealDishes(menu.id, body.day, body.group, tx);
        const same = held.length === body.product_ids.length && held.every((id) => body.product_ids.includes(id));
        if (!same) throw ValidationError.field('product_ids', M.dishOrder);
        await repo.orderDishes(menu.id, body.day, body.group, body.product_ids, tx);
        await audit(tx, actor, {
          action: 'menu_dishes_order',
          entity: 'menu',
          entityId: menu.id,
          organizationId: menu.organizationId,
          after: { day: body.day, group: body.group, product_ids: body.product_ids },
        });
        return withDishes(menu, tx);
      });
    },

    /** A new menu with the same days, meal modes and live dishes, under the name given. */
    async copy(actor: Actor, id: number, body: MenuCopy): Promise<Menu> {
      return platform.db.transaction(async (tx) => {
        const source = await repo.lock(scopeOf(actor), id, tx);
        if (!source) throw notFound(M.notFound);
        const copyId = await repo.insert(
          source.organizationId,
          // A name the copy is not given is the source's (its Kazakh name, say).
          { ...named(body, source), days: source.days, groups: source.groups, season: source.season },
          tx,
        );
        await repo.copyDishes(source.id, copyId, tx);
        const copy = (await repo.find(scopeOf(actor), copyId, tx))!;
        await audit(tx, actor, {
          action: 'menu_copy',
          entity: 'menu',
          entityId: copyId,
          organizationId: source.organizationId,
          after: { ...toMenu(copy), from_menu_id: source.id },
        });
        return withDishes(copy, tx);
      });
    },

    /** One day's dishes onto other days of the menu, added beside theirs or replacing them. */
    async copyDay(actor: Actor, id: number, body: MenuDayCopy): Promise<Menu> {
      return platform.db.transaction(async (tx) => {
        const menu = await repo.lock(scopeOf(actor), id, tx);
        if (!menu) throw notFound(M.notFound);
        if (body.from > menu.days) throw ValidationError.field('from', M.day);
        if (body.to.some((d) => d > menu.days)) throw ValidationError.field('to', M.day);
        const copied = await repo.copyDay(menu.id, body.from, body.to, body.replace, tx);
        // Nothing to copy: refused before anything changed (a replace would only have emptied days).
        if (copied === 0) throw ValidationError.field('from', M.emptyDay);
        await audit(tx, actor, {
          action: 'menu_day_copy',
          entity: 'menu',
          entityId: menu.id,
          organizationId: menu.organizationId,
          after: { from: body.from, to: body.to, replace: body.replace, dishes: copied },
        });
        return withDishes(menu, tx);
      });
    },

    /** Takes a dish off a day and meal mode; answers the menu. */
    async removeDish(actor: Actor, body: MenuDishRemove): Promise<Menu> {
      return platform.db.transaction(async (tx) => {
        const menu = await cellOf(actor, body, tx);
        await repo.removeDish(menu.id, body.day, body.group, body.product_id, tx);
        await audit(tx, actor, {
          action: 'menu_dish_remove',
          entity: 'menu',
          entityId: menu.id,
          organizationId: menu.organizationId,
          before: { day: body.day, group: body.group, product_id: body.product_id },
        });
        return withDishes(menu, tx);
      });
    },
  };
}
