import { DEFAULT_TIME_ZONE } from '@tamaq/contract/constants';
import {
  FAMILY_MESSAGES as M,
  type ChildMeal,
  type ChildMeals,
  type ChildMealsQuery,
  type ParentChildren,
} from '@tamaq/contract/family';
import { imageUrl } from '@tamaq/contract/images';
import { namesOf } from '@tamaq/contract/names';
import type { Actor } from '../../platform/auth/actors.ts';
import { classroomRef, schoolRef } from '../../platform/db/places.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { localDate } from '../../platform/time.ts';
import { createFamilyRepository, type ChildRow, type MealRow } from './family.repository.ts';

/** All but the last four digits hidden: «********1234». */
export const maskIin = (iin: string | null): string | null =>
  iin === null ? null : `${'*'.repeat(Math.max(0, iin.length - 4))}${iin.slice(-4)}`;

const foodCategoryOf = (r: {
  foodCategoryName: string | null;
  foodCategoryNameKk: string | null;
  foodCategoryNameRuMissing: boolean | null;
}) =>
  r.foodCategoryName === null
    ? null
    : namesOf({ name: r.foodCategoryName, nameKk: r.foodCategoryNameKk, nameRuMissing: !!r.foodCategoryNameRuMissing });

const schoolOf = (
  id: number | null,
  r: { schoolName: string | null; schoolNameKk: string | null; schoolNameRuMissing: boolean | null },
) =>
  id === null || r.schoolName === null
    ? null
    : schoolRef(id, {
        schoolName: r.schoolName,
        schoolNameKk: r.schoolNameKk,
        schoolNameRuMissing: !!r.schoolNameRuMissing,
      });

const toMeal = (r: MealRow): ChildMeal => ({
  id: r.id,
  at: r.createdAt.toISOString(),
  date: r.date,
  school: schoolOf(r.schoolId, r),
  canteen: r.canteenId !== null && r.canteenName !== null ? { id: r.canteenId, name: r.canteenName } : null,
  // A school's visit counts as the pupil's food category, a canteen's as its meal time.
  category:
    r.foodCategoryName !== null
      ? foodCategoryOf(r)
      : r.fixationCategoryName !== null
        ? { name: r.fixationCategoryName, name_ru: r.fixationCategoryName, name_kk: null }
        : null,
  count: r.count,
});

/**
 * A parent's view of their children (docs/rules.md "A parent's children"): only the children linked
 * to the parent's account, wherever they study; another child answers 404 like a missing one.
 */
export function createFamilyService(platform: Pick<Platform, 'db' | 'now'>) {
  const repo = createFamilyRepository(platform.db);
  const todayOf = (child: ChildRow) => localDate(platform.now(), child.timeZone ?? DEFAULT_TIME_ZONE);

  return {
    async children(actor: Actor): Promise<ParentChildren> {
      const children = await repo.children(actor.userId);
      const days = children.map(todayOf);
      const sorted = [...days].sort();
      const meals = await repo.meals(
        children.map((c) => c.id),
        sorted[0] ?? '',
        sorted[sorted.length - 1] ?? '',
      );
      return {
        rows: children.map((c, i) => ({
          id: c.id,
          name: c.name,
          image: c.imageKey ? { url: imageUrl(c.imageKey) } : null,
          iin_masked: maskIin(c.iin),
          school: schoolOf(c.schoolId, c),
          classroom: classroomRef(c.classroomId, c),
          food_category: foodCategoryOf(c),
          time_zone: c.timeZone ?? DEFAULT_TIME_ZONE,
          today: days[i]!,
          meals_today: meals.filter((m) => m.userId === c.id && m.date === days[i]).map(toMeal),
        })),
      };
    },

    async meals(actor: Actor, childId: number, q: ChildMealsQuery): Promise<ChildMeals> {
      const [child] = await repo.children(actor.userId, childId);
      if (!child) throw notFound(M.childNotFound);
      return { rows: (await repo.meals([child.id], q.dateFrom, q.dateTo)).map(toMeal) };
    },
  };
}
