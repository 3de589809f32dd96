import { eq } from 'drizzle-orm';
import { CalendarYear } from '@tamaq/contract/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, signedIn } from '../../../test/factories.ts';
import { auditLog } from '../../platform/db/schema.ts';
import { calendarEntries } from '../../platform/db/schema-calendar.ts';

/** The calendar's screen calls (docs/rules.md "The school's year"): who keeps which days. */
let t: TestContext;
let org: number;
let school: number;
let otherSchool: number;
let admin: string;
let superAdmin: string;

beforeAll(async () => {
  t = await createTestContext();
  org = (await createOrganization(t.db, { type: 'education' })).id;
  school = (await createSchool(t.db, { organizationId: org, name: 'Школа №7' })).id;
  otherSchool = (await createSchool(t.db, { organizationId: org, name: 'Школа №8' })).id;
  admin = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org })).token;
  superAdmin = (await signedIn(t.platform, { role: 'SuperAdmin', organizationId: null })).token;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.call({ method, url, token, ...(payload ? { payload } : {}) });
const year = async (query: string, token = admin) => {
  const res = await call('GET', `/api/calendar?${query}`, token);
  expect(res.statusCode).toBe(200);
  return CalendarYear.parse(res.json());
};
const kindOn = (y: CalendarYear, date: string) => y.days.find((d) => d.date === date)?.kind;
const entriesNow = async () => (await t.db.select().from(calendarEntries)).length;

describe('GET /api/calendar', () => {
  it("answers a school's academic year day by day with the entries it is read from", async () => {
    const y = await year(`year=2026&schoolId=${school}`);
    expect([y.scope, y.school, y.from, y.to, y.editable]).toEqual([
      'school',
      { id: school, name: 'Школа №7', name_ru: 'Школа №7', name_kk: null, week_days: 5, five_day_to_grade: null },
      '2026-09-01',
      '2027-08-31',
      true,
    ]);
    expect(y.days).toHaveLength(365);
    expect(kindOn(y, '2026-12-16')).toBe('holiday');
    expect(kindOn(y, '2026-12-29')).toBe('vacation');
    expect(kindOn(y, '2026-12-05')).toBe('rest');
    expect(kindOn(y, '2026-12-01')).toBe('working');
    expect(y.entries.map((e) => e.name)).toContain('День Независимости');
    expect(y.unknown_years).toEqual([]);
    // 2028's holidays are not shipped: the screen says so.
    expect((await year(`year=2027&schoolId=${school}`)).unknown_years).toEqual([2028]);
    // The organization's own view, and the country's for the super admin.
    expect((await year('year=2026')).scope).toBe('organization');
    const country = await year('year=2026', superAdmin);
    expect([country.scope, country.editable]).toEqual(['country', true]);
  });

  it('refuses a bad year (422), a role without the screen (403) and a school of another organization (404)', async () => {
    for (const q of ['year=1999', 'year=abc', '']) {
      const res = await call('GET', `/api/calendar?${q}`, admin);
      expect(res.statusCode).toBe(422);
      expect(res.json().validationErrors).toHaveProperty('year');
    }
    const cashier = (await signedIn(t.platform, { role: 'EducationCashier', organizationId: org })).token;
    expect((await call('GET', '/api/calendar?year=2026', cashier)).statusCode).toBe(403);
    const theirs = (await createSchool(t.db, { organizationId: (await createOrganization(t.db)).id })).id;
    expect((await call('GET', `/api/calendar?year=2026&schoolId=${theirs}`, admin)).statusCode).toBe(404);
    // A school-locked admin sees their school only.
    const locked = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org, schoolId: school }))
      .token;
    expect((await year('year=2026', locked)).school?.id).toBe(school);
    expect((await call('GET', `/api/calendar?year=2026&schoolId=${otherSchool}`, locked)).statusCode).toBe(404);
  });
});

