import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import { isSchoolDay, periodDays } from '@tamaq/contract/reports';
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
import { organizationScope, schoolInScope } from '../../platform/db/places.ts';

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

/** A school's counters of the statistics. */
interface StatisticsRow {
  id: number;
  name: string;
  students: number;
  sw: number;
  parents: number;
  served: number;
}

/** Portions of one person in one category on one day. */
export interface Cell {
  userId: number;
  categoryId: number | null;
  day: string;
  portions: number;
}

/** A pupil's school day of the month that a social-wallet meal was due. */
export interface DueDay {
  pupilId: number;
  pupilName: string;
  classroomId: number;
  classroomName: string;
  category: string;
  /** The category's daily cost now, тг. (exact text). */
  cost: string;
  day: string;
  /** What the day's first social-wallet visit cost, тг., or null when none was served. */
  servedCost: string | null;
}

/** A card at two places within 10 minutes, as the anomalies query reads it. */
export interface CardTwiceRow {
  card: string;
  userId: number;
  userName: string;
  firstAt: Date | string;
  firstKind: 'school' | 'canteen';
  firstId: number;
  firstName: string;
  secondAt: Date | string;
  secondKind: 'school' | 'canteen';
  secondId: number;
  secondName: string;
}

/** A class's visits of a day and meal time over its pupils. */
export interface CrowdedRow {
  date: string;
  schoolId: number;
  schoolName: string;
  classroomId: number;
  classroomName: string;
  category: string | null;
  visits: number;
  pupils: number;
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

/** A visit marked by hand outside every meal time. */
export interface ManualRow {
  id: number | string;
  at: Date | string;
  userId: number;
  userName: string;
  kind: 'school' | 'canteen';
  placeId: number;
  placeName: string;
  markedBy: string | null;
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

    /** A school of the organization (and the one a locked user is kept to). */
    /** The organization's time zone: its calendar days are the reports' days. */
    timeZone: (organizationId: number) => organizationTimeZone(db, organizationId),

    school: (organizationId: number, lockedTo: number | null, id: number) =>
      schoolInScope(db, organizationScope(organizationId, lockedTo), id),

    async classroom(schoolId: number, id: number) {
      const [row] = await db
        .select({ id: classrooms.id, name: classrooms.name })
        .from(classrooms)
        .where(and(eq(classrooms.id, id), eq(classrooms.schoolId, schoolId)))
        .limit(1);
      return row ?? null;
    },

    /** The organization's food categories among `ids` (removed ones too), by name. */
    foodCategories(organizationId: number, ids: number[]) {
      return db
        .select({ id: foodCategories.id, name: foodCategories.name })
        .from(foodCategories)
        .where(and(eq(foodCategories.organizationId, organizationId), inArray(foodCategories.id, ids)))
        .orderBy(asc(foodCategories.name), asc(foodCategories.id));
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
                   r.user_id, r.cat, r.total, u.name, cl.name, fc.name,
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
          classroomName: classrooms.name,
          categoryId: visits.foodCategoryId,
          categoryName: foodCategories.name,
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
        .groupBy(visits.classroomId, classrooms.name, visits.foodCategoryId, foodCategories.name, visits.visitDate);
    },

