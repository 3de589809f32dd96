import type { Ok } from '@tamaq/contract/common';
import {
  DISH_MESSAGES as M,
  type Dish,
  type DishCreate,
  type DishMenus,
  type DishList,
  type DishListQuery,
  type DishUpdate,
} from '@tamaq/contract/dishes';
import { ALLERGENS } from '@tamaq/contract/allergens';
import { imageUrl } from '@tamaq/contract/images';
import { namesOf, namesToStore } from '@tamaq/contract/names';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db/client.ts';
import { forbidden, notFound, ValidationError } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { retire } from '../../platform/retire.ts';
import { createDishesRepository, type DishRow, type DishValues } from './dishes.repository.ts';

const toDish = (row: DishRow): Dish => ({
  id: row.id,
  organization_id: row.organizationId,
  category_id: row.categoryId,
  category: { id: row.categoryId, name: row.categoryName },
  image_id: row.imageId,
  image: row.imageId !== null && row.imageKey !== null ? { id: row.imageId, url: imageUrl(row.imageKey) } : null,
  ...namesOf(row),
  cost: row.cost,
  output: row.output,
  description: row.description,
  allergens: ALLERGENS.filter((a) => row.allergens.includes(a)),
  created_at: row.createdAt.toISOString(),
});

const ownOrganization = (actor: Actor): number => {
  if (actor.organizationId === null) throw forbidden();
  return actor.organizationId;
};

/** docs/product.md "Dish categories and dishes": the education admin's own organization's dishes, priced exactly. */
export function createDishesService(platform: Pick<Platform, 'db' | 'now'>) {
  const repo = createDishesRepository(platform.db);

  /**
   * The dish's values after the checks: its category is a live one of the organization, and a new
   * photo is one the caller uploaded (a photo the dish already shows may stay).
   */
  const checked = async (
    actor: Actor,
    organizationId: number,
    body: Omit<DishUpdate, 'id'>,
    current: DishRow | null,
    tx: Db,
  ): Promise<DishValues> => {
    if (!(await repo.liveCategory(organizationId, body.category_id, tx))) {
      throw ValidationError.field('category_id', M.categoryNotFound);
    }
    const imageId = body.image_id ?? null;
    if (imageId !== null && imageId !== current?.imageId && (await repo.imageOwner(imageId, tx)) !== actor.userId) {
      throw ValidationError.field('image_id', M.imageNotFound);
    }
    const names = namesToStore(body, current);
    if ('error' in names) throw ValidationError.field('name', names.error);
    return {
      categoryId: body.category_id,
      imageId,
      ...names,
      cost: body.cost,
      output: body.output,
      description: body.description,
      // Each once, in the list's order; left out, a new dish has none and an edit keeps them.
      allergens: body.allergens ? ALLERGENS.filter((a) => body.allergens!.includes(a)) : (current?.allergens ?? []),
    };
  };

  return {
    async list(actor: Actor, query: DishListQuery): Promise<DishList> {
      const { rows, total } = await repo.list(scopeOf(actor), query);
      return { total, rows: rows.map(toDish) };
    },

    /** The menus the dish is on (asked before it is deleted); another organization's dish is not found. */
    async menus(actor: Actor, id: number): Promise<DishMenus> {
      const dish = await repo.find(scopeOf(actor), id);
      if (!dish) throw notFound(M.dishNotFound);
      return { rows: await repo.menusOf(id) };
    },

    async get(actor: Actor, id: number): Promise<Dish> {
      const row = await repo.find(scopeOf(actor), id);
      if (!row) throw notFound(M.dishNotFound);
      return toDish(row);
    },

    async create(actor: Actor, body: DishCreate): Promise<Dish> {
      const organizationId = ownOrganization(actor);
      return platform.db.transaction(async (tx) => {
        const id = await repo.insert(organizationId, await checked(actor, organizationId, body, null, tx), tx);
        const dish = toDish((await repo.find(scopeOf(actor), id, tx))!);
        await audit(tx, actor, { action: 'dish_create', entity: 'dish', entityId: id, organizationId, after: dish });
        return dish;
      });
    },

    async update(actor: Actor, { id, ...body }: DishUpdate): Promise<Dish> {
      const organizationId = ownOrganization(actor);
      return platform.db.transaction(async (tx) => {
        const before = await repo.lock(scopeOf(actor), id, tx);
        if (!before) throw notFound(M.dishNotFound);
        await repo.update(id, await checked(actor, organizationId, body, before, tx), tx);
        const dish = toDish((await repo.find(scopeOf(actor), id, tx))!);
        await audit(tx, actor, {
          action: 'dish_update',
          entity: 'dish',
          entityId: id,
          organizationId,
          before: toDish(before),
          after: dish,
        });
        return dish;
      });
    },

    /** Archived, never deleted: menus and orders keep pointing at it. */
    remove: (actor: Actor, id: number): Promise<Ok> =>
      retire(platform.db, actor, {
        find: (tx) => repo.lock(scopeOf(actor), id, tx),
        notFound: M.dishNotFound,
        retire: (tx) => repo.archive(id, platform.now(), tx),
        audit: { action: 'dish_delete', entity: 'dish', id, organizationId: (r) => r.organizationId, before: toDish },
      }),
  };
}