describe('the calendar entries', () => {
  it("lets an admin make a school's own day off, change it and remove it, each audited", async () => {
    const made = await call('POST', '/api/calendar/entry', admin, {
      school_id: school,
      kind: 'day_off',
      date_from: '2026-12-02',
      date_to: '2026-12-02',
      name: 'Санитарный день',
    });
    expect(made.statusCode).toBe(200);
    const entry = made.json();
    expect(entry).toMatchObject({ scope: 'school', school_id: school, kind: 'day_off', name: 'Санитарный день' });
    expect(kindOn(await year(`year=2026&schoolId=${school}`), '2026-12-02')).toBe('day_off');
    // The other school of the organization still works that day.
    expect(kindOn(await year(`year=2026&schoolId=${otherSchool}`), '2026-12-02')).toBe('working');

    const changed = await call('PUT', '/api/calendar/entry', admin, {
      id: entry.id,
      kind: 'shortened',
      date_from: '2026-12-02',
      date_to: '2026-12-03',
      name: 'Сокращённые уроки',
    });
    expect(changed.statusCode).toBe(200);
    expect(kindOn(await year(`year=2026&schoolId=${school}`), '2026-12-03')).toBe('shortened');
    expect((await call('DELETE', `/api/calendar/entry/${entry.id}`, admin)).json()).toEqual({ success: true });
    expect(kindOn(await year(`year=2026&schoolId=${school}`), '2026-12-02')).toBe('working');
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(entry.id)));
    expect(actions.map((a) => a.action)).toEqual([
      'calendar_entry_create',
      'calendar_entry_update',
      'calendar_entry_delete',
    ]);
  });

  it("lets the organization's vacation day be a working day for all its schools", async () => {
    const res = await call('POST', '/api/calendar/entry', admin, {
      kind: 'working',
      date_from: '2026-12-29',
      date_to: '2026-12-30',
      name: 'Учебные дни',
    });
    expect(res.json()).toMatchObject({ scope: 'organization', school_id: null });
    expect(kindOn(await year(`year=2026&schoolId=${otherSchool}`), '2026-12-29')).toBe('working');
    expect(kindOn(await year(`year=2026&schoolId=${otherSchool}`), '2026-12-31')).toBe('vacation');
    await call('DELETE', `/api/calendar/entry/${res.json().id}`, admin);
  });

  it("lets the super admin change the country's days for every school", async () => {
    const res = await call('POST', '/api/calendar/entry', superAdmin, {
      kind: 'holiday',
      date_from: '2027-04-01',
      date_to: '2027-04-01',
      name: 'Праздник',
      moves: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ scope: 'country', moves: true });
    expect(kindOn(await year(`year=2026&schoolId=${school}`), '2027-04-01')).toBe('holiday');
    // The organization may not remove the country's day; the super admin may.
    expect((await call('DELETE', `/api/calendar/entry/${res.json().id}`, admin)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/calendar/entry/${res.json().id}`, superAdmin)).statusCode).toBe(200);
  });

  it('refuses bad entries with 422 on the field, writing nothing', async () => {
    const before = await entriesNow();
    const base = { kind: 'day_off', date_from: '2026-12-02', date_to: '2026-12-02', name: 'День' };
    const cases: [object, string][] = [
      [{ ...base, date_to: '2026-12-01' }, 'date_to'],
      [{ ...base, date_from: '2026-02-30' }, 'date_from'],
      [{ ...base, date_to: '2028-12-02' }, 'date_to'],
      [{ ...base, kind: 'party' }, 'kind'],
      [{ ...base, kind: 'holiday' }, 'kind'],
      [{ ...base, name: '  ' }, 'name'],
      [{ ...base, name: 'x'.repeat(121) }, 'name'],
      [{ ...base, grade_from: 1, grade_to: 1 }, 'grade_from'],
      [{ ...base, kind: 'vacation', grade_from: 3, grade_to: 1 }, 'grade_from'],
      [{ ...base, kind: 'vacation', grade_from: 1 }, 'grade_to'],
      [{ ...base, kind: 'vacation', grade_from: 1, grade_to: 13 }, 'grade_to'],
      [{ ...base, week_days: 7 }, 'week_days'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', '/api/calendar/entry', admin, payload);
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 422 });
      expect({ payload, errors: Object.keys(res.json().validationErrors) }).toEqual({ payload, errors: [field] });
    }
    expect(await entriesNow()).toBe(before);
  });

  it("refuses another organization's school and entry (404) and a role without the screen (403)", async () => {
    const stranger = (await createOrganization(t.db, { type: 'education' })).id;
    const theirSchool = (await createSchool(t.db, { organizationId: stranger })).id;
    const theirAdmin = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: stranger })).token;
    const base = { kind: 'day_off', date_from: '2026-12-02', date_to: '2026-12-02', name: 'День' };
    expect((await call('POST', '/api/calendar/entry', admin, { ...base, school_id: theirSchool })).statusCode).toBe(
      404,
    );
    const theirs = (await call('POST', '/api/calendar/entry', theirAdmin, base)).json();
    expect((await call('PUT', '/api/calendar/entry', admin, { ...base, id: theirs.id })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/calendar/entry/${theirs.id}`, admin)).statusCode).toBe(404);
    const teacher = (await signedIn(t.platform, { role: 'EducationSocialTeacher', organizationId: org })).token;
    expect((await call('POST', '/api/calendar/entry', teacher, base)).statusCode).toBe(403);
    expect((await call('PUT', '/api/calendar/week', teacher, { school_id: school, week_days: 6 })).statusCode).toBe(
      403,
    );
  });
});