    /**
     * Per school of the organization (or the one given), by name: its pupils, those in a social
     * wallet (`sw`) category now, the parents linked to its pupils, and the portions served in the
     * period under an `sw` category (the visit's own).
     */
    async statistics(organizationId: number, schoolId: number | null, dateFrom: string, dateTo: string) {
      const one = schoolId !== null ? sql`and s.id = ${schoolId}::int` : sql``;
      // Each counter aggregated once over all the schools (not a subquery per school): the served
      // portions read the organization's period through (school_id, visit_date) once.
      const result = await db.execute(sql`
        with s as (select s.id, s.name from schools s where s.organization_id = ${organizationId}::int ${one}),
        pupils as (
          select p.school_id, count(*)::int as students, count(*) filter (where f.type = 'sw')::int as sw
          from users p left join food_categories f on f.id = p.food_category_id
          where p.school_id in (select id from s) and p.classroom_id is not null and p.deleted_at is null
          group by 1),
        parents as (
          select p.school_id, count(distinct pc.parent_id)::int as parents
          from parent_children pc join users p on p.id = pc.pupil_id
          where p.school_id in (select id from s) and p.classroom_id is not null and p.deleted_at is null
          group by 1),
        served as (
          select v.school_id, coalesce(sum(v.count), 0)::int as served
          from visits v join food_categories f on f.id = v.food_category_id and f.type = 'sw'
          where v.school_id in (select id from s) and v.visit_date between ${dateFrom}::date and ${dateTo}::date
            and v.organization_id = ${organizationId}::int
          group by 1)
        select s.id, s.name, coalesce(pu.students, 0) as students, coalesce(pu.sw, 0) as sw,
               coalesce(pa.parents, 0) as parents, coalesce(sv.served, 0) as served
        from s
        left join pupils pu on pu.school_id = s.id
        left join parents pa on pa.school_id = s.id
        left join served sv on sv.school_id = s.id
        order by s.name, s.id`);
      const rows = (result as unknown as { rows: StatisticsRow[] }).rows.map((r) => ({
        ...r,
        students: Number(r.students),
        sw: Number(r.sw),
        parents: Number(r.parents),
        served: Number(r.served),
      }));
      const total = await db.execute(sql`
        select count(distinct pc.parent_id)::int as n from parent_children pc
        join users p on p.id = pc.pupil_id join schools s on s.id = p.school_id
        where s.organization_id = ${organizationId}::int ${one}
          and p.classroom_id is not null and p.deleted_at is null`);
      const [parents] = (total as unknown as { rows: { n: number }[] }).rows;
      return { rows, parents: Number(parents?.n ?? 0) };
    },

    /**
     * Each school day (Monday–Friday) of the period that each pupil of the school now in an `sw` food
     * category was due a meal (their wallet dates cover it), with the daily cost of the first visit
     * under an `sw` category that day, if any: the visit's own snapshot, so a later price change does
     * not rewrite a month already paid.
     */
    async walletDueDays(schoolId: number, from: string, to: string): Promise<DueDay[]> {
      const days = periodDays(from, to).filter(isSchoolDay);
      if (days.length === 0) return [];
      const result = await db.execute(sql`
        with days as (select unnest(${`{${days.join(',')}}`}::date[]) as day),
        pupils as (
          select p.id, p.name, p.classroom_id, c.name as classroom_name, f.name as category, f.cost,
                 p.social_wallet_set_date as set_date, p.social_wallet_reset_date as reset_date
          from users p
          join food_categories f on f.id = p.food_category_id and f.type = 'sw'
          join classrooms c on c.id = p.classroom_id
          where p.school_id = ${schoolId}::int and p.deleted_at is null
        ),
        served as (
          select distinct on (v.user_id, v.visit_date) v.user_id, v.visit_date, v.cost
          from visits v
          join food_categories f on f.id = v.food_category_id and f.type = 'sw'
          where v.school_id = ${schoolId}::int and v.visit_date between ${from}::date and ${to}::date
          order by v.user_id, v.visit_date, v.id
        )
        select p.id as "pupilId", p.name as "pupilName", p.classroom_id as "classroomId",
               p.classroom_name as "classroomName", p.category, p.cost::text as cost,
               to_char(d.day, 'YYYY-MM-DD') as day, coalesce(s.cost, p.cost)::text as "servedCost",
               s.user_id is not null as served
        from pupils p
        join days d on (p.set_date is null or p.set_date <= d.day) and (p.reset_date is null or d.day < p.reset_date)
        left join served s on s.user_id = p.id and s.visit_date = d.day
        order by p.id, d.day`);
      return (result as unknown as { rows: (DueDay & { served: boolean })[] }).rows.map(({ served, ...r }) => ({
        ...r,
        servedCost: served ? r.servedCost : null,
      }));
    },

