import type { Ok } from '@tamaq/contract/common';
import {
  DISH_MESSAGES,
  type DishCategory,
  type DishCategoryCreate,
  type DishCategoryList,
  type DishCategoryListQuery,
  type DishCategoryUpdate,
} from '@tamaq/contract/dishes';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { audit } from '../../platform/audit.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { retire } from '../../platform/retire.ts';
import { createDishCategoriesRepository, type DishCategoryRow } from './dish-categories.repository.ts';

const toCategory = (row: DishCategoryRow): DishCategory => ({
  id: row.id,
  organization_id: row.organizationId,
  name: row.name,
  dishes: row.dishes,
  created_at: row.createdAt.toISOString(),
});

const ownOrganization = (actor: Actor): number => {
  if (actor.organizationId === null) throw forbidden();
  return actor.organizationId;
};

/** Spec 2 "Dish categories": the education admin's own organization's categories. */
export function createDishCategoriesService(platform: Platform) {
  const repo = createDishCategoriesRepository(platform.db);

  return {
    async list(actor: Actor, query: DishCategoryListQuery): Promise<DishCategoryList> {
      const { rows, total } = await repo.list(scopeOf(actor), query);
      return { total, rows: rows.map(toCategory) };
    },

    async get(actor: Actor, id: number): Promise<DishCategory> {
      const row = await repo.find(scopeOf(actor), id);
      if (!row) throw notFound(DISH_MESSAGES.categoryNotFound);
      return toCategory(row);
    },

    async create(actor: Actor, body: DishCategoryCreate): Promise<DishCategory> {
      const organizationId = ownOrganization(actor);
      return platform.db.transaction(async (tx) => {
        const row = await repo.insert(organizationId, body.name, tx);
        await audit(tx, actor, {
          action: 'dish_category_create',
          entity: 'dish_category',
          entityId: row.id,
          organizationId,
          after: toCategory(row),
        });
        return toCategory(row);
      });
    },

    async update(actor: Actor, { id, name }: DishCategoryUpdate): Promise<DishCategory> {
      return platform.db.transaction(async (tx) => {
        const before = await repo.find(scopeOf(actor), id, tx, true);
        if (!before) throw notFound(DISH_MESSAGES.categoryNotFound);
        const row = (await repo.update(scopeOf(actor), id, name, tx))!;
        await audit(tx, actor, {
          action: 'dish_category_update',
          entity: 'dish_category',
          entityId: id,
          organizationId: row.organizationId,
          before: toCategory(before),
          after: toCategory(row),
        });
        return toCategory(row);
      });
    },

    /** Refused while live dishes are in the category (menus sell them); otherwise archived. */
    remove: (actor: Actor, id: number): Promise<Ok> =>
      retire(platform.db, actor, {
        find: (tx) => repo.find(scopeOf(actor), id, tx, true),
        notFound: DISH_MESSAGES.categoryNotFound,
        refuse: async (tx) => {
          const n = await repo.countDishes(id, tx);
          return n > 0 ? DISH_MESSAGES.categoryHasDishes(n) : null;
        },
        retire: (tx) => repo.archive(id, platform.now(), tx),
        audit: {
          action: 'dish_category_delete',
          entity: 'dish_category',
          id,
          organizationId: (r) => r.organizationId,
          before: toCategory,
        },
      }),
  };
}
