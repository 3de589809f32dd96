import { and, asc, between, desc, eq, sql, type SQL } from 'drizzle-orm';
import { tenantFilter, type Scope } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db/client.ts';
import { schoolNameColumns } from '../../platform/db/places.ts';
import { schools } from '../../platform/db/schema.ts';
import { mealRatings } from '../../platform/db/schema-people.ts';

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
    comments: (f: RatingsFilter, limit: number) =>
      db
        .select({
          date: mealRatings.date,
          schoolId: mealRatings.schoolId,
          ...schoolNameColumns,
          score: mealRatings.score,
          comment: mealRatings.comment,
        })
        .from(mealRatings)
        .leftJoin(schools, eq(schools.id, mealRatings.schoolId))
        .where(and(where(f), sql`${mealRatings.comment} is not null`))
        .orderBy(desc(mealRatings.updatedAt), desc(mealRatings.id))
        .limit(limit),
  };
}
