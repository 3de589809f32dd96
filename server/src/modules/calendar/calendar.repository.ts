import { and, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { organizations, schools } from '../../platform/db/schema.ts';
import { calendarEntries } from '../../platform/db/schema-calendar.ts';
import type { CalendarEntry, SchoolKind } from './school-year.ts';

export interface CalendarSchool extends SchoolKind {
  id: number;
  organizationId: number;
}

/** The entries a school's days are read from, and what kind of school it is. */
export function createCalendarRepository(db: Db) {
  return {
    async schools(ids: number[]): Promise<CalendarSchool[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({
          id: schools.id,
          organizationId: schools.organizationId,
          weekDays: schools.weekDays,
          fiveDayToGrade: schools.fiveDayToGrade,
          type: organizations.type,
        })
        .from(schools)
        .innerJoin(organizations, eq(organizations.id, schools.organizationId))
        .where(inArray(schools.id, ids));
      return rows.map((r) => ({
        id: r.id,
        organizationId: r.organizationId,
        weekDays: r.weekDays,
        fiveDayToGrade: r.fiveDayToGrade,
        kindergarten: r.type === 'kindergarten',
      }));
    },

    /** The country's entries and those of the organizations and schools given, meeting [from, to]. */
    async entries(organizationIds: number[], schoolIds: number[], from: string, to: string) {
      const rows = await db
        .select()
        .from(calendarEntries)
        .where(
          and(
            lte(calendarEntries.dateFrom, to),
            gte(calendarEntries.dateTo, from),
            or(
              isNull(calendarEntries.organizationId),
              and(
                inArray(calendarEntries.organizationId, organizationIds.length ? organizationIds : [0]),
                isNull(calendarEntries.schoolId),
              ),
              inArray(calendarEntries.schoolId, schoolIds.length ? schoolIds : [0]),
            ),
          ),
        )
        .orderBy(calendarEntries.dateFrom, calendarEntries.id);
      return rows.map((r) => ({
        organizationId: r.organizationId,
        schoolId: r.schoolId,
        entry: {
          scope: r.schoolId !== null ? 'school' : r.organizationId !== null ? 'organization' : 'country',
          kind: r.kind,
          from: r.dateFrom,
          to: r.dateTo,
          name: r.name,
          nameKk: r.nameKk,
          moves: r.moves,
          weekDays: r.weekDays,
          gradeFrom: r.gradeFrom,
          gradeTo: r.gradeTo,
        } satisfies CalendarEntry,
      }));
    },
  };
}

export interface EntryValues {
  organizationId: number | null;
  schoolId: number | null;
  kind: CalendarEntry['kind'];
  dateFrom: string;
  dateTo: string;
  name: string;
  nameKk: string | null;
  moves: boolean;
  weekDays: number | null;
  gradeFrom: number | null;
  gradeTo: number | null;
  source: string | null;
}
export type EntryRow = typeof calendarEntries.$inferSelect;

/** The writes of the calendar's screen: entries of one scope, and a school's week. */
export function createCalendarWrites(db: Db) {
  return {
    /** The entries of the scopes given (the country: organization null) meeting [from, to], by first date. */
    async rowsOf(organizationId: number | null, schoolIds: number[], from: string, to: string) {
      const scope =
        organizationId === null
          ? isNull(calendarEntries.organizationId)
          : or(
              isNull(calendarEntries.organizationId),
              and(eq(calendarEntries.organizationId, organizationId), isNull(calendarEntries.schoolId)),
              inArray(calendarEntries.schoolId, schoolIds.length ? schoolIds : [0]),
            );
      return db
        .select()
        .from(calendarEntries)
        .where(and(lte(calendarEntries.dateFrom, to), gte(calendarEntries.dateTo, from), scope))
        .orderBy(calendarEntries.dateFrom, calendarEntries.id);
    },
    async find(id: number, tx: Db = db): Promise<EntryRow | null> {
      const [row] = await tx.select().from(calendarEntries).where(eq(calendarEntries.id, id)).for('update');
      return row ?? null;
    },
    async insert(values: EntryValues & { createdById: number }, tx: Db): Promise<EntryRow> {
      const [row] = await tx.insert(calendarEntries).values(values).returning();
      return row!;
    },
    async update(id: number, values: Omit<EntryValues, 'organizationId' | 'schoolId'>, at: Date, tx: Db) {
      const [row] = await tx
        .update(calendarEntries)
        .set({ ...values, updatedAt: at })
        .where(eq(calendarEntries.id, id))
        .returning();
      return row!;
    },
    async remove(id: number, tx: Db) {
      await tx.delete(calendarEntries).where(eq(calendarEntries.id, id));
    },
    async setWeek(schoolId: number, weekDays: number, fiveDayToGrade: number | null, tx: Db) {
      const [before] = await tx
        .select({ weekDays: schools.weekDays, fiveDayToGrade: schools.fiveDayToGrade })
        .from(schools)
        .where(eq(schools.id, schoolId))
        .for('update');
      await tx.update(schools).set({ weekDays, fiveDayToGrade }).where(eq(schools.id, schoolId));
      return before ?? null;
    },
    async organizationType(id: number) {
      const [row] = await db.select({ type: organizations.type }).from(organizations).where(eq(organizations.id, id));
      return row?.type ?? null;
    },
  };
}
