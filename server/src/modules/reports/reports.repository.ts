import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';

import type { Db } from '../../platform/db/client.ts';
import { organizationTimeZone } from '../../platform/db/time-zone.ts';

import {
  canteens,
  cards,
  classrooms,
  fixationCategories,
  foodCategories,
  users,
  visits,
  watches,
} from '../../platform/db/schema-people.ts';
import { classroomInScope, organizationScope, schoolInScope } from '../../platform/db/places.ts';
import { createOversightRepository } from './oversight.repository.ts';
import { alphabetically, nameColumnForReader } from '../../platform/db/alphabet.ts';

/** The visits a report counts: the organization, a place, the local calendar days, some categories. */
export interface VisitFilter {
  organizationId: number;
  canteenId: number;
  dateFrom: string;
  dateTo: string;
  /** Fixation categories; empty counts every one. */
  categoryIds: number[];
}

/** The visits of a school report: the school, a class (the visit's own), food categories. */
export interface SchoolVisitFilter {
  organizationId: number;
  schoolId: number;
  classroomId: number | null;
  dateFrom: string;
  dateTo: string;
  /** Food categories (the visit's own); empty counts every one. */
  categoryIds: number[];
}

/** Portions of one person in one category on one day. */
export interface Cell {
  userId: number;
  categoryId: number | null;
  day: string;
  portions: number;
}

/** A day of the school report's grid, as the database builds it. */
/** A day of the school report: its cells as JSON text (`{"userId_categoryId": portions}`). */
export interface SchoolGridDay {
  date: string;
  cells: string;
  total: number;
}

export interface SchoolGrid {
  days: SchoolGridDay[];
  rows: SchoolGridRow[];
}

/** A row of the school report: [userId, categoryId, total, name, class now, category name, cards now]. */
export type SchoolGridRow = [number, number | null, number, string, string | null, string | null, string | null];

/** The visits of a canteen report's filter. */
const canteenVisits = (f: VisitFilter) =>
  and(
    eq(visits.organizationId, f.organizationId),
    between(visits.visitDate, f.dateFrom, f.dateTo),
    eq(visits.canteenId, f.canteenId),
    f.categoryIds.length ? inArray(visits.fixationCategoryId, f.categoryIds) : undefined,
  );

/** A class's and a food category's name in the reader's language (a report is read, not loaded back). */
const readersClass = () => nameColumnForReader(classrooms.name, classrooms.nameKk).mapWith(String);
const readersCategory = () => nameColumnForReader(foodCategories.name, foodCategories.nameKk).mapWith(String);

export function createReportsRepository(db: Db) {
  return {
    ...createOversightRepository(db),

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

    /** A school of the organization (and the one a locked user is kept to). */
    /** The organization's time zone: its calendar days are the reports' days. */
    timeZone: (organizationId: number) => organizationTimeZone(db, organizationId),

    school: (organizationId: number, lockedTo: number | null, id: number) =>
      schoolInScope(db, organizationScope(organizationId, lockedTo), id),

    /** A class of the school, archived or not (a past year's report names classes archived since). */
    classroom: (organizationId: number, lockedTo: number | null, schoolId: number, id: number) =>
      classroomInScope(db, organizationScope(organizationId, lockedTo), id, { school: schoolId, archived: true }),

    /** The organization's food categories among `ids` (removed ones too), by name. */
    foodCategories(organizationId: number, ids: number[]) {
      return db
        .select({ id: foodCategories.id, name: readersCategory() })
        .from(foodCategories)
        .where(and(eq(foodCategories.organizationId, organizationId), inArray(foodCategories.id, ids)))
        .orderBy(alphabetically(readersCategory()), asc(foodCategories.id));
    },

    /**
     * The school report's grid built by the database in one statement, the cells never leaving it
     * one by one (a 2,000-pupil school's month is 44,000 of them): each day's cells as the JSON text
     * of `{"userId_categoryId": portions}` (`reportRowKey`), written into the answer as they come,
     * with the day's total; and a row per pupil and food category (the visit's own) with its total,
     * name, class now, category name and the cards held now.
     */
    async schoolGrid(f: SchoolVisitFilter): Promise<SchoolGrid> {
      const result = await db.execute(sql`
        with c as (
          select user_id, food_category_id as cat, visit_date, sum(count)::int as p
          from visits
          where organization_id = ${f.organizationId}::int and school_id = ${f.schoolId}::int
            and visit_date between ${f.dateFrom}::date and ${f.dateTo}::date
            ${f.classroomId !== null ? sql`and classroom_id = ${f.classroomId}::int` : sql``}
            ${f.categoryIds.length ? sql`and food_category_id in ${f.categoryIds}` : sql``}
          group by 1, 2, 3),
        r as (select c.user_id, c.cat, sum(c.p)::int as total from c group by 1, 2)
        -- Text, not json: the keys are digits and an underscore, nothing to escape, and Node neither
        -- parses nor writes again the biggest part of the answer.
        select to_char(c.visit_date, 'YYYY-MM-DD') as date,
               '{' || string_agg('"' || c.user_id || '_' || coalesce(c.cat, 0) || '":' || c.p, ',') || '}' as cells,
               sum(c.p)::int as total
        from c group by c.visit_date
        union all
        select null, (
          select coalesce(json_agg(json_build_array(
                   r.user_id, r.cat, r.total, u.name, ${nameColumnForReader(sql`cl.name`, sql`cl.name_kk`)},
                   ${nameColumnForReader(sql`fc.name`, sql`fc.name_kk`)},
                   (select string_agg(k.number, ', ' order by k.id) from cards k where k.user_id = r.user_id))),
                 '[]'::json)::text
          -- One index lookup per row (offset 0 keeps it so): a hash join read every user of the
          -- organization.
          from r cross join lateral (select u.name, u.classroom_id from users u where u.id = r.user_id offset 0) u
          left join classrooms cl on cl.id = u.classroom_id
          left join food_categories fc on fc.id = r.cat), null`);
      const all = (result as unknown as { rows: { date: string | null; cells: string; total: number | null }[] }).rows;
      const people = all.find((r) => r.date === null);
      return {
        days: all
          .filter((r) => r.date !== null)
          .map((r) => ({ date: r.date!, cells: r.cells, total: Number(r.total) })),
        rows: JSON.parse(people?.cells ?? '[]') as SchoolGridRow[],
      };
    },

    /** Portions by class and food category (the visit's own) and day at a school. */
    classCells(f: Omit<SchoolVisitFilter, 'classroomId' | 'categoryIds'>) {
      return db
        .select({
          classroomId: visits.classroomId,
          classroomName: readersClass(),
          categoryId: visits.foodCategoryId,
          categoryName: readersCategory(),
          day: visits.visitDate,
          portions: sql<number>`sum(${visits.count})::int`.mapWith(Number),
        })
        .from(visits)
        .leftJoin(classrooms, eq(classrooms.id, visits.classroomId))
        .leftJoin(foodCategories, eq(foodCategories.id, visits.foodCategoryId))
        .where(
          and(
            eq(visits.organizationId, f.organizationId),
            eq(visits.schoolId, f.schoolId),
            between(visits.visitDate, f.dateFrom, f.dateTo),
          ),
        )
        .groupBy(visits.classroomId, classrooms.id, visits.foodCategoryId, foodCategories.id, visits.visitDate);
    },

    /** Who the rows are: name, class, duty schedule and the numbers of the cards they hold now. */
    people(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: users.id,
          name: users.name,
          classroomName: readersClass(),
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
