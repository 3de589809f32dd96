import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { alphabetically } from '../../platform/db/alphabet.ts';

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
  categoryType: 'sw' | 'common' | null;
  /** The meal times the category pays for; null: every one. */
  categoryMeals: number[] | null;
  /** The category feeds the pupil that day (a social wallet one within its dates). */
  entitled: boolean;
  /** Marked away that day and fed nowhere yet. */
  absent: boolean;
}

export interface KitchenMeal {
  id: number;
  name: string;
  timeStart: string;
  /** The shift whose classes eat then; null: every class. */
  shift: number | null;
}

/** A school's live classes and their pupils on a day: each pupil's category and mark. */
export function createKitchenRepository(db: Db) {
  return {
    async rows(schoolId: number, date: string): Promise<KitchenRow[]> {
      const result = await db.execute(sql`
        select c.id as "classroomId", c.name as "classroomName", c.name_kk as "classroomNameKk", c.name_ru_missing as "classroomNameRuMissing", c.shift as "classroomShift", p.id as "pupilId",
               f.id as "categoryId", f.name as "categoryName", f.type as "categoryType",
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
        where c.school_id = ${schoolId}::int and c.archived_at is null
        order by ${alphabetically(sql`c.name`)}, c.id`);
      return (result as unknown as { rows: KitchenRow[] }).rows;
    },

    /** The live meal times of the school (its own and its organization's common ones), in the day's order. */
    async meals(schoolId: number): Promise<KitchenMeal[]> {
      const result = await db.execute(sql`
        select x.id, x.name, to_char(x.time_start, 'HH24:MI') as "timeStart", x.shift
        from fixation_categories x join schools s on s.organization_id = x.organization_id
        where s.id = ${schoolId}::int and x.deleted_at is null and (x.school_id is null or x.school_id = s.id)
        order by x.time_start, x.id`);
      return (result as unknown as { rows: KitchenMeal[] }).rows;
    },
  };
}
