import type { Db } from '../../platform/db/client.ts';
import { createCalendarRepository, type CalendarSchool } from './calendar.repository.ts';
import { addDays, cycleDayOn, schoolDays, type DayKind, type SchoolDay } from './school-year.ts';

/** A school's days of a period, read once: what each date is, and a menu's day of the cycle on it. */
export interface SchoolCalendar {
  school: CalendarSchool;
  days: SchoolDay[];
  day(date: string): SchoolDay | undefined;
  /** The day of a menu activated on `activated` served on `date` (the calendar must reach back to the activation's week). */
  menuDay(activated: string, menuDays: number, date: string): number | null;
}

/** How far before a period the calendar is read so the holidays before it can move days into it. */
const span = (from: string) => addDays(from, -14);

/** The school's year of the schools (docs/rules.md "The school's year"), for the modules that count days. */
export function createSchoolCalendars(db: Db) {
  const repo = createCalendarRepository(db);
  const build = (
    school: CalendarSchool,
    entries: Awaited<ReturnType<typeof repo.entries>>,
    from: string,
    to: string,
  ) => {
    const own = entries
      .filter(
        (e) =>
          e.organizationId === null ||
          (e.schoolId === null && e.organizationId === school.organizationId) ||
          e.schoolId === school.id,
      )
      .map((e) => e.entry);
    const days = schoolDays(own, school, from, to);
    const byDate = new Map(days.map((d) => [d.date, d]));
    const kindOf = (d: string): DayKind | undefined => byDate.get(d)?.kind;
    return {
      school,
      days,
      day: (date: string) => byDate.get(date),
      menuDay: (activated: string, menuDays: number, date: string) =>
        cycleDayOn(activated, menuDays, date, school.weekDays, kindOf),
    } satisfies SchoolCalendar;
  };
  return {
    /** Each school's calendar from `from` to `to` (ISO dates); a school that does not exist is left out. */
    async of(schoolIds: number[], from: string, to: string): Promise<Map<number, SchoolCalendar>> {
      const schools = await repo.schools([...new Set(schoolIds)]);
      const entries = await repo.entries(
        [...new Set(schools.map((s) => s.organizationId))],
        schools.map((s) => s.id),
        span(from),
        to,
      );
      return new Map(schools.map((s) => [s.id, build(s, entries, from, to)]));
    },
    async forSchool(schoolId: number, from: string, to: string): Promise<SchoolCalendar | null> {
      return (await this.of([schoolId], from, to)).get(schoolId) ?? null;
    },
  };
}
export type SchoolCalendars = ReturnType<typeof createSchoolCalendars>;
