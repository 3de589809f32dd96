import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { fixationCategories, foodCategories, users } from '../../platform/db/schema-people.ts';
import { organizations } from '../../platform/db/schema.ts';

/** Live users holding a category. */
const holders = (id: number) => and(eq(users.foodCategoryId, id), isNull(users.deletedAt));

/** What a food category's list, form and removal do not share with other catalogues: its pupils. */
export function createFoodCategoriesRepository(db: Db) {
  return {
    /** Which of `ids` are live meal times of the organization. */
    async liveMealTimes(organizationId: number, ids: number[], tx: Db = db) {
      return tx
        .select({ id: fixationCategories.id })
        .from(fixationCategories)
        .where(
          and(
            eq(fixationCategories.organizationId, organizationId),
            isNull(fixationCategories.deletedAt),
            inArray(fixationCategories.id, ids),
          ),
        );
    },

    async update(
      id: number,
      values: Pick<typeof foodCategories.$inferInsert, 'name' | 'nameKk' | 'nameRuMissing' | 'cost' | 'type' | 'meals'>,
      tx: Db = db,
    ) {
      const [row] = await tx.update(foodCategories).set(values).where(eq(foodCategories.id, id)).returning();
      return row!;
    },

    async timeZoneOf(organizationId: number, tx: Db = db) {
      const [row] = await tx
        .select({ timeZone: organizations.timeZone })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row?.timeZone ?? null;
    },

    async countHolders(id: number, tx: Db = db) {
      const [row] = await tx.select({ n: count() }).from(users).where(holders(id));
      return row?.n ?? 0;
    },

    /** The category became a social-wallet one: its pupils get it from `today`. */
    async setSocialWallet(id: number, today: string, at: Date, tx: Db = db) {
      const rows = await tx
        .update(users)
        .set({ socialWalletSetDate: today, socialWalletResetDate: null, updatedAt: at })
        .where(holders(id))
        .returning({ id: users.id });
      return rows.length;
    },

    /** The category stopped being a social-wallet one: its pupils lose it from `today`. */
    async resetSocialWallet(id: number, today: string, at: Date, tx: Db = db) {
      const rows = await tx
        .update(users)
        .set({ socialWalletResetDate: today, updatedAt: at })
        .where(holders(id))
        .returning({ id: users.id });
      return rows.length;
    },
  };
}
