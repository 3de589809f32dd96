import { FOOD_CATEGORY_MESSAGES, type FoodCategory, type FoodCategoryUpdate } from '@tamaq/contract/food-categories';
import { namesOf, namesToStore } from '@tamaq/contract/names';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { audit } from '../../platform/audit.ts';
import { createCatalogue } from '../../platform/catalogue.ts';
import type { Db } from '../../platform/db/client.ts';
import { foodCategories } from '../../platform/db/schema-people.ts';
import { notFound, ValidationError } from '../../platform/http/errors.ts';
import { localDate } from '../../platform/time.ts';
import { createFoodCategoriesRepository } from './food-categories.repository.ts';

const M = FOOD_CATEGORY_MESSAGES;

/** The numeric column answers its exact text with 2 decimals ('650.00'); never parsed into a float. */
const toCategory = (row: typeof foodCategories.$inferSelect): FoodCategory => ({
  id: row.id,
  ...namesOf(row),
  cost: row.cost,
  type: row.type,
  meals: row.meals ?? null,
  created_at: row.createdAt.toISOString(),
});

/**
 * Food categories, a catalogue of `catalogues.ts` on the kit, with a change of its own: a change of
 * type moves its pupils' social wallet.
 */
export function createService(platform: { db: Db; now: () => Date }) {
  const repo = createFoodCategoriesRepository(platform.db);
  const checkMeals = async (tx: Db, organizationId: number, meals: number[] | null | undefined) => {
    if (!meals) return;
    const known = await repo.liveMealTimes(organizationId, meals, tx);
    if (known.length !== meals.length) throw ValidationError.field('meals', M.meals);
  };
  const catalogue = createCatalogue(platform, {
    table: foodCategories,
    search: (t) => [t.name, t.nameKk],
    bilingual: true,
    answer: toCategory,
    notFound: M.notFound,
    audit: { action: 'food_category_delete', entity: 'food_category' },
    // The meal times it pays for are live meal times of its own organization.
    check: async (tx, { organizationId, values }) => checkMeals(tx, organizationId, values.meals),
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
     * transaction as the category, with an audit row. An absent type or meals keep the current ones.
     */
    async update(actor: Actor, { id, name, name_kk, cost, type, meals }: FoodCategoryUpdate): Promise<FoodCategory> {
      const row = await platform.db.transaction(async (tx) => {
        const before = await catalogue.find(scopeOf(actor), id, tx, true);
        if (!before) throw notFound(M.notFound);
        // A name left out stays (the spec's client knows no Kazakh name); at least one remains.
        const names = namesToStore({ name, name_kk }, before);
        if ('error' in names) throw ValidationError.field('name', names.error);
        await checkMeals(tx, before.organizationId, meals);
        const after = await repo.update(
          id,
          { ...names, cost, type: type ?? before.type, meals: meals === undefined ? before.meals : meals },
          tx,
        );
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
