import { dishAllergensOn } from '../../platform/db/dish-allergens.ts';
import { sql } from 'drizzle-orm';
import type { RestrictedMealRule } from '@tamaq/contract/kitchen';
import type { Db } from '../../platform/db/client.ts';
import { alphabetically, compareNames } from '../../platform/db/alphabet.ts';

export interface KitchenRow {
  classroomId: number;
  classroomName: string;
  classroomNameKk: string | null;
  classroomNameRuMissing: boolean;
  /** The class's shift: it eats at that shift's meal times. */
  classroomShift: number;
  pupilId: number | null;
  categoryId: number | null;
  categoryName: string | null;
  categoryNameKk: string | null;
  categoryNameRuMissing: boolean | null;
  categoryType: 'sw' | 'common' | null;
  /** The meal times the category pays for; null: every one. */
  categoryMeals: number[] | null;
  /** The category feeds the pupil that day (a social wallet one within its dates). */
  entitled: boolean;
  /** Marked away that day and fed nowhere yet. */
  absent: boolean;
  pupilName: string | null;
  /** The pupil's restrictions (none set: nulls). */
  allergens: string[] | null;
  diets: string[] | null;
  restrictionNote: string | null;
  confirmed: boolean;
}

export interface KitchenMeal {
  id: number;
  name: string;
  timeStart: string;
  timeFinish: string;
  /** The shift whose classes eat then; null: every class. */
  shift: number | null;
}

/** A school's live classes and their pupils on a day: each pupil's category and mark. */
export function createKitchenRepository(db: Db) {
  return {
    async rows(schoolId: number, date: string): Promise<KitchenRow[]> {
      const result = await db.execute(sql`
        select c.id as "classroomId", c.name as "classroomName", c.name_kk as "classroomNameKk", c.name_ru_missing as "classroomNameRuMissing", c.shift as "classroomShift", p.id as "pupilId", p.name as "pupilName",
               r.allergens, r.diets, r.note as "restrictionNote", (r.confirmed_at is not null) as confirmed,
               f.id as "categoryId", f.name as "categoryName", f.name_kk as "categoryNameKk", f.name_ru_missing as "categoryNameRuMissing", f.type as "categoryType",
               f.meal_ids as "categoryMeals",
               (f.id is not null and (f.type <> 'sw' or (
                  (p.social_wallet_set_date is null or p.social_wallet_set_date <= ${date}::date)
                  and (p.social_wallet_reset_date is null or ${date}::date < p.social_wallet_reset_date)))) as entitled,
               (p.id is not null
                  and exists (select 1 from absences a where a.user_id = p.id and a.date = ${date}::date)
                  and not exists (select 1 from visits v where v.user_id = p.id and v.visit_date = ${date}::date)) as absent
        from classrooms c
        left join users p on p.classroom_id = c.id and p.deleted_at is null
        left join food_categories f on f.id = p.food_category_id
        left join child_restrictions r on r.pupil_id = p.id
        where c.school_id = ${schoolId}::int and c.archived_at is null
        order by ${alphabetically(sql`c.name`)}, c.id, ${alphabetically(sql`p.name`)}, p.id`);
      return (result as unknown as { rows: KitchenRow[] }).rows;
    },

    /** The live dishes of a menu's day with their allergens on `date` (the cook's and the card's), by name. */
    async menuDishes(menuId: number, day: number, date: string) {
      const result = await db.execute(sql`
        select distinct d.id, d.name, d.name_kk as "nameKk", d.name_ru_missing as "nameRuMissing",
          ${dishAllergensOn('d', sql`${date}::date`)} as allergens
        from menu_dishes m join dishes d on d.id = m.dish_id
        where m.menu_id = ${menuId}::int and m.day = ${day}::int and d.deleted_at is null`);
      const rows = (
        result as unknown as {
          rows: { id: number; name: string; nameKk: string | null; nameRuMissing: boolean; allergens: string[] }[];
        }
      ).rows;
      return rows.sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);
    },

    /** What the school's queue does for a pupil whose restrictions meet a dish of the day. */
    async restrictedRule(schoolId: number): Promise<RestrictedMealRule> {
      const result = await db.execute(
        sql`select restricted_meal_rule as rule from schools where id = ${schoolId}::int`,
      );
      return (result as unknown as { rows: { rule: RestrictedMealRule }[] }).rows[0]?.rule ?? 'warn';
    },

    async setRestrictedRule(schoolId: number, rule: RestrictedMealRule): Promise<void> {
      await db.execute(sql`update schools set restricted_meal_rule = ${rule} where id = ${schoolId}::int`);
    },

    /** The live meal times of the school (its own and its organization's common ones), in the day's order. */
    async meals(schoolId: number): Promise<KitchenMeal[]> {
      const result = await db.execute(sql`
        select x.id, x.name, to_char(x.time_start, 'HH24:MI') as "timeStart",
               to_char(x.time_finish, 'HH24:MI') as "timeFinish", x.shift
        from fixation_categories x join schools s on s.organization_id = x.organization_id
        where s.id = ${schoolId}::int and x.deleted_at is null and (x.school_id is null or x.school_id = s.id)
        order by x.time_start, x.id`);
      return (result as unknown as { rows: KitchenMeal[] }).rows;
    },
  };
}
