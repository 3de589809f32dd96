import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import {
  canteens,
  cards,
  classrooms,
  fixationCategories,
  users,
  visits,
  watches,
} from '../../platform/db/schema-people.ts';

/** The visits a report counts: the organization, a place, the local calendar days, some categories. */
export interface VisitFilter {
  organizationId: number;
  canteenId: number;
  dateFrom: string;
  dateTo: string;
  /** Fixation categories; empty counts every one. */
  categoryIds: number[];
}

/** Portions of one person in one category on one day. */
export interface Cell {
  userId: number;
  categoryId: number | null;
  day: string;
  portions: number;
}

/** The visits of a canteen report's filter. */
const canteenVisits = (f: VisitFilter) =>
  and(
    eq(visits.organizationId, f.organizationId),
    between(visits.visitDate, f.dateFrom, f.dateTo),
    eq(visits.canteenId, f.canteenId),
    f.categoryIds.length ? inArray(visits.fixationCategoryId, f.categoryIds) : undefined,
  );

export function createReportsRepository(db: Db) {
  return {
    /** A canteen of the organization (a removed one too: its past visits still count). */
    async canteen(organizationId: number, id: number) {
      const [row] = await db
        .select({ id: canteens.id, name: canteens.name })
        .from(canteens)
        .where(and(eq(canteens.id, id), eq(canteens.organizationId, organizationId)))
        .limit(1);
      return row ?? null;
    },

    /** The organization's fixation categories among `ids` (removed ones too), by position and time. */
    categories(organizationId: number, ids: number[]) {
      return db
        .select({ id: fixationCategories.id, name: fixationCategories.name })
        .from(fixationCategories)
        .where(and(eq(fixationCategories.organizationId, organizationId), inArray(fixationCategories.id, ids)))
        .orderBy(asc(fixationCategories.position), asc(fixationCategories.timeStart), asc(fixationCategories.id));
    },

    /** Portions by person, category and day at a canteen (a visit's `count`: 1 but for hand-marked endless cards). */
    canteenCells(f: VisitFilter): Promise<Cell[]> {
      return db
        .select({
          userId: visits.userId,
          categoryId: visits.fixationCategoryId,
          day: visits.visitDate,
          portions: sql<number>`sum(${visits.count})::int`.mapWith(Number),
        })
        .from(visits)
        .where(canteenVisits(f))
        .groupBy(visits.userId, visits.fixationCategoryId, visits.visitDate);
    },

    /** Portions by category and day at a canteen. */
    canteenCategoryCells(f: VisitFilter): Promise<Omit<Cell, 'userId'>[]> {
      return db
        .select({
          categoryId: visits.fixationCategoryId,
          day: visits.visitDate,
          portions: sql<number>`sum(${visits.count})::int`.mapWith(Number),
        })
        .from(visits)
        .where(canteenVisits(f))
        .groupBy(visits.fixationCategoryId, visits.visitDate);
    },

    /** Who the rows are: name, class, duty schedule and the numbers of the cards they hold now. */
    people(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: users.id,
          name: users.name,
          classroomName: classrooms.name,
          watchName: watches.name,
          cards: sql<string | null>`(select string_agg(${cards.number}, ', ' order by ${cards.id})
                    from ${cards} where ${cards.userId} = ${users.id})`,
        })
        .from(users)
        .leftJoin(classrooms, eq(classrooms.id, users.classroomId))
        .leftJoin(watches, eq(watches.id, users.watchId))
        .where(inArray(users.id, ids));
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
