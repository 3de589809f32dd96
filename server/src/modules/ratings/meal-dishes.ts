import { MEAL_MODES } from '@tamaq/contract/menus';
import { translate } from '@tamaq/contract/languages';
import type { ActivationType } from '@tamaq/contract/menu-activations';
import type { Platform } from '../../platform/platform.ts';
import { createMenuActivationsService } from '../menu-activations/menu-activations.service.ts';
import { createRatingsRepository } from './ratings.repository.ts';

/** The meal modes that are meals of the day (breakfast … second supper); the others are sections. */
const MEALS = [1, 2, 3, 4, 5, 6] as const;
const fold = (s: string) => s.trim().toLocaleLowerCase('ru');

/** The meal mode a meal time's name is (Russian or Kazakh, any case); null when it is none of them. */
export function mealModeOf(name: string | null): number | null {
  if (!name) return null;
  const wanted = fold(name);
  for (const mode of MEALS) {
    const ru = MEAL_MODES[mode];
    if (fold(ru) === wanted || fold(translate(ru, 'kk')) === wanted) return mode;
  }
  return null;
}

/** A rated meal as the dishes it was served with are looked up. */
export interface RatedMeal {
  schoolId: number | null;
  /** The food category the visit was recorded under: a social wallet eats the free menu, a paid one the paid. */
  foodCategoryType: 'sw' | 'common' | null;
  date: string;
  /** The meal time's name ('Обед'): where the menu has that meal mode, only its dishes count. */
  mealName: string | null;
}

/**
 * The dishes a meal at a school was served with (docs/rules.md "Ratings"): the day of the school's
 * menu served that date — the free one for a social wallet, the paid one for a paid category, the
 * other where that one is not activated —, of the meal mode named like the meal time where the menu
 * has it, else all that day's dishes. None at a canteen or on a day no menu serves.
 */
export function createMealDishes(platform: Pick<Platform, 'db' | 'now'>) {
  const activations = createMenuActivationsService(platform);
  const repo = createRatingsRepository(platform.db);
  return async (meal: RatedMeal): Promise<number[]> => {
    if (meal.schoolId === null) return [];
    const types: ActivationType[] =
      meal.foodCategoryType === 'common' ? ['paid_food', 'free_food'] : ['free_food', 'paid_food'];
    for (const type of types) {
      const served = await activations.applying(meal.schoolId, type, meal.date);
      if (!served) continue;
      const rows = await repo.menuDayDishes(served.menuId, served.day);
      if (rows.length === 0) continue;
      const mode = mealModeOf(meal.mealName);
      const ofMode = rows.filter((r) => r.mode === mode);
      return [...new Set((ofMode.length > 0 ? ofMode : rows).map((r) => r.dishId))].sort((a, b) => a - b);
    }
    return [];
  };
}
