/**
 * How a school's day is counted (docs/rules.md "The school's year"): pure functions over the
 * calendar's entries, so the menu's cycle, the reconciliation, the statistics and the kitchen's count
 * read one rule.
 */

export type EntryKind = 'holiday' | 'day_off' | 'working' | 'vacation' | 'shortened';
export type DayKind = 'working' | 'shortened' | 'rest' | 'holiday' | 'day_off' | 'vacation';

export interface CalendarEntry {
  scope: 'country' | 'organization' | 'school';
  kind: EntryKind;
  /** ISO dates, both included. */
  from: string;
  to: string;
  name: string;
  nameKk: string | null;
  moves: boolean;
  weekDays: number | null;
  gradeFrom: number | null;
  gradeTo: number | null;
}

export interface SchoolDay {
  date: string;
  kind: DayKind;
  /** What made it so (a holiday's, a vacation's name); null for a plain working day or day of rest. */
  name: string | null;
  nameKk: string | null;
  /** Vacations of some grades only on a working day (the first grades' February week). */
  gradeVacations: { from: number; to: number; name: string; kind: 'vacation' | 'five_day' }[];
}

export interface SchoolKind {
  /** 5 (Monday–Friday) or 6 (Monday–Saturday). */
  weekDays: number;
  /** A six-day school's grades up to this one study five days: their Saturdays are days off. */
  fiveDayToGrade?: number | null;
  /** A kindergarten works through the school vacations of the country (its own calendar kind). */
  kindergarten: boolean;
}

const DAY = 86_400_000;
export const addDays = (iso: string, n: number): string =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
/** 1 Monday … 7 Sunday. */
export const isoWeekday = (iso: string): number => {
  const d = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};
const daysFrom = (from: string, to: string): string[] => {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
};

export const isServed = (kind: DayKind): boolean => kind === 'working' || kind === 'shortened';

/** A class's grade from its name: «1А», «10 Б», «11-В» → 1, 10, 11; a group without a number → null. */
export function gradeOf(classroomName: string): number | null {
  const m = /^\s*(\d{1,2})(?!\d)/.exec(classroomName);
  if (!m) return null;
  const n = Number(m[1]);
  return n <= 12 ? n : null;
}

/** What a younger grade's Saturday off in a six-day school is called on the calendar. */
export const FIVE_DAY_WEEK = 'Пятидневная неделя';

/** How far back a holiday can move a day off into a period (Nauryz's three days and a weekend). */
const LOOK_BACK = 10;

/**
 * Each day from `from` to `to` for a school: the week's days of rest, the country's holidays (a state
 * holiday on a day of rest gives the next working day off), the country's transfers for the school's
 * week, the country's vacations (not a kindergarten's), then the organization's entries and the
 * school's, each overriding what came before on its days.
 */
