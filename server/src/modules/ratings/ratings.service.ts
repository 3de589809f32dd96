import { RATINGS_COMMENTS_MAX, RATINGS_MESSAGES as M, type Ratings, type RatingsQuery } from '@tamaq/contract/ratings';
import { namesOf } from '@tamaq/contract/names';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { schoolInScope, schoolRef } from '../../platform/db/places.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createRatingsRepository } from './ratings.repository.ts';

const num = (v: string | null) => (v === null ? null : Number(v));

/**
 * The meal ratings parents gave (docs/rules.md "Ratings"), for the education admin, the kindergarten
 * admin and the observer: averages by day and school, and the newest comments, never who wrote them.
 */
export function createRatingsService(platform: Pick<Platform, 'db'>) {
  const repo = createRatingsRepository(platform.db);
  return {
    async list(actor: Actor, q: RatingsQuery): Promise<Ratings> {
      const scope = scopeOf(actor);
      if (q.schoolId !== undefined && !(await schoolInScope(platform.db, scope, q.schoolId)))
        throw notFound(M.schoolNotFound);
      const f = { scope, from: q.dateFrom, to: q.dateTo, schoolId: q.schoolId };
      const [totals, days, schools, dishes, comments] = await Promise.all([
        repo.totals(f),
        repo.byDay(f),
        repo.bySchool(f),
        repo.byDish(f),
        repo.comments(f, RATINGS_COMMENTS_MAX),
      ]);
      const dishRefs = new Map(dishes.map((d) => [d.id, { id: d.id, ...namesOf(d) }]));
      return {
        average: num(totals.average),
        count: totals.count,
        by_day: days.map((d) => ({ date: d.date, average: num(d.average), count: d.count })),
        by_school: schools.map((s) => ({
          school: schoolRef(s.schoolId, { ...s, schoolNameRuMissing: !!s.schoolNameRuMissing }),
          average: num(s.average),
          count: s.count,
        })),
        by_dish: dishes.map((d) => ({ dish: dishRefs.get(d.id)!, average: num(d.average), count: d.count })),
        comments: comments.map((c) => ({
          date: c.date,
          school:
            c.schoolId === null || c.schoolName === null
              ? null
              : schoolRef(c.schoolId, {
                  schoolName: c.schoolName,
                  schoolNameKk: c.schoolNameKk,
                  schoolNameRuMissing: !!c.schoolNameRuMissing,
                }),
          score: c.score,
          comment: c.comment!,
          // Every dish of a rated meal is among the period's dishes (the same ratings'), in name order.
          dishes: dishes.filter((d) => c.dishIds.includes(d.id)).map((d) => dishRefs.get(d.id)!),
        })),
      };
    },
  };
}
