import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool } from '../../../test/factories.ts';
import { calendarEntries } from '../../platform/db/schema-calendar.ts';
import { createSchoolCalendars } from './school-calendar.ts';
import { cycleDayOn, dueOn, gradeOf, schoolDays, type CalendarEntry, type DayKind } from './school-year.ts';

/** docs/rules.md "The school's year": the shipped calendar read for a school, and the menu's cycle over it. */
let t: TestContext;
let calendars: ReturnType<typeof createSchoolCalendars>;
let orgId: number;
let fiveDay: number;
let sixDay: number;
let kindergarten: number;

beforeAll(async () => {
  t = await createTestContext();
  calendars = createSchoolCalendars(t.db);
  orgId = (await createOrganization(t.db, { type: 'education' })).id;
  fiveDay = (await createSchool(t.db, { organizationId: orgId })).id;
  sixDay = (await createSchool(t.db, { organizationId: orgId, weekDays: 6 })).id;
  const kgOrg = (await createOrganization(t.db, { type: 'kindergarten' })).id;
  kindergarten = (await createSchool(t.db, { organizationId: kgOrg })).id;
});
afterAll(() => t.close());

const daysOff = async (schoolId: number, from: string, to: string) =>
  (await calendars.forSchool(schoolId, from, to))!.days
    .filter((d) => d.kind === 'holiday' || d.kind === 'day_off')
    .filter((d) => d.date.slice(5) < '05-26' || d.date.slice(5) > '08-31' || d.kind !== 'vacation')
    .map((d) => d.date);

describe('the shipped calendar of the Republic of Kazakhstan', () => {
  it('gives a five-day week the 2026 days off the government published (holidays on a weekend moved)', async () => {
    const weekdaysOff = (await daysOff(fiveDay, '2026-01-01', '2026-12-31')).filter(
      (d) => ![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()),
    );
    expect(weekdaysOff).toEqual([
      '2026-01-01',
      '2026-01-02',
      '2026-01-07',
      '2026-03-09',
      '2026-03-23',
      '2026-03-24',
      '2026-03-25',
      '2026-05-01',
      '2026-05-07',
      '2026-05-11',
      '2026-05-27',
      '2026-07-06',
      '2026-08-31',
      '2026-10-26',
      '2026-12-16',
    ]);
  });

  it('moves a holiday only off a day of rest of the school week: a six-day school rests on Victory Day Saturday', async () => {
    const five = (await calendars.forSchool(fiveDay, '2026-05-09', '2026-05-11'))!.days.map((d) => d.kind);
    const six = (await calendars.forSchool(sixDay, '2026-05-09', '2026-05-11'))!.days.map((d) => d.kind);
    expect(five).toEqual(['holiday', 'rest', 'day_off']);
    expect(six).toEqual(['holiday', 'rest', 'working']);
  });

  it('moves 2027 holidays on a weekend, and keeps the 2025 transfer of the five-day week', async () => {
    const off2027 = await daysOff(fiveDay, '2027-01-01', '2027-05-31');
    expect(off2027).toEqual(expect.arrayContaining(['2027-01-04', '2027-03-24', '2027-05-03', '2027-05-10']));
    const jan2025 = (await calendars.forSchool(fiveDay, '2025-01-03', '2025-01-03'))!.days[0]!;
    expect(jan2025.kind).toBe('day_off');
    const sixJan2025 = (await calendars.forSchool(sixDay, '2025-01-03', '2025-01-03'))!.days[0]!;
    expect(sixJan2025.kind).toBe('working');
  });

  it('has the winter vacation for a school and not for a kindergarten, Independence Day for both', async () => {
    const school = (await calendars.forSchool(fiveDay, '2026-12-16', '2026-12-29'))!;
    const garden = (await calendars.forSchool(kindergarten, '2026-12-16', '2026-12-29'))!;
    expect(school.day('2026-12-16')!.kind).toBe('holiday');
    expect(garden.day('2026-12-16')!.kind).toBe('holiday');
    expect(school.day('2026-12-29')).toMatchObject({
      kind: 'vacation',
      name: 'Зимние каникулы',
      nameKk: 'Қысқы каникул',
    });
    expect(garden.day('2026-12-29')!.kind).toBe('working');
  });

  it('gives the first grades their February week: a first-grader is not due a meal, a second-grader is', async () => {
    const feb = (await calendars.forSchool(fiveDay, '2027-02-09', '2027-02-09'))!.days[0]!;
    expect(feb.kind).toBe('working');
    expect(dueOn(feb, gradeOf('1А'))).toBe(false);
    expect(dueOn(feb, gradeOf('2 Б'))).toBe(true);
    expect(dueOn(feb, null)).toBe(true);
  });

  it("gives a six-day school's younger grades on a five-day week their Saturdays off, and no other day", async () => {
    const school = await createSchool(t.db, { organizationId: orgId, weekDays: 6, fiveDayToGrade: 4 });
    const days = (await calendars.forSchool(school.id, '2026-12-04', '2026-12-07'))!.days;
    const [friday, saturday, sunday, monday] = days;
    expect(saturday!.kind).toBe('working');
    expect([4, 5].map((g) => dueOn(saturday!, g))).toEqual([false, true]);
    expect(dueOn(saturday!, gradeOf('0 «А»'))).toBe(false);
    expect([friday, monday].map((d) => dueOn(d!, 1))).toEqual([true, true]);
    expect(sunday!.kind).toBe('rest');
  });

  it("lets an organization and a school override the country's days, the school last", async () => {
    const org2 = (await createOrganization(t.db, { type: 'education' })).id;
    const a = (await createSchool(t.db, { organizationId: org2 })).id;
    const b = (await createSchool(t.db, { organizationId: org2 })).id;
    await t.db.insert(calendarEntries).values([
      { organizationId: org2, kind: 'working', dateFrom: '2026-12-29', dateTo: '2026-12-29', name: 'Учебный день' },
      {
        organizationId: org2,
        schoolId: b,
        kind: 'day_off',
        dateFrom: '2026-12-29',
        dateTo: '2026-12-29',
        name: 'Карантин',
      },
    ]);
    const all = await calendars.of([a, b, fiveDay], '2026-12-29', '2026-12-29');
    expect(all.get(a)!.days[0]!.kind).toBe('working');
    expect(all.get(b)!.days[0]).toMatchObject({ kind: 'day_off', name: 'Карантин' });
    expect(all.get(fiveDay)!.days[0]!.kind).toBe('vacation');
  });
});