export function schoolDays(entries: CalendarEntry[], school: SchoolKind, from: string, to: string): SchoolDay[] {
  const start = addDays(from, -LOOK_BACK);
  const all = daysFrom(start, to);
  const rest = (d: string) => isoWeekday(d) > school.weekDays;
  const day = new Map<string, SchoolDay>(
    all.map((d) => [
      d,
      { date: d, kind: rest(d) ? 'rest' : 'working', name: null, nameKk: null, gradeVacations: [] } as SchoolDay,
    ]),
  );
  const forWeek = (e: CalendarEntry) => e.weekDays === null || e.weekDays === school.weekDays;
  const within = (e: CalendarEntry) => daysFrom(e.from < start ? start : e.from, e.to > to ? to : e.to);
  const set = (d: string, kind: DayKind, e: CalendarEntry) => {
    const row = day.get(d)!;
    row.kind = kind;
    row.name = e.name;
    row.nameKk = e.nameKk;
    if (kind !== 'working' && kind !== 'shortened') row.gradeVacations = [];
  };
  const country = entries.filter((e) => e.scope === 'country' && forWeek(e));

  // Holidays, then the days off they give when they fall on a day of rest.
  const holidays = country.filter((e) => e.kind === 'holiday').sort((a, b) => a.from.localeCompare(b.from));
  for (const e of holidays) for (const d of within(e)) set(d, 'holiday', e);
  const movedTo = new Set<string>();
  for (const e of holidays) {
    if (!e.moves) continue;
    for (const d of within(e)) {
      if (!rest(d)) continue;
      let next = addDays(d, 1);
      while (next <= to && (rest(next) || day.get(next)!.kind === 'holiday' || movedTo.has(next)))
        next = addDays(next, 1);
      if (next > to) continue;
      movedTo.add(next);
      set(next, 'day_off', { ...e, name: `${e.name} (перенос)`, nameKk: e.nameKk && `${e.nameKk} (ауыстыру)` });
    }
  }
  const apply = (list: CalendarEntry[]) => {
    for (const e of list) {
      if (e.kind === 'vacation' && e.gradeFrom !== null) {
        for (const d of within(e)) {
          const row = day.get(d)!;
          if (isServed(row.kind))
            row.gradeVacations.push({ from: e.gradeFrom, to: e.gradeTo!, name: e.name, kind: 'vacation' });
        }
        continue;
      }
      for (const d of within(e)) {
        // A vacation takes the working days: a holiday or a Sunday within it stays what it is.
        if (e.kind === 'vacation' && !isServed(day.get(d)!.kind)) continue;
        set(d, e.kind, e);
      }
    }
  };
  apply(country.filter((e) => e.kind === 'day_off' || e.kind === 'working' || e.kind === 'shortened'));
  if (!school.kindergarten) apply(country.filter((e) => e.kind === 'vacation'));
  apply(entries.filter((e) => e.scope === 'organization' && forWeek(e)));
  apply(entries.filter((e) => e.scope === 'school' && forWeek(e)));
  // A six-day school's younger grades on a five-day week rest on its working Saturdays.
  const fiveDayTo = school.weekDays === 6 ? (school.fiveDayToGrade ?? null) : null;
  if (fiveDayTo !== null)
    for (const row of day.values())
      if (isoWeekday(row.date) === 6 && isServed(row.kind))
        row.gradeVacations.push({ from: 0, to: fiveDayTo, name: FIVE_DAY_WEEK, kind: 'five_day' });
  return all.filter((d) => d >= from).map((d) => day.get(d)!);
}

/** Whether a pupil of the grade is due a meal that day (a served day, not the grade's vacation). */
export const dueOn = (d: SchoolDay, grade: number | null): boolean =>
  isServed(d.kind) && (grade === null || !d.gradeVacations.some((v) => grade >= v.from && grade <= v.to));

/**
 * The day of a menu's cycle served on `date` (null when it serves none: before the activation, or
 * not a working day). `days` maps every date from the activation's week's Monday to `date`.
 *
 * A menu whose length is a whole number of the school's weeks runs by weeks: its day is the
 * weekday's place in the week of the cycle, so day 1 and day 6 of a ten-day menu fall on Mondays of a
 * five-day school; a week without a working day (a vacation) is not a week of the cycle, and a
 * holiday's day of the menu is not served. A menu of another length runs over the working days.
 * A working Saturday of a five-day school serves its week's Friday.
 */
export function cycleDayOn(
  activated: string,
  menuDays: number,
  date: string,
  weekDays: number,
  kindOf: (date: string) => DayKind | undefined,
): number | null {
  if (date < activated || menuDays < 1) return null;
  const kind = kindOf(date);
  if (kind === undefined || !isServed(kind)) return null;
  if (menuDays % weekDays === 0) {
    const weeks = menuDays / weekDays;
    const monday = (d: string) => addDays(d, 1 - isoWeekday(d));
    let index = 0;
    for (let week = monday(activated); week < monday(date); week = addDays(week, 7)) {
      for (let i = 0; i < 7; i++) {
        const d = addDays(week, i);
        const k = d >= activated ? kindOf(d) : undefined;
        if (k !== undefined && isServed(k)) {
          index++;
          break;
        }
      }
    }
    return (index % weeks) * weekDays + Math.min(isoWeekday(date), weekDays);
  }
  let n = 0;
  for (let d = activated; d <= date; d = addDays(d, 1)) {
    const k = kindOf(d);
    if (k !== undefined && isServed(k)) n++;
  }
  return ((n - 1) % menuDays) + 1;
}
