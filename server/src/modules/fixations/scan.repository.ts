import type { Fixation } from '@tamaq/contract/fixations';
import type { Db } from '../../platform/db/client.ts';
import type { Scope } from '../../platform/auth/scope.ts';
import { toFixation } from '../../platform/db/visit-answer.ts';

/**
 * A scan is ONE statement (docs/rules.md "Scan speed"): it reads everything the rules need — the
 * place (school or canteen) within the caller's scope, an earlier answer under the same
 * Idempotency-Key, the card, its live holder with what the answer shows (name, photo, class, food
 * category), the meal time that applies, the visit already holding today's one-time slot — and, when
 * every rule holds and the caller may write, records the visit and its key in the same statement (one
 * commit: a crash keeps both or neither). It answers what it read and the new visit's id, so the
 * service can tell the refusal in docs/domain.md's order and build the answer without another query.
 * Null when the place is not found.
 */
export interface ScanFacts {
  organizationId: number;
  timeZone: string;
  /** The visit an earlier try with this key recorded. */
  replayId: number | null;
  cardId: number | null;
  cardOrganizationId: number | null;
  endlessUse: boolean;
  userId: number | null;
  userSchoolId: number | null;
  classroomId: number | null;
  userName: string | null;
  jobTitle: string | null;
  imageKey: string | null;
  classroomName: string | null;
  classroomNameKk: string | null;
  classroomNameRuMissing: boolean | null;
  /** The class's shift (1 or 2): it eats at that shift's meal times. */
  classroomShift: number | null;
  foodCategoryId: number | null;
  foodCategoryCost: string | null;
  foodCategoryName: string | null;
  /** The meal times the food category pays for; null: every meal. */
  foodCategoryMeals: number[] | null;
  watchDays: number[] | null;
  hasCategories: boolean;
  /** The category chosen (canteen admin) or whose window holds the local time. */
  categoryId: number | null;
  categoryName: string | null;
  /** When today's one-time slot of that category was used, if it was. */
  firstAt: Date | null;
  /** The visit this statement recorded; null when a rule refused it (or `write` was false). */
  visitId: number | null;
  /** The allergens and diets the holder's parents set (a pupil's restrictions), null when none were set. */
  restrictedAllergens: string[] | null;
  restrictedDiets: string[] | null;
  /** The school refuses a pupil's meal when the pupil's restrictions meet a dish of the day (a canteen: false). */
  refuseRestricted: boolean;
}

/** What a scan statement is given besides the place. */
export interface ScanInput {
  scope: Scope;
  actorId: number;
  key: string | null;
  /** The normalised scanned code. */
  card: string;
  /** The moment recorded (rule 7). */
  at: Date;
  /** The zone `time`/`date`/`monthDay` were computed in: nothing is written unless it is the organization's. */
  timeZone: string;
  time: string;
  date: string;
  monthDay: number;
  /** False: read only (the 3-second window is held by another scan). */
  write: boolean;
  /**
   * A school scan: the allergens of the day's dishes, and the diets those allergens meet. A school that
   * refuses restricted meals records nothing for a pupil whose restrictions hold one of them.
   */
  dayAllergens?: readonly string[];
  dayDiets?: readonly string[];
}

/**
 * The scan statements go straight to the driver as named prepared statements: parsed and planned
 * once per connection, not on every scan. The driver answers timestamps as Date, numerics and
 * bigints as strings, int arrays as numbers, so ids are read with Number().
 */
type Raw = <R>(name: string, text: string, values: unknown[]) => Promise<R[]>;

