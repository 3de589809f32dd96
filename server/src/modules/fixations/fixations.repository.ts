import { namesOf } from '@tamaq/contract/names';
import { and, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';

import type { Fixation, SchoolPace } from '@tamaq/contract/fixations';
import { escapeLike } from '../../platform/db/catalogue.ts';
import { boundedRead, LIST_TIMEOUT_MS, type Db } from '../../platform/db/client.ts';

import { cards, classrooms, fixationCategories, users, visits, watches } from '../../platform/db/schema-people.ts';
import { tenantFilter, type Scope } from '../../platform/auth/scope.ts';
import { canteenInScope, schoolInScope } from '../../platform/db/places.ts';
import { selectVisitAnswers, toFixation } from '../../platform/db/visit-answer.ts';
import { createScanStatements } from './scan.repository.ts';

export type { ScanFacts, ScanInput } from './scan.repository.ts';

const COUNT = sql<number>`count(*)`.mapWith(Number);
/** The latest scans read to find the run of the class being served (a class is never this big). */
const PACE_RUN_MAX = 300;

/**
 * The people with a visit in a place on a day of the organization: the day's bounds in its zone let the
 * (place, created_at) index answer; a visit's day is the local day of its moment, so both agree.
 */
async function fedOn(tx: Db, place: SQL, date: string, timeZone: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(distinct ${visits.userId})`.mapWith(Number) })
    .from(visits)
    .where(
      and(
        place,
        sql`${visits.createdAt} >= (${date}::date)::timestamp at time zone ${timeZone}`,
        sql`${visits.createdAt} < (${date}::date + 1)::timestamp at time zone ${timeZone}`,
        eq(visits.visitDate, date),
      ),
    );
  return row?.n ?? 0;
}

export function createFixationsRepository(db: Db) {
  return {
    ...createScanStatements(db),
    /** The pace of a school's queue at `now` (see the contract's SchoolPace). */
    async schoolPace(schoolId: number, now: Date): Promise<SchoolPace> {
      const tenAgo = new Date(now.getTime() - 10 * 60_000);
      const minuteAgo = new Date(now.getTime() - 60_000);
      const scans = and(
        eq(visits.schoolId, schoolId),
        eq(visits.manual, false),
        sql`${visits.createdAt} <= ${now.toISOString()}::timestamptz`,
      );
      const [[counts], recent] = await Promise.all([
        db
          .select({
            lastMinute:
              sql<number>`count(*) filter (where ${visits.createdAt} > ${minuteAgo.toISOString()}::timestamptz)`.mapWith(
                Number,
              ),
            lastTenMinutes: COUNT,
          })
          .from(visits)
          .where(and(scans, sql`${visits.createdAt} > ${tenAgo.toISOString()}::timestamptz`)),
        // The latest scans, newest first: the current class is the run at their head.
        db
          .select({ classroomId: visits.classroomId, at: visits.createdAt })
          .from(visits)
          .where(
            and(scans, sql`${visits.createdAt} > ${new Date(now.getTime() - 3 * 3600_000).toISOString()}::timestamptz`),
          )
          .orderBy(desc(visits.createdAt))
          .limit(PACE_RUN_MAX),
      ]);
      const head = recent[0];
      let currentClass: SchoolPace['currentClass'] = null;
      if (head?.classroomId != null && head.at > tenAgo) {
        const run = recent.findIndex((r) => r.classroomId !== head.classroomId);
        const scansInRun = run < 0 ? recent.length : run;
        const [[c], [size]] = await Promise.all([
          db
            .select({ name: classrooms.name, nameKk: classrooms.nameKk, nameRuMissing: classrooms.nameRuMissing })
            .from(classrooms)
            .where(eq(classrooms.id, head.classroomId)),
          db
            .select({ n: COUNT })
            .from(users)
            .where(and(eq(users.classroomId, head.classroomId), isNull(users.deletedAt))),
        ]);
        currentClass = {
          id: head.classroomId,
          ...namesOf(c ?? { name: '', nameKk: null, nameRuMissing: false }),
          since: recent[scansInRun - 1]!.at.toISOString(),
          last: head.at.toISOString(),
          scans: scansInRun,
          pupils: size?.n ?? 0,
        };
      }
      return {
        lastMinute: counts?.lastMinute ?? 0,
        lastTenMinutes: counts?.lastTenMinutes ?? 0,
        currentClass,
        at: now.toISOString(),
      };
    },

    /** «Сегодня: N из M» of a school (see the contract's TodayCount). */
    async schoolToday(schoolId: number, date: string, timeZone: string, tx: Db = db) {
      const [fed, total] = await Promise.all([
        fedOn(tx, eq(visits.schoolId, schoolId), date, timeZone),
        tx
          .select({ n: COUNT })
          .from(users)
          .where(
            and(
              eq(users.schoolId, schoolId),
              isNull(users.deletedAt),
              isNotNull(users.classroomId),
              isNotNull(users.foodCategoryId),
            ),
          ),
      ]);
      return { fed, total: total[0]?.n ?? 0 };
    },

    /** «Сегодня: N из M» of a canteen (see the contract's TodayCount). */
    async canteenToday(canteenId: number, organizationId: number, date: string, timeZone: string, tx: Db = db) {
      const monthDay = Number(date.slice(8, 10));
      const [fed, total] = await Promise.all([
        fedOn(tx, eq(visits.canteenId, canteenId), date, timeZone),
        tx
          .select({ n: COUNT })
          .from(users)
          .leftJoin(watches, eq(watches.id, users.watchId))
          .where(
            and(
              eq(users.organizationId, organizationId),
              isNull(users.deletedAt),
              isNull(users.roleId),
              sql`(${watches.id} is null or ${monthDay}::int = any(${watches.days}))`,
              sql`exists (select 1 from cards c where c.user_id = ${users.id} and c.organization_id = ${organizationId})`,
            ),
          ),
      ]);
      return { fed, total: total[0]?.n ?? 0 };
    },

    /**
     * Whether a visit recorded under a key is the scan asked again: the same card (when the visit
     * still knows it) at the same canteen or school.
     */
    async sameScan(visitId: number, card: string, place: { canteenId: number } | { schoolId: number }) {
      const [row] = await db
        .select({ number: cards.number, canteenId: visits.canteenId, schoolId: visits.schoolId })
        .from(visits)
        .leftJoin(cards, eq(cards.id, visits.cardId))
        .where(eq(visits.id, visitId))
        .limit(1);
      if (!row) return true;
      const samePlace = 'canteenId' in place ? row.canteenId === place.canteenId : row.schoolId === place.schoolId;
      return samePlace && (row.number === null || row.number === card);
    },

    async idempotentVisit(userId: number, key: string, tx: Db = db): Promise<number | null> {
      const [row] = await tx
        .select({ visitId: visits.id })
        .from(visits)
        .where(and(eq(visits.createdBy, userId), eq(visits.scanKey, key)))
        .limit(1);
      return row?.visitId ?? null;
    },

    school: (id: number, scope: Scope, tx: Db = db) => schoolInScope(tx, scope, id),

    canteen: (id: number, scope: Scope, tx: Db = db) => canteenInScope(tx, scope, id),

    /**
     * The next meal window after `time` today of the school and the class's shift, else its first one
     * of the day (for the refusal of a scan between meals).
     */
    async nextMealTime(organizationId: number, schoolId: number, shift: number | null, time: string) {
      const x = fixationCategories;
      const rows = await db
        .select({ name: x.name, start: x.timeStart })
        .from(x)
        .where(
          and(
            eq(x.organizationId, organizationId),
            isNull(x.deletedAt),
            or(isNull(x.schoolId), eq(x.schoolId, schoolId)),
            shift === null ? isNull(x.shift) : or(isNull(x.shift), eq(x.shift, shift)),
          ),
        )
        .orderBy(x.timeStart);
      const next = rows.find((r) => r.start > time);
      const first = rows[0];
      if (next) return { today: true, name: next.name, start: next.start.slice(0, 5) };
      return first ? { today: false, name: first.name, start: first.start.slice(0, 5) } : null;
    },

    /** When the one-time slot was first used that day (for the refusal's message). */
    async firstVisitAt(userId: number, visitDate: string, fixationCategoryId: number | null, tx: Db = db) {
      const [row] = await tx
        .select({ createdAt: visits.createdAt })
        .from(visits)
        .where(
          and(
            eq(visits.userId, userId),
            eq(visits.visitDate, visitDate),
            eq(visits.oneTime, true),
            sql`(${visits.fixationCategoryId} is null or ${visits.fixationCategoryId} = ${fixationCategoryId})`,
          ),
        )
        .orderBy(visits.createdAt)
        .limit(1);
      return row?.createdAt ?? null;
    },

    async row(id: number, tx: Db = db): Promise<Fixation | null> {
      const [row] = await selectVisitAnswers(tx).where(eq(visits.id, id)).limit(1);
      return row ? toFixation(row) : null;
    },

    async list(
      where: { schoolId?: number; canteenId?: number; fixationCategoryId?: number; query?: string },
      scope: Scope,
      paging: { limit: number; offset: number },
    ) {
      return boundedRead(db, LIST_TIMEOUT_MS, async (tx) => {
        const conditions: (SQL | undefined)[] = [tenantFilter(visits, scope)];
        if (where.schoolId) conditions.push(eq(visits.schoolId, where.schoolId));
        if (where.canteenId) conditions.push(eq(visits.canteenId, where.canteenId));
        if (where.fixationCategoryId) conditions.push(eq(visits.fixationCategoryId, where.fixationCategoryId));
        if (where.query) {
          // The people first, through the name's trigram index; then only their visits. Filtering the
          // visits by name instead walked every visit of the school when nothing matched.
          const people = await tx
            .select({ id: users.id })
            .from(users)
            .where(
              and(
                scope.all ? undefined : eq(users.organizationId, scope.organizationId ?? -1),
                sql`${users.name} ilike ${`%${escapeLike(where.query)}%`}`,
              ),
            );
          if (!people.length) return { total: 0, rows: [] };
          conditions.push(sql`${visits.userId} = any(${`{${people.map((p) => p.id).join(',')}}`}::int[])`);
        }
        const filter = and(...conditions);
        const rows = await selectVisitAnswers(tx)
          .where(filter)
          .orderBy(desc(visits.createdAt), desc(visits.id))
          .limit(paging.limit)
          .offset(paging.offset);
        const [total] = await tx
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(visits)
          .where(filter);
        return { total: total?.n ?? 0, rows: rows.map(toFixation) };
      });
    },

    async find(id: number, scope: Scope, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(visits)
        .where(and(eq(visits.id, id), tenantFilter(visits, scope)))
        .limit(1);
      return row ?? null;
    },

    async remove(id: number, tx: Db = db) {
      await tx.delete(visits).where(eq(visits.id, id));
    },
  };
}

export type FixationsRepository = ReturnType<typeof createFixationsRepository>;
