import type { Ok } from '@tamaq/contract/common';
import {
  FOOD_CATEGORY_MESSAGES,
  type FoodCategory,
  type FoodCategoryCreate,
  type FoodCategoryList,
  type FoodCategoryListQuery,
  type FoodCategoryUpdate,
} from '@tamaq/contract/food-categories';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { audit } from '../../platform/audit.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { retire } from '../../platform/retire.ts';
import { localDate } from '../../platform/time.ts';
import { createFoodCategoriesRepository, type FoodCategoryRow } from './food-categories.repository.ts';

const M = FOOD_CATEGORY_MESSAGES;

/** The numeric column answers its exact text with 2 decimals ('650.00'); never parsed into a float. */
const toCategory = (row: FoodCategoryRow): FoodCategory => ({
  id: row.id,
  name: row.name,
  cost: row.cost,
  type: row.type,
  created_at: row.createdAt.toISOString(),
});

const ownOrganization = (actor: Actor): number => {
  if (actor.organizationId === null) throw forbidden();
  return actor.organizationId;
};

export function createFoodCategoriesService(platform: Platform) {
  const repo = createFoodCategoriesRepository(platform.db);

  return {
    async list(actor: Actor, query: FoodCategoryListQuery): Promise<FoodCategoryList> {
      const { rows, total } = await repo.list(scopeOf(actor), query);
      return { total, rows: rows.map(toCategory) };
    },

    async get(actor: Actor, id: number): Promise<FoodCategory> {
      const row = await repo.find(scopeOf(actor), id);
      if (!row) throw notFound(M.notFound);
      return toCategory(row);
    },

    async create(actor: Actor, body: FoodCategoryCreate): Promise<FoodCategory> {
      return toCategory(await repo.insert(ownOrganization(actor), body));
    },

    /**
     * A change of type moves the social wallet of every live pupil in the category (DOMAIN.md):
     * common → sw sets it from today (and clears the reset date), sw → common resets it today, in
     * the same transaction as the category, with an audit row. An absent type keeps the current one.
     */
    async update(actor: Actor, { id, name, cost, type }: FoodCategoryUpdate): Promise<FoodCategory> {
      const row = await platform.db.transaction(async (tx) => {
        const before = await repo.find(scopeOf(actor), id, tx, true);
        if (!before) throw notFound(M.notFound);
        const after = await repo.update(id, { name, cost, type: type ?? before.type }, tx);
        if (before.type !== after.type) {
          const now = platform.now();
          const today = localDate(now, (await repo.timeZoneOf(after.organizationId, tx)) ?? undefined);
          const pupils =
            after.type === 'sw'
              ? await repo.setSocialWallet(id, today, now, tx)
              : await repo.resetSocialWallet(id, today, now, tx);
          await audit(tx, actor, {
            action: 'food_category_type_change',
            entity: 'food_category',
            entityId: id,
            organizationId: after.organizationId,
            before: { type: before.type },
            after: { type: after.type, date: today, pupils },
          });
        }
        return after;
      });
      return toCategory(row);
    },

    /** Refused while live pupils hold the category; otherwise archived (past visits keep it). */
    remove: (actor: Actor, id: number): Promise<Ok> =>
      retire(platform.db, actor, {
        find: (tx) => repo.find(scopeOf(actor), id, tx, true),
        notFound: M.notFound,
        refuse: async (tx) => {
          const holders = await repo.countHolders(id, tx);
          return holders > 0 ? M.assigned(holders) : null;
        },
        retire: (tx) => repo.archive(id, platform.now(), tx),
        audit: {
          action: 'food_category_delete',
          entity: 'food_category',
          id,
          organizationId: (r) => r.organizationId,
          before: toCategory,
        },
      }),
  };
}