    /**
     * The anomalies of an organization's period (see the contract's AnomalyReport), a school's when
     * `schoolId` is given, the newest first, at most `limit` of each kind.
     */
    async anomalies(organizationId: number, schoolId: number | null, from: string, to: string, limit: number) {
      const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)) as unknown as { rows: T[] };
      const place = (v: string) => sql.raw(`case when ${v}.school_id is not null then 'school' else 'canteen' end`);
      const [twice, crowded, manual] = await Promise.all([
        rows<CardTwiceRow>(sql`
          select c.number as card, u.id as "userId", u.name as "userName",
                 v1.created_at as "firstAt", ${place('v1')} as "firstKind",
                 coalesce(v1.school_id, v1.canteen_id) as "firstId", coalesce(s1.name, k1.name) as "firstName",
                 v2.created_at as "secondAt", ${place('v2')} as "secondKind",
                 coalesce(v2.school_id, v2.canteen_id) as "secondId", coalesce(s2.name, k2.name) as "secondName"
          from visits v1
          join visits v2 on v2.card_id = v1.card_id and v2.organization_id = v1.organization_id
            and not v2.manual and v2.id <> v1.id
            and v2.created_at >= v1.created_at and v2.created_at <= v1.created_at + interval '10 minutes'
            and (v2.school_id is distinct from v1.school_id or v2.canteen_id is distinct from v1.canteen_id)
            and v2.visit_date between ${from}::date and ${to}::date + 1
          join cards c on c.id = v1.card_id
          join users u on u.id = v1.user_id
          left join schools s1 on s1.id = v1.school_id
          left join canteens k1 on k1.id = v1.canteen_id
          left join schools s2 on s2.id = v2.school_id
          left join canteens k2 on k2.id = v2.canteen_id
          where v1.organization_id = ${organizationId}::int and not v1.manual and v1.card_id is not null
            and v1.visit_date between ${from}::date and ${to}::date
            and (${schoolId}::int is null or ${schoolId}::int in (v1.school_id, v2.school_id))
          order by v2.created_at desc, v1.id
          limit ${limit}::int`),
        rows<CrowdedRow>(sql`
          with counts as (
            select v.visit_date, v.school_id, v.classroom_id, v.fixation_category_id, count(*)::int as visits
            from visits v
            where v.organization_id = ${organizationId}::int and v.visit_date between ${from}::date and ${to}::date
              and v.school_id is not null and v.classroom_id is not null
              and (${schoolId}::int is null or v.school_id = ${schoolId}::int)
            group by 1, 2, 3, 4
          ),
          sizes as (
            select p.classroom_id, count(*)::int as pupils from users p
            where p.deleted_at is null and p.classroom_id in (select classroom_id from counts)
            group by 1
          )
          select to_char(k.visit_date, 'YYYY-MM-DD') as date, s.id as "schoolId", s.name as "schoolName",
                 cl.id as "classroomId", cl.name as "classroomName", f.name as category,
                 k.visits, coalesce(z.pupils, 0) as pupils
          from counts k
          join schools s on s.id = k.school_id
          join classrooms cl on cl.id = k.classroom_id
          left join fixation_categories f on f.id = k.fixation_category_id
          left join sizes z on z.classroom_id = k.classroom_id
          where k.visits > coalesce(z.pupils, 0)
          order by k.visit_date desc, s.name, cl.name, f.position
          limit ${limit}::int`),
        rows<ManualRow>(sql`
          select v.id, v.created_at as at, u.id as "userId", u.name as "userName", ${place('v')} as kind,
                 coalesce(v.school_id, v.canteen_id) as "placeId", coalesce(s.name, k.name) as "placeName",
                 m.name as "markedBy"
          from visits v
          join organizations o on o.id = v.organization_id
          join users u on u.id = v.user_id
          left join users m on m.id = v.created_by
          left join schools s on s.id = v.school_id
          left join canteens k on k.id = v.canteen_id
          where v.organization_id = ${organizationId}::int and v.manual
            and v.visit_date between ${from}::date and ${to}::date
            and (${schoolId}::int is null or v.school_id = ${schoolId}::int)
            and exists (select 1 from fixation_categories f
                        where f.organization_id = v.organization_id and f.deleted_at is null)
            and not exists (
              select 1 from fixation_categories f
              where f.organization_id = v.organization_id and f.deleted_at is null
                and f.time_start <= (v.created_at at time zone o.time_zone)::time
                and (v.created_at at time zone o.time_zone)::time < f.time_finish)
          order by v.created_at desc, v.id desc
          limit ${limit}::int`),
      ]);
      return { twice: twice.rows, crowded: crowded.rows, manual: manual.rows };
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
