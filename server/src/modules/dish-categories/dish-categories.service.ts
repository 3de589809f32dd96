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
import { forbidden, isUniqueViolation, notFound, ValidationError } from '../../platform/http/errors.ts';
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

const NAME_KEY = 'dish_categories_organization_name_key';

/** A write that hits a name the organization already has answers on the name field. */
const saving = async <T>(write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, NAME_KEY)) throw ValidationError.field('name', DISH_MESSAGES.categoryNameTaken);
    throw err;
  }
};

const ownOrganization = (actor: Actor): number => {
  if (actor.organizationId === null) throw forbidden();
  return actor.organizationId;
};

/**
 * Spec 2 "Dish categories": the education admin's own organization's categories. A name is unique in
 * the organization whatever the letter case and the spaces around it, as book categories are in a school.
 */
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
      return saving(() =>
        platform.db.transaction(async (tx) => {
          const row = await repo.insert(organizationId, body.name, tx);
          await audit(tx, actor, {
            action: 'dish_category_create',
            entity: 'dish_category',
            entityId: row.id,
            organizationId,
            after: toCategory(row),
          });
          return toCategory(row);
        }),
      );
    },

    async update(actor: Actor, { id, name }: DishCategoryUpdate): Promise<DishCategory> {
      return saving(() =>
        platform.db.transaction(async (tx) => {
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
        }),
      );
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
