import { FOOD_CATEGORY_MESSAGES, type FoodCategory, type FoodCategoryUpdate } from '@tamaq/contract/food-categories';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { audit } from '../../platform/audit.ts';
import { createCatalogue } from '../../platform/catalogue.ts';
import type { Db } from '../../platform/db/client.ts';
import { foodCategories } from '../../platform/db/schema-people.ts';
import { notFound } from '../../platform/http/errors.ts';
import { localDate } from '../../platform/time.ts';
import { createFoodCategoriesRepository } from './food-categories.repository.ts';

const M = FOOD_CATEGORY_MESSAGES;

/** The numeric column answers its exact text with 2 decimals ('650.00'); never parsed into a float. */
const toCategory = (row: typeof foodCategories.$inferSelect): FoodCategory => ({
  id: row.id,
  name: row.name,
  cost: row.cost,
  type: row.type,
  created_at: row.createdAt.toISOString(),
});

/**
 * Food categories, a catalogue of `catalogues.ts` on the kit, with a change of its own: a change of
 * type moves its pupils' social wallet.
 */
export function createService(platform: { db: Db; now: () => Date }) {
  const repo = createFoodCategoriesRepository(platform.db);
  const catalogue = createCatalogue(platform, {
    table: foodCategories,
    search: (t) => [t.name],
    answer: toCategory,
    notFound: M.notFound,
    audit: { action: 'food_category_delete', entity: 'food_category' },
    // Refused while live pupils hold the category; otherwise archived (past visits keep it).
    refuseRemoval: async (tx, id) => {
      const holders = await repo.countHolders(id, tx);
      return holders > 0 ? M.assigned(holders) : null;
    },
  });

  return {
    ...catalogue,

    /**
     * A change of type moves the social wallet of every live pupil in the category: common → sw
     * sets it from today (and clears the reset date), sw → common resets it today, in the same
     * transaction as the category, with an audit row. An absent type keeps the current one.
     */
    async update(actor: Actor, { id, name, cost, type }: FoodCategoryUpdate): Promise<FoodCategory> {
      const row = await platform.db.transaction(async (tx) => {
        const before = await catalogue.find(scopeOf(actor), id, tx, true);
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
  };
}
