import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { alphabetically } from '../../platform/db/alphabet.ts';

/** The visits a report counts: the organization, a place, the local calendar days, some categories. */
/** A school's counters of the statistics. */
interface StatisticsRow {
  id: number;
  name: string;
  nameKk: string | null;
  nameRuMissing: boolean;
  students: number;
  sw: number;
  /** Pupils with at least one parent in the app. */
  withParents: number;
  parents: number;
  served: number;
  ratings: number;
  /** The sum of the ratings' scores (the average is the total's over the count). */
  ratingSum: number;
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
  schoolNameKk: string | null;
  schoolNameRuMissing: boolean;
  classroomId: number;
  classroomName: string;
  category: string | null;
  visits: number;
  pupils: number;
}

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

/**
 * What the education admin oversees beyond the grids: each school's statistics, the social-wallet
 * meals that were due, and the anomalies of a period.
 */
/**
 * The wallet category each pupil of a school is reconciled under: their food category where it is
 * a social wallet one; for a pupil who left the wallet (another category now, the wallet's end date
 * kept), the wallet category of their last visit under one, else their organization's first live
 * one. Columns: the pupil `p` and `wallet` (id, name, cost, meal_ids) of the pupils who have one.
 */
const walletPupils = (schoolId: number) => sql`
  select p.*, w.id as wallet_id, w.name as wallet_name, w.cost as wallet_cost, w.meal_ids as wallet_meals
  from users p
  left join food_categories now_sw on now_sw.id = p.food_category_id and now_sw.type = 'sw'
  left join lateral (
    select f.id from visits v join food_categories f on f.id = v.food_category_id and f.type = 'sw'
    where now_sw.id is null and p.social_wallet_reset_date is not null and v.user_id = p.id
    order by v.visit_date desc, v.id desc limit 1
  ) last_sw on true
  left join lateral (
    select f.id from food_categories f
    where now_sw.id is null and p.social_wallet_reset_date is not null and last_sw.id is null
      and f.organization_id = p.organization_id and f.type = 'sw' and f.deleted_at is null
    order by f.id limit 1
  ) first_sw on true
  join food_categories w on w.id = coalesce(now_sw.id, last_sw.id, first_sw.id)
  where p.school_id = ${schoolId}::int and p.deleted_at is null and p.classroom_id is not null`;