describe('PUT /api/calendar/week', () => {
  it("makes a school's Saturdays working days, audited, and refuses a week of 7 and another's school", async () => {
    expect((await call('PUT', '/api/calendar/week', admin, { school_id: otherSchool, week_days: 6 })).json()).toEqual({
      success: true,
    });
    const y = await year(`year=2026&schoolId=${otherSchool}`);
    expect(y.school?.week_days).toBe(6);
    expect(kindOn(y, '2026-12-05')).toBe('working');
    expect(kindOn(y, '2026-12-06')).toBe('rest');
    const bad = await call('PUT', '/api/calendar/week', admin, { school_id: otherSchool, week_days: 7 });
    expect([bad.statusCode, Object.keys(bad.json().validationErrors)]).toEqual([422, ['week_days']]);
    const theirs = (await createSchool(t.db, { organizationId: (await createOrganization(t.db)).id })).id;
    expect((await call('PUT', '/api/calendar/week', admin, { school_id: theirs, week_days: 6 })).statusCode).toBe(404);
    const [row] = await t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.action, 'school_week_days'));
    expect(row?.after).toEqual({ week_days: 6, five_day_to_grade: null });
  });

  it('gives grades up to the one named a five-day week in a six-day school, and refuses it in a five-day one', async () => {
    const own = (await createSchool(t.db, { organizationId: org })).id;
    const ok = await call('PUT', '/api/calendar/week', admin, { school_id: own, week_days: 6, five_day_to_grade: 4 });
    expect(ok.statusCode).toBe(200);
    const y = await year(`year=2026&schoolId=${own}`);
    expect(y.school?.five_day_to_grade).toBe(4);
    const saturday = y.days.find((d) => d.date === '2026-12-05')!;
    expect([saturday.kind, saturday.grade_vacations]).toEqual([
      'working',
      [{ from: 0, to: 4, name: 'Пятидневная неделя', kind: 'five_day' }],
    ]);
    for (const body of [
      { school_id: own, week_days: 5, five_day_to_grade: 4 },
      { school_id: own, week_days: 6, five_day_to_grade: 13 },
      { school_id: own, week_days: 6, five_day_to_grade: 'четыре' },
    ]) {
      const bad = await call('PUT', '/api/calendar/week', admin, body);
      expect([bad.statusCode, Object.keys(bad.json().validationErrors)]).toEqual([422, ['five_day_to_grade']]);
    }
    expect((await year(`year=2026&schoolId=${own}`)).school?.five_day_to_grade).toBe(4);
    // Back to five days: the younger grades' own week goes with the Saturdays.
    await call('PUT', '/api/calendar/week', admin, { school_id: own, week_days: 5 });
    expect((await year(`year=2026&schoolId=${own}`)).school).toMatchObject({ week_days: 5, five_day_to_grade: null });
  });
});

describe('the sources of the days in Kazakh', () => {
  it('ships every source of the country’s days in Kazakh too', async () => {
    const shipped = await t.db.select().from(calendarEntries);
    const sourced = shipped.filter((e) => e.organizationId === null && e.source !== null);
    expect(sourced.length).toBeGreaterThan(30);
    const untranslated = sourced.filter((e) => !/[әғқңөұүһі]/i.test(e.sourceKk ?? '')).map((e) => e.name);
    expect(untranslated).toEqual([]);
  });

  it('keeps an entry’s Kazakh source while its source stays, and drops it with a new source', async () => {
    const made = await call('POST', '/api/calendar/entry', admin, {
      kind: 'day_off',
      date_from: '2027-04-02',
      date_to: '2027-04-02',
      name: 'Санитарный день',
      source: 'Приказ директора № 5',
      source_kk: 'Директордың № 5 бұйрығы',
    });
    expect(made.json()).toMatchObject({ source: 'Приказ директора № 5', source_kk: 'Директордың № 5 бұйрығы' });
    const body = { id: made.json().id, kind: 'day_off', date_from: '2027-04-02', date_to: '2027-04-02' };
    const renamed = await call('PUT', '/api/calendar/entry', admin, {
      ...body,
      name: 'Санитарный день школы',
      source: 'Приказ директора № 5',
    });
    expect(renamed.json().source_kk).toBe('Директордың № 5 бұйрығы');
    const resourced = await call('PUT', '/api/calendar/entry', admin, {
      ...body,
      name: 'Санитарный день школы',
      source: 'Приказ директора № 6',
    });
    expect(resourced.json()).toMatchObject({ source: 'Приказ директора № 6', source_kk: null });
  });
});