describe("the menu's cycle over the school's working days", () => {
  it('serves day 6 of a two-week menu activated on a Tuesday on the second Monday, and none on a holiday', async () => {
    const c = (await calendars.forSchool(fiveDay, '2026-11-16', '2026-12-31'))!;
    const day = (d: string) => c.menuDay('2026-11-17', 10, d);
    expect(day('2026-11-16')).toBeNull();
    expect(day('2026-11-17')).toBe(2);
    expect(day('2026-11-20')).toBe(5);
    expect(day('2026-11-21')).toBeNull();
    expect(day('2026-11-23')).toBe(6);
    expect(day('2026-11-27')).toBe(10);
    expect(day('2026-11-30')).toBe(1);
    expect(day('2026-12-01')).toBe(2);
    expect(day('2026-12-16')).toBeNull();
    expect(day('2026-12-17')).toBe(4);
    expect(day('2026-12-21')).toBe(6);
    expect(day('2026-12-29')).toBeNull();
  });

  const entry = (kind: CalendarEntry['kind'], from: string, to: string): CalendarEntry => ({
    scope: 'country',
    kind,
    from,
    to,
    name: kind,
    nameKk: null,
    moves: false,
    weekDays: null,
    gradeFrom: null,
    gradeTo: null,
  });
  const kinds = (entries: CalendarEntry[], weekDays = 5) => {
    const days = schoolDays(entries, { weekDays, kindergarten: false }, '2026-01-05', '2026-03-31');
    const map = new Map(days.map((d) => [d.date, d.kind]));
    return (d: string): DayKind | undefined => map.get(d);
  };

  it('does not count a week of vacation as a week of the cycle', () => {
    const kindOf = kinds([entry('vacation', '2026-01-12', '2026-01-18')]);
    expect(cycleDayOn('2026-01-05', 10, '2026-01-09', 5, kindOf)).toBe(5);
    expect(cycleDayOn('2026-01-05', 10, '2026-01-14', 5, kindOf)).toBeNull();
    expect(cycleDayOn('2026-01-05', 10, '2026-01-19', 5, kindOf)).toBe(6);
    expect(cycleDayOn('2026-01-05', 10, '2026-01-26', 5, kindOf)).toBe(1);
  });

  it("runs a six-day school's twelve-day menu by its weeks, Saturdays included", () => {
    const kindOf = kinds([], 6);
    expect(cycleDayOn('2026-01-05', 12, '2026-01-10', 6, kindOf)).toBe(6);
    expect(cycleDayOn('2026-01-05', 12, '2026-01-12', 6, kindOf)).toBe(7);
    expect(cycleDayOn('2026-01-05', 12, '2026-01-11', 6, kindOf)).toBeNull();
  });

  it('runs a menu of another length over the working days, skipping a holiday', () => {
    const kindOf = kinds([entry('holiday', '2026-01-07', '2026-01-07')]);
    expect(cycleDayOn('2026-01-05', 7, '2026-01-06', 5, kindOf)).toBe(2);
    expect(cycleDayOn('2026-01-05', 7, '2026-01-08', 5, kindOf)).toBe(3);
    expect(cycleDayOn('2026-01-05', 7, '2026-01-15', 5, kindOf)).toBe(1);
  });

  it('serves on a working Saturday of a five-day school the menu of its Friday', () => {
    const kindOf = kinds([entry('working', '2026-01-10', '2026-01-10')]);
    expect(cycleDayOn('2026-01-05', 10, '2026-01-10', 5, kindOf)).toBe(5);
  });
});

describe('a class grade from its name', () => {
  it('reads the leading number', () => {
    expect([
      gradeOf('1А'),
      gradeOf('10 Б'),
      gradeOf('11-В'),
      gradeOf('Солнышко'),
      gradeOf('0 «А»'),
      gradeOf('123'),
    ]).toEqual([1, 10, 11, null, 0, null]);
  });
});