export function createOversightRepository(db: Db) {
  return {
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
        with s as (select s.id, s.name, s.name_kk, s.name_ru_missing from schools s where s.organization_id = ${organizationId}::int ${one}),
        pupils as (
          select p.school_id, count(*)::int as students, count(*) filter (where f.type = 'sw')::int as sw,
                 count(*) filter (where exists (select 1 from parent_children pc where pc.pupil_id = p.id))::int
                   as with_parents
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
          group by 1),
        rated as (
          select r.school_id, count(*)::int as ratings, coalesce(sum(r.score), 0)::int as rating_sum
          from meal_ratings r
          where r.school_id in (select id from s) and r.date between ${dateFrom}::date and ${dateTo}::date
          group by 1)
        select s.id, s.name, s.name_kk as "nameKk", s.name_ru_missing as "nameRuMissing",
               coalesce(pu.students, 0) as students, coalesce(pu.sw, 0) as sw,
               coalesce(pu.with_parents, 0) as "withParents",
               coalesce(pa.parents, 0) as parents, coalesce(sv.served, 0) as served,
               coalesce(ra.ratings, 0) as ratings, coalesce(ra.rating_sum, 0) as "ratingSum"
        from s
        left join pupils pu on pu.school_id = s.id
        left join parents pa on pa.school_id = s.id
        left join served sv on sv.school_id = s.id
        left join rated ra on ra.school_id = s.id
        order by ${alphabetically(sql`s.name`)}, s.id`);
      const rows = (result as unknown as { rows: StatisticsRow[] }).rows.map((r) => ({
        ...r,
        students: Number(r.students),
        sw: Number(r.sw),
        withParents: Number(r.withParents),
        parents: Number(r.parents),
        served: Number(r.served),
        ratings: Number(r.ratings),
        ratingSum: Number(r.ratingSum),
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
     * Each of the school's days given (its working days: docs/rules.md "The school's year") that each
     * pupil of the school in the social wallet (`walletPupils`: now, or until the end date of the wallet
     * they left) was due a meal (their wallet dates cover it),
     * with the daily cost of the first visit under an `sw` category that day, if any: the visit's own
     * snapshot, so a later price change does not rewrite a month already paid.
     */
    async walletDueDays(schoolId: number, days: string[]): Promise<DueDay[]> {
      if (days.length === 0) return [];
      const from = days[0]!;
      const to = days[days.length - 1]!;
      const result = await db.execute(sql`
        with days as (select unnest(${`{${days.join(',')}}`}::date[]) as day),
        pupils as (
          select p.id, p.name, p.classroom_id, c.name as classroom_name, p.wallet_name as category,
                 p.wallet_cost as cost, p.social_wallet_set_date as set_date, p.social_wallet_reset_date as reset_date
          from (${walletPupils(schoolId)}) p
          join classrooms c on c.id = p.classroom_id
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
        -- Absent that day and fed nowhere at the school: not due (a meal overrides the mark).
        where not exists (
          select 1 from absences a where a.user_id = p.id and a.date = d.day
            and not exists (select 1 from visits v where v.user_id = p.id and v.visit_date = d.day))
        order by p.id, d.day`);
      return (result as unknown as { rows: (DueDay & { served: boolean })[] }).rows.map(({ served, ...r }) => ({
        ...r,
        servedCost: served ? r.servedCost : null,
      }));
    },

    /**
     * The portions due to the pupils of the school in the social wallet (`walletPupils`) whose wallet
     * dates cover each of the days given, per day and class (the statistics' «положено» before the grades'
     * vacations): one a day where the organization has no meal times for the pupil's school and shift,
     * else one per such live meal time the category pays (every one where it names none).
     */
    async walletDueCounts(schoolId: number, days: string[]) {
      if (days.length === 0) return [];
      const result = await db.execute(sql`
        with days as (select unnest(${`{${days.join(',')}}`}::date[]) as day)
        select to_char(d.day, 'YYYY-MM-DD') as day, c.name as "classroomName", sum(m.n)::int as portions
        from (${walletPupils(schoolId)}) p
        join classrooms c on c.id = p.classroom_id
        cross join lateral (
          select case
            when exists (select 1 from fixation_categories x
                         where x.organization_id = p.organization_id and x.deleted_at is null
                           and (x.school_id is null or x.school_id = p.school_id)
                           and (x.shift is null or x.shift = c.shift))
            then (select count(*) from fixation_categories x
                  where x.organization_id = p.organization_id and x.deleted_at is null
                    and (x.school_id is null or x.school_id = p.school_id)
                    and (x.shift is null or x.shift = c.shift)
                    and (p.wallet_meals is null or x.id = any(p.wallet_meals)))
            else 1 end as n
        ) m
        join days d on (p.social_wallet_set_date is null or p.social_wallet_set_date <= d.day)
          and (p.social_wallet_reset_date is null or d.day < p.social_wallet_reset_date)
        where not exists (
            select 1 from absences a where a.user_id = p.id and a.date = d.day
              and not exists (select 1 from visits v where v.user_id = p.id and v.visit_date = d.day))
        group by 1, 2`);
      return (result as unknown as { rows: { day: string; classroomName: string; portions: number }[] }).rows.map(
        (r) => ({ ...r, portions: Number(r.portions) }),
      );
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
                 s.name_kk as "schoolNameKk", s.name_ru_missing as "schoolNameRuMissing", cl.id as "classroomId", cl.name as "classroomName", f.name as category,
                 k.visits, coalesce(z.pupils, 0) as pupils
          from counts k
          join schools s on s.id = k.school_id
          join classrooms cl on cl.id = k.classroom_id
          left join fixation_categories f on f.id = k.fixation_category_id
          left join sizes z on z.classroom_id = k.classroom_id
          where k.visits > coalesce(z.pupils, 0)
          order by k.visit_date desc, ${alphabetically(sql`s.name`)}, ${alphabetically(sql`cl.name`)}, f.position
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
          left join classrooms c on c.id = v.classroom_id
          where v.organization_id = ${organizationId}::int and v.manual
            and v.visit_date between ${from}::date and ${to}::date
            and (${schoolId}::int is null or v.school_id = ${schoolId}::int)
            and exists (select 1 from fixation_categories f
                        where f.organization_id = v.organization_id and f.deleted_at is null
                          and (v.school_id is null or f.school_id is null or f.school_id = v.school_id)
                          and (f.shift is null or c.shift is null or f.shift = c.shift))
            and not exists (
              select 1 from fixation_categories f
              where f.organization_id = v.organization_id and f.deleted_at is null
                and (v.school_id is null or f.school_id is null or f.school_id = v.school_id)
                and (f.shift is null or c.shift is null or f.shift = c.shift)
                and f.time_start <= (v.created_at at time zone o.time_zone)::time
                and (v.created_at at time zone o.time_zone)::time < f.time_finish)
          order by v.created_at desc, v.id desc
          limit ${limit}::int`),
      ]);
      return { twice: twice.rows, crowded: crowded.rows, manual: manual.rows };
    },
  };
}
