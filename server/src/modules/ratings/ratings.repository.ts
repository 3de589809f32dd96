import { and, asc, between, desc, eq, sql, type SQL } from 'drizzle-orm';
import { tenantFilter, type Scope } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db/client.ts';
import { schoolNameColumns } from '../../platform/db/places.ts';
import { schools } from '../../platform/db/schema.ts';
import { mealRatings } from '../../platform/db/schema-people.ts';
import { menuDishes } from '../../platform/db/schema-food.ts';

export interface RatingsFilter {
  scope: Scope;
  from: string;
  to: string;
  schoolId?: number;
}

const average = sql<string | null>`round(avg(${mealRatings.score}), 2)::text`;
const count = sql<number>`count(*)`.mapWith(Number);

/** The meal ratings of the caller's organizations and schools over a period. */
export function createRatingsRepository(db: Db) {
  const where = (f: RatingsFilter): SQL =>
    and(
      tenantFilter(mealRatings, f.scope),
      between(mealRatings.date, f.from, f.to),
      f.schoolId === undefined ? undefined : eq(mealRatings.schoolId, f.schoolId),
    )!;
  return {
    async totals(f: RatingsFilter) {
      const [row] = await db.select({ average, count }).from(mealRatings).where(where(f));
      return row!;
    },
    byDay: (f: RatingsFilter) =>
      db
        .select({ date: mealRatings.date, average, count })
        .from(mealRatings)
        .where(where(f))
        .groupBy(mealRatings.date)
        .orderBy(asc(mealRatings.date)),
    bySchool: (f: RatingsFilter) =>
      db
        .select({ schoolId: schools.id, ...schoolNameColumns, average, count })
        .from(mealRatings)
        .innerJoin(schools, eq(schools.id, mealRatings.schoolId))
        .where(where(f))
        .groupBy(schools.id)
        .orderBy(asc(schools.name), asc(schools.id)),
    /** Each dish the period's rated meals were served with: its ratings' average and count, by name. */
    async byDish(f: RatingsFilter) {
      const result = await db.execute(sql`
        select d.id, d.name, d.name_kk as "nameKk", d.name_ru_missing as "nameRuMissing",
               round(avg(${mealRatings.score}), 2)::text as average, count(*)::int as count
        from ${mealRatings}
        cross join lateral unnest(${mealRatings.dishIds}) as x(dish_id)
        join dishes d on d.id = x.dish_id
        where ${where(f)}
        group by d.id
        order by d.name, d.id`);
      return (
        result as unknown as {
          rows: {
            id: number;
            name: string;
            nameKk: string | null;
            nameRuMissing: boolean;
            average: string | null;
            count: number;
          }[];
        }
      ).rows;
    },
    /** The dishes of a menu's day, each with its meal mode. */
    menuDayDishes: (menuId: number, day: number) =>
      db
        .select({ dishId: menuDishes.dishId, mode: menuDishes.group })
        .from(menuDishes)
        .where(and(eq(menuDishes.menuId, menuId), eq(menuDishes.day, day))),
    comments: (f: RatingsFilter, limit: number) =>
      db
        .select({
          date: mealRatings.date,
          schoolId: mealRatings.schoolId,
          ...schoolNameColumns,
          score: mealRatings.score,
          comment: mealRatings.comment,
          dishIds: mealRatings.dishIds,
        })
        .from(mealRatings)
        .leftJoin(schools, eq(schools.id, mealRatings.schoolId))
        .where(and(where(f), sql`${mealRatings.comment} is not null`))
        .orderBy(desc(mealRatings.updatedAt), desc(mealRatings.id))
        .limit(limit),
  };
}
