import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { CookingMethod } from '@tamaq/contract/dish-figures';
import type { Db } from '../../platform/db/client.ts';
import { organizations } from '../../platform/db/schema.ts';
import { dishes, menuDishes, menus } from '../../platform/db/schema-food.ts';
import {
  ageGroups,
  cookingLosses,
  foodPrices,
  foods,
  techCardLines,
  techCardPortions,
  techCards,
} from '../../platform/db/schema-nutrition.ts';
import { fixationCategories, foodCategories, users } from '../../platform/db/schema-people.ts';
import { alphabetically } from '../../platform/db/alphabet.ts';

export type FoodRow = typeof foods.$inferSelect;
export type CardRow = typeof techCards.$inferSelect;

/** What a saved version holds: the card's values, its lines in order and its portions. */
export interface CardValues {
  validFrom: string;
  recipeBook: string | null;
  recipeNumber: string | null;
  method: CookingMethod;
  yieldG: number;
  technology: string | null;
  lines: { foodId: number; grossG: number; netG: number; method: CookingMethod | null }[];
  portions: { ageGroupId: number; portionG: number }[];
}

/** A dish's technological cards, versions by the day they start. */
export function createTechCardsRepository(db: Db) {
  return {
    /** The dish, live and of the organization, locked for a save when `lock`. */
    async dish(organizationId: number | null, id: number, tx: Db = db, lock = false) {
      const q = tx
        .select({ id: dishes.id, organizationId: dishes.organizationId, allergens: dishes.allergens })
        .from(dishes)
        .where(
          and(
            eq(dishes.id, id),
            isNull(dishes.deletedAt),
            organizationId === null ? undefined : eq(dishes.organizationId, organizationId),
          ),
        );
      const [row] = lock ? await q.for('update') : await q;
      return row ?? null;
    },

    async timeZoneOf(organizationId: number, tx: Db = db) {
      const [row] = await tx
        .select({ timeZone: organizations.timeZone })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row?.timeZone ?? null;
    },

    /** The foods of `ids` the organization may use: the shipped table's and its own, live. */
    async foods(organizationId: number, ids: number[], tx: Db = db): Promise<FoodRow[]> {
      if (!ids.length) return [];
      return tx
        .select()
        .from(foods)
        .where(
          and(
            inArray(foods.id, ids),
            isNull(foods.deletedAt),
            or(isNull(foods.organizationId), eq(foods.organizationId, organizationId)),
          ),
        );
    },

    /** The organization's live age groups of `ids`. */
    async ageGroups(organizationId: number, ids: number[], tx: Db = db) {
      if (!ids.length) return [];
      return tx
        .select({ id: ageGroups.id })
        .from(ageGroups)
        .where(
          and(inArray(ageGroups.id, ids), eq(ageGroups.organizationId, organizationId), isNull(ageGroups.deletedAt)),
        );
    },

    /** The dish's versions, the newest first. */
    async versions(dishId: number, tx: Db = db) {
      return tx
        .select({ id: techCards.id, validFrom: techCards.validFrom, createdAt: techCards.createdAt })
        .from(techCards)
        .where(eq(techCards.dishId, dishId))
        .orderBy(desc(techCards.validFrom));
    },

    /** The version valid on `date`: the last that starts on it or before. */
    async cardOn(dishId: number, date: string, tx: Db = db): Promise<CardRow | null> {
      const [row] = await tx
        .select()
        .from(techCards)
        .where(and(eq(techCards.dishId, dishId), lte(techCards.validFrom, date)))
        .orderBy(desc(techCards.validFrom))
        .limit(1);
      return row ?? null;
    },

    /** A card's lines with their foods, its portions with their groups, and who saved it. */
    async detail(card: CardRow, tx: Db = db) {
      const lines = await tx
        .select({ line: techCardLines, food: foods })
        .from(techCardLines)
        .innerJoin(foods, eq(foods.id, techCardLines.foodId))
        .where(eq(techCardLines.cardId, card.id))
        .orderBy(asc(techCardLines.position));
      const portions = await tx
        .select({
          ageGroupId: techCardPortions.ageGroupId,
          portionG: techCardPortions.portionG,
          name: ageGroups.name,
          nameKk: ageGroups.nameKk,
          nameRuMissing: ageGroups.nameRuMissing,
        })
        .from(techCardPortions)
        .innerJoin(ageGroups, eq(ageGroups.id, techCardPortions.ageGroupId))
        .where(eq(techCardPortions.cardId, card.id))
        .orderBy(asc(ageGroups.ageFrom), asc(ageGroups.ageTo), asc(ageGroups.id));
      const [creator] = card.createdBy
        ? await tx.select({ name: users.name }).from(users).where(eq(users.id, card.createdBy))
        : [];
      return { lines, portions, createdBy: creator?.name ?? null };
    },

    /** The organization's live menu with its dishes by day and meal mode, and their names. */
    async menu(organizationId: number, id: number, tx: Db = db) {
      const [menu] = await tx
        .select({ id: menus.id, days: menus.days, groups: menus.groups })
        .from(menus)
        .where(and(eq(menus.id, id), eq(menus.organizationId, organizationId), isNull(menus.deletedAt)));
      if (!menu) return null;
      const rows = await tx
        .select({
          day: menuDishes.day,
          group: menuDishes.group,
          dishId: menuDishes.dishId,
          name: dishes.name,
          nameKk: dishes.nameKk,
          nameRuMissing: dishes.nameRuMissing,
          allergens: dishes.allergens,
        })
        .from(menuDishes)
        .innerJoin(dishes, eq(dishes.id, menuDishes.dishId))
        .where(eq(menuDishes.menuId, id))
        .orderBy(
          asc(menuDishes.day),
          asc(menuDishes.group),
          asc(menuDishes.position),
          asc(dishes.name),
          asc(dishes.id),
        );
      return { ...menu, dishes: rows };
    },

    /**
     * The food category a menu's days are held against: the one asked (the organization's, live), else
     * the organization's first social-wallet category by name; null when there is none.
     */
    async tariff(organizationId: number, id: number | undefined, tx: Db = db) {
      const [row] = await tx
        .select({
          id: foodCategories.id,
          name: foodCategories.name,
          nameKk: foodCategories.nameKk,
          nameRuMissing: foodCategories.nameRuMissing,
          cost: foodCategories.cost,
          meals: foodCategories.meals,
        })
        .from(foodCategories)
        .where(
          and(
            eq(foodCategories.organizationId, organizationId),
            isNull(foodCategories.deletedAt),
            id === undefined ? eq(foodCategories.type, 'sw') : eq(foodCategories.id, id),
          ),
        )
        .orderBy(alphabetically(foodCategories.name), asc(foodCategories.id))
        .limit(1);
      return row ?? null;
    },

    /** The menu's meals (meal modes) of the meal times `ids`, null for one that says none. */
    async mealModesOf(ids: number[], tx: Db = db) {
      if (!ids.length) return [];
      const rows = await tx
        .select({ mealMode: fixationCategories.mealMode })
        .from(fixationCategories)
        .where(inArray(fixationCategories.id, ids));
      return rows.map((r) => r.mealMode);
    },

    /** The organization's live age groups, youngest first. */
    async allAgeGroups(organizationId: number, tx: Db = db) {
      return tx
        .select({
          id: ageGroups.id,
          name: ageGroups.name,
          nameKk: ageGroups.nameKk,
          nameRuMissing: ageGroups.nameRuMissing,
        })
        .from(ageGroups)
        .where(and(eq(ageGroups.organizationId, organizationId), isNull(ageGroups.deletedAt)))
        .orderBy(asc(ageGroups.ageFrom), asc(ageGroups.ageTo), asc(ageGroups.id));
    },

    /**
     * The cards of many dishes valid on `date` (the last version of each that starts on it or before),
     * with their lines' foods and their portions: three reads whatever the number of dishes.
     */
    async cardsOn(dishIds: number[], date: string, tx: Db = db) {
      if (!dishIds.length) return [];
      const cards = await tx
        .selectDistinctOn([techCards.dishId])
        .from(techCards)
        .where(and(inArray(techCards.dishId, dishIds), lte(techCards.validFrom, date)))
        .orderBy(techCards.dishId, desc(techCards.validFrom));
      if (!cards.length) return [];
      const ids = cards.map((c) => c.id);
      const lines = await tx
        .select({ cardId: techCardLines.cardId, line: techCardLines, food: foods })
        .from(techCardLines)
        .innerJoin(foods, eq(foods.id, techCardLines.foodId))
        .where(inArray(techCardLines.cardId, ids))
        .orderBy(asc(techCardLines.cardId), asc(techCardLines.position));
      const portions = await tx
        .select({
          cardId: techCardPortions.cardId,
          ageGroupId: techCardPortions.ageGroupId,
          portionG: techCardPortions.portionG,
        })
        .from(techCardPortions)
        .where(inArray(techCardPortions.cardId, ids));
      return cards.map((card) => ({
        card,
        lines: lines.filter((l) => l.cardId === card.id),
        portions: portions.filter((p) => p.cardId === card.id),
      }));
    },

    /** Each food's last price on `date` or before, in the organization: tenge per kilogram. */
    async pricesOn(organizationId: number, foodIds: number[], date: string, tx: Db = db) {
      if (!foodIds.length) return new Map<number, string>();
      const rows = await tx
        .selectDistinctOn([foodPrices.foodId], { foodId: foodPrices.foodId, pricePerKg: foodPrices.pricePerKg })
        .from(foodPrices)
        .where(
          and(
            eq(foodPrices.organizationId, organizationId),
            inArray(foodPrices.foodId, foodIds),
            lte(foodPrices.validFrom, date),
          ),
        )
        .orderBy(foodPrices.foodId, desc(foodPrices.validFrom));
      return new Map(rows.map((r) => [r.foodId, r.pricePerKg]));
    },

    /** The losses the organization's cards use: its own rows, else the shipped ones. */
    async losses(organizationId: number, tx: Db = db) {
      return tx
        .select({
          method: cookingLosses.method,
          nutrient: cookingLosses.nutrient,
          lossPct: cookingLosses.lossPct,
          own: sql<boolean>`${cookingLosses.organizationId} is not null`,
        })
        .from(cookingLosses)
        .where(or(isNull(cookingLosses.organizationId), eq(cookingLosses.organizationId, organizationId)));
    },

    /** Saves a version: the one of the same day is replaced, with its lines and portions. */
    async save(dish: { id: number; organizationId: number }, values: CardValues, createdBy: number, tx: Db) {
      await tx.delete(techCards).where(and(eq(techCards.dishId, dish.id), eq(techCards.validFrom, values.validFrom)));
      const [card] = await tx
        .insert(techCards)
        .values({
          organizationId: dish.organizationId,
          dishId: dish.id,
          validFrom: values.validFrom,
          recipeBook: values.recipeBook,
          recipeNumber: values.recipeNumber,
          method: values.method,
          yieldG: String(values.yieldG),
          technology: values.technology,
          createdBy,
        })
        .returning();
      await tx.insert(techCardLines).values(
        values.lines.map((l, i) => ({
          cardId: card!.id,
          position: i + 1,
          foodId: l.foodId,
          grossG: String(l.grossG),
          netG: String(l.netG),
          method: l.method,
        })),
      );
      if (values.portions.length)
        await tx
          .insert(techCardPortions)
          .values(
            values.portions.map((p) => ({ cardId: card!.id, ageGroupId: p.ageGroupId, portionG: String(p.portionG) })),
          );
      return card!;
    },
  };
}