interface PgClientLike {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

function rawRunner(db: Db): Raw {
  const client = (db as unknown as { $client: PgClientLike }).$client;
  return async <R>(name: string, text: string, values: unknown[]) =>
    (await client.query({ name, text, values })).rows as R[];
}

// Parameters of both statements: $1 place, $2 scope.all, $3 scope organization, $4 caller, $5 key, $6 card,
// $7 local time, $8 local day, $9 moment, $10 the zone $7/$8 are in, $11 may write. Then the school's
// $12 scope school, $13 the day's allergens, $14 the diets they meet; the canteen's $12 day of the month,
// $13 the category an admin chose.

/** The holder, card and slot columns both scans read (after the place and the key). */
const HOLDER_COLUMNS = `
    k.id as "replayId",
    c.id as "cardId", c.organization_id as "cardOrganizationId", coalesce(c.endless_use, false) as "endlessUse",
    u.id as "userId", u.school_id as "userSchoolId", u.classroom_id as "classroomId",
    u.name as "userName", u.job_title as "jobTitle", i.key as "imageKey", cl.name as "classroomName", cl.name_kk as "classroomNameKk", cl.name_ru_missing as "classroomNameRuMissing", cl.shift as "classroomShift",
    fd.id as "foodCategoryId", fd.cost as "foodCategoryCost", fd.name as "foodCategoryName",
    fd.meal_ids as "foodCategoryMeals", cat.id as "categoryId", cat.name as "categoryName", prior.created_at as "firstAt",
    rs.allergens as "restrictedAllergens", rs.diets as "restrictedDiets"`;

/** The earlier answer under this key; the card → live holder → photo, class, food category. */
const HOLDER_JOINS = `
  left join visits k on k.created_by = $4::int and k.scan_key = $5::text
  left join cards c on c.number = $6::text
  left join users u on u.id = c.user_id and u.deleted_at is null
  left join images i on i.id = u.image_id
  left join classrooms cl on cl.id = u.classroom_id
  left join food_categories fd on fd.id = u.food_category_id
  left join child_restrictions rs on rs.pupil_id = u.id`;

/**
 * The visit holding the one-time slot: of this meal time, or one without a meal time (a school visit
 * marked by hand takes the whole day, docs/rules.md). The index on (user, day, …) answers it.
 */
const PRIOR_JOIN = `
  left join lateral (
    select v.created_at from visits v
    where v.user_id = u.id and v.visit_date = $8::date and v.one_time
      and (v.fixation_category_id is null or v.fixation_category_id = cat.id)
    order by v.created_at
    limit 1
  ) prior on true`;

/**
 * The write of both statements: `rules` decide (the same rules the service tells refusals by), the
 * one-time index has the last word under concurrency. Nothing is written in a zone other than the
 * organization's (the service then runs the statement again in the right one). A visit of a pupil
 * whose parent wants to hear of meals writes its notice too, in the same statement (docs/rules.md
 * "Notifications"): a visit not written tells nobody, a visit answered is never left untold.
 */
const recordIf = (values: string, rules: string) => `,
v as (
  insert into visits (organization_id, school_id, canteen_id, user_id, card_id, fixation_category_id, classroom_id,
    food_category_id, cost, one_time, count, visit_date, created_at, created_by, scan_key)
  select ${values}, 1, $8::date, $9::timestamptz, $4::int, $5::text from f
  where $11::boolean and f."timeZone" = $10::text and f."replayId" is null
    and f."cardOrganizationId" = f."organizationId" and f."userId" is not null and ${rules}
  on conflict (user_id, visit_date, coalesce(fixation_category_id, 0)) where one_time do nothing
  returning id
),
n as (
  insert into notification_events (event, organization_id, pupil_id, visit_id, at)
  select 'meal', f."organizationId", f."userId", v.id, $9::timestamptz from v cross join f
  where exists (select 1 from notification_choices c where c.pupil_id = f."userId" and c.event = 'meal')
)
select f.*, (select id from v) as "visitId" from f`;

/** Exported for bench/scan.mjs, which times this statement alone with pgbench. */
export const SCHOOL_SCAN_SQL = `
with f as (
  select s.id as "schoolId", s.organization_id as "organizationId", o.time_zone as "timeZone",
    exists (select 1 from fixation_categories x where x.organization_id = s.organization_id and x.deleted_at is null
      and (x.school_id is null or x.school_id = s.id) and (x.shift is null or x.shift = cl.shift)) as "hasCategories",
    null::int[] as "watchDays", s.restricted_meal_rule = 'refuse' as "refuseRestricted", ${HOLDER_COLUMNS}
  from schools s
  join organizations o on o.id = s.organization_id
  ${HOLDER_JOINS}
  left join lateral (
    select x.id, x.name from fixation_categories x
    where x.organization_id = s.organization_id and x.deleted_at is null
      and (x.school_id is null or x.school_id = s.id) and (x.shift is null or x.shift = cl.shift)
      and x.time_start <= $7::time and $7::time < x.time_finish
    limit 1
  ) cat on true
  ${PRIOR_JOIN}
  where s.id = $1::int and ($2::boolean or (s.organization_id = $3::int and ($12::int is null or s.id = $12::int)))
)${recordIf(
  `f."organizationId", f."schoolId", null::int, f."userId", f."cardId", f."categoryId", f."classroomId",
    f."foodCategoryId", f."foodCategoryCost", true`,
  `f."userSchoolId" = f."schoolId" and f."classroomId" is not null and f."foodCategoryId" is not null
    and (f."categoryId" is not null or not f."hasCategories") and f."firstAt" is null
    and (f."foodCategoryMeals" is null or f."categoryId" is null or f."categoryId" = any(f."foodCategoryMeals"))
    and not (f."refuseRestricted" and coalesce(f."restrictedAllergens" && $13::text[] or f."restrictedDiets" && $14::text[], false))`,
)}`;

const CANTEEN_SCAN_SQL = `
with f as (
  select cn.id as "canteenId", cn.organization_id as "organizationId", o.time_zone as "timeZone",
    true as "hasCategories", w.days as "watchDays", false as "refuseRestricted", ${HOLDER_COLUMNS}
  from canteens cn
  join organizations o on o.id = cn.organization_id
  ${HOLDER_JOINS}
  left join watches w on w.id = u.watch_id
  left join lateral (
    select x.id, x.name from fixation_categories x
    where x.organization_id = cn.organization_id and x.deleted_at is null
      and case when $13::int is null then x.time_start <= $7::time and $7::time < x.time_finish else x.id = $13::int end
    limit 1
  ) cat on true
  ${PRIOR_JOIN}
  where cn.id = $1::int and cn.deleted_at is null and ($2::boolean or cn.organization_id = $3::int)
)${recordIf(
  `f."organizationId", null::int, f."canteenId", f."userId", f."cardId", f."categoryId", f."classroomId",
    f."foodCategoryId", f."foodCategoryCost", not f."endlessUse"`,
  `f."categoryId" is not null and (f."watchDays" is null or $12::int = any(f."watchDays"))
    and (f."endlessUse" or f."firstAt" is null)`,
)}`;

interface RawFacts extends Omit<ScanFacts, 'replayId' | 'visitId'> {
  replayId: number | string | null;
  visitId: number | string | null;
}
/** The row as the service reads it: ids as numbers (in place, it is the driver's own object). */
function toFacts(r: RawFacts | undefined): ScanFacts | null {
  if (!r) return null;
  if (r.replayId !== null) r.replayId = Number(r.replayId);
  if (r.visitId !== null) r.visitId = Number(r.visitId);
  return r as ScanFacts;
}

const sharedValues = (place: number, p: ScanInput) => [
  place,
  p.scope.all,
  p.scope.organizationId,
  p.actorId,
  p.key,
  p.card,
  p.time,
  p.date,
  p.at.toISOString(),
  p.timeZone,
  p.write,
];

/** The scan's two statements, run by name so that PostgreSQL plans each once per connection. */
export function createScanStatements(db: Db) {
  const raw = rawRunner(db);
  return {
    /** A school scan's one statement (see ScanFacts); null when the school is not in the caller's scope. */
    async schoolScan(schoolId: number, p: ScanInput): Promise<ScanFacts | null> {
      const [row] = await raw<RawFacts>('tamaq_school_scan', SCHOOL_SCAN_SQL, [
        ...sharedValues(schoolId, p),
        p.scope.schoolId,
        p.dayAllergens ?? [],
        p.dayDiets ?? [],
      ]);
      return toFacts(row);
    },

    /** A canteen scan's one statement; `chosen` is the category an admin picked (else the current one). */
    async canteenScan(canteenId: number, p: ScanInput, chosen: number | null): Promise<ScanFacts | null> {
      const [row] = await raw<RawFacts>('tamaq_canteen_scan', CANTEEN_SCAN_SQL, [
        ...sharedValues(canteenId, p),
        p.monthDay,
        chosen,
      ]);
      return toFacts(row);
    },

    /** The answer to a scan that recorded `f.visitId`, built from what the statement read. */
    scannedRow(f: ScanFacts, at: Date, place: { schoolId: number | null; canteenId: number | null }): Fixation {
      return toFixation({
        id: f.visitId!,
        createdAt: at,
        ...place,
        count: 1,
        userId: f.userId!,
        userName: f.userName ?? '',
        jobTitle: f.jobTitle,
        imageKey: f.imageKey,
        classroomId: f.classroomId,
        classroomName: f.classroomName,
        classroomNameKk: f.classroomNameKk,
        classroomNameRuMissing: f.classroomNameRuMissing,
        fixationCategoryId: f.categoryId,
        fixationCategoryName: f.categoryName,
        foodCategoryId: f.foodCategoryId,
        foodCategoryName: f.foodCategoryName,
      });
    },
  };
}
