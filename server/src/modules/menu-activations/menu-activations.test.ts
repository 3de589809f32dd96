import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, signedIn } from '../../../test/factories.ts';
import { organizations } from '../../platform/db/schema.ts';
import { menuActivations } from '../../platform/db/schema-food.ts';

/** docs/product.md "Activated menus": a menu applies to a school from a date, free or paid. */
let t: TestContext;
let orgId: number;
let admin: string;
let schoolId: number;
let menuId: number;

beforeAll(async () => {
  t = await createTestContext();
  orgId = (await createOrganization(t.db, { type: 'education' })).id;
  admin = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId })).token;
  schoolId = (await createSchool(t.db, { organizationId: orgId, name: 'Школа №7' })).id;
  menuId = (await call('POST', '/api/menu', { name: 'Десятидневка', days: 10, groups: '1,3' })).json().id;
});
afterAll(() => t.close());
afterEach(() => {
  t.clock.now = new Date();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin) =>
  t.call({ method, url, token, ...(payload ? { payload } : {}) });
const activate = (body: object, token = admin) => call('POST', '/api/activated/menu/activate', body, token);
const listed = async (query = `schoolId=${schoolId}`) =>
  (await call('GET', `/api/activated/menus?${query}`)).json() as {
    total: number;
    rows: { id: number; type: string; date: string; today_day: number | null }[];
  };

describe('/api/activated/menus', () => {
  it('activates, lists newest first with the school, the menu and today’s day, and removes', async () => {
    t.clock.now = new Date('2026-11-25T10:00:00+05:00');
    const paid = await activate({ school_id: schoolId, menu_id: menuId, type: 'paid_food', date: '2026-11-01' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      school: { id: schoolId, name: 'Школа №7' },
      menu: { id: menuId, name: 'Десятидневка', days: 10 },
      type: 'paid_food',
      date: '2026-11-01',
      // Wednesday of the cycle's second week: the week of 26.10 (the autumn vacation) is none of it.
      today_day: 8,
    });
    // A later activation of the same type takes over from its date; a future one does not yet.
    const later = (
      await activate({ school_id: schoolId, menu_id: menuId, type: 'paid_food', date: '2026-11-20' })
    ).json();
    await activate({ school_id: schoolId, menu_id: menuId, type: 'paid_food', date: '2026-12-01' });
    await activate({ school_id: schoolId, menu_id: menuId, type: 'free_food', date: '2026-11-24' });
    const list = await listed();
    expect(list.total).toBe(4);
    expect(list.rows.map((r) => [r.type, r.date, r.today_day])).toEqual([
      ['paid_food', '2026-12-01', null],
      ['free_food', '2026-11-24', 3],
      ['paid_food', '2026-11-20', 8],
      ['paid_food', '2026-11-01', null],
    ]);
    expect((await call('PUT', '/api/activated/menu/remove', { id: later.id })).json()).toEqual({ success: true });
    const after = await listed();
    expect(after.rows.map((r) => [r.date, r.today_day])).toEqual([
      ['2026-12-01', null],
      ['2026-11-24', 3],
      ['2026-11-01', 8],
    ]);
    // The menu is in use while any activation applies it.
    expect((await call('GET', `/api/menu/${menuId}`)).json().activations).toBe(3);
  });

  it("answers a week's dates with the school's day and the menu's day each serves, for the week's print", async () => {
    t.clock.now = new Date('2026-12-01T10:00:00+05:00');
    const school = (await createSchool(t.db, { organizationId: orgId, name: 'Школа №9' })).id;
    const a = (await activate({ school_id: school, menu_id: menuId, type: 'free_food', date: '2026-11-17' })).json();
    const days = async (from: string, to: string) => {
      const res = await call('GET', `/api/activated/menu/days?id=${a.id}&from=${from}&to=${to}`);
      expect(res.statusCode).toBe(200);
      return res.json() as {
        school: { name: string };
        days: { date: string; kind: string; name: string | null; day: number | null }[];
      };
    };
    const week = await days('2026-11-30', '2026-12-06');
    expect(week.school.name).toBe('Школа №9');
    expect(week.days.map((d) => d.day)).toEqual([1, 2, 3, 4, 5, null, null]);
    const holiday = await days('2026-12-14', '2026-12-18');
    expect(holiday.days.map((d) => [d.kind, d.day])).toEqual([
      ['working', 1],
      ['working', 2],
      ['holiday', null],
      ['working', 4],
      ['working', 5],
    ]);
    expect(holiday.days[2]!.name).toBe('День Независимости');
    // Before the activation no day is served.
    expect((await days('2026-11-16', '2026-11-17')).days.map((d) => d.day)).toEqual([null, 2]);

    for (const [query, field] of [
      [`id=${a.id}&from=2026-12-07&to=2026-12-01`, 'to'],
      [`id=${a.id}&from=2026-12-01&to=2027-01-15`, 'to'],
      [`id=${a.id}&from=2026-13-01&to=2026-12-15`, 'from'],
      [`id=x&from=2026-12-01&to=2026-12-05`, 'id'],
    ] as const) {
      const res = await call('GET', `/api/activated/menu/days?${query}`);
      expect({ query, status: res.statusCode }).toEqual({ query, status: 422 });
      expect(res.json().validationErrors).toHaveProperty(field);
    }
    const stranger = (
      await signedIn(t.platform, {
        role: 'EducationAdmin',
        organizationId: (await createOrganization(t.db, { type: 'education' })).id,
      })
    ).token;
    expect(
      (await call('GET', `/api/activated/menu/days?id=${a.id}&from=2026-12-01&to=2026-12-05`, undefined, stranger))
        .statusCode,
    ).toBe(404);
    const cashier = (await signedIn(t.platform, { role: 'EducationCashier', organizationId: orgId })).token;
    expect(
      (await call('GET', `/api/activated/menu/days?id=${a.id}&from=2026-12-01&to=2026-12-05`, undefined, cashier))
        .statusCode,
    ).toBe(403);
  });

  it('serves a seasonal menu only in its season, its cycle from the season’s first day, the all-year one between', async () => {
    const school = (await createSchool(t.db, { organizationId: orgId, name: 'Школа сезонов' })).id;
    const menu = async (name: string, season: string | null) =>
      (await call('POST', '/api/menu', { name, days: 10, groups: '3', season })).json().id as number;
    const allYear = await menu('Круглый год', null);
    const winter = await menu('Зима–весна', 'winter_spring');
    t.clock.now = new Date('2026-11-25T10:00:00+05:00');
    await activate({ school_id: school, menu_id: allYear, type: 'free_food', date: '2026-11-02' });
    const w = (await activate({ school_id: school, menu_id: winter, type: 'free_food', date: '2026-11-16' })).json();
    // Activated in November, the winter menu waits for December; the all-year one serves (day 8).
    expect(w).toMatchObject({ menu: { season: 'winter_spring' }, today_day: null, replaced_on: null });
    const today = async () => (await listed(`schoolId=${school}`)).rows.map((r) => [r.date, r.today_day]);
    expect(await today()).toEqual([
      ['2026-11-16', null],
      ['2026-11-02', 8],
    ]);
    // Thursday 3 December: the winter menu's cycle began on Tuesday the 1st (day 2), so it serves day 4.
    t.clock.now = new Date('2026-12-03T10:00:00+05:00');
    expect(await today()).toEqual([
      ['2026-11-16', 4],
      ['2026-11-02', null],
    ]);
    const days = (await call('GET', `/api/activated/menu/days?id=${w.id}&from=2026-11-30&to=2026-12-04`)).json()
      .days as { date: string; day: number | null }[];
    expect(days.map((d) => d.day)).toEqual([null, 2, 3, 4, 5]);
    // The summer after, the all-year menu serves again, its cycle from 1 June: after the vacation,
    // Wednesday 1 September is day 3 of its first week.
    t.clock.now = new Date('2027-09-01T10:00:00+05:00');
    expect(await today()).toEqual([
      ['2026-11-16', null],
      ['2026-11-02', 3],
    ]);
  });

  it('counts today in the organization’s time zone', async () => {
    const tokyo = (await createOrganization(t.db, { type: 'education' })).id;
    await t.db.update(organizations).set({ timeZone: 'Asia/Tokyo' }).where(eq(organizations.id, tokyo));
    const token = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: tokyo })).token;
    const school = (await createSchool(t.db, { organizationId: tokyo })).id;
    const menu = (await call('POST', '/api/menu', { name: 'Три дня', days: 3, groups: '3' }, token)).json().id;
    // 23:30 in Almaty on 24 November is already 25 November in Tokyo.
    t.clock.now = new Date('2026-11-24T18:30:00Z');
    const res = await activate({ school_id: school, menu_id: menu, type: 'free_food', date: '2026-11-25' }, token);
    expect(res.json().today_day).toBe(1);
  });

  it('refuses a bad type, a bad date, a second activation of one day and type (422), writing nothing', async () => {
    const before = (await t.db.select().from(menuActivations)).length;
    const cases: [object, string][] = [
      [{ school_id: schoolId, menu_id: menuId, type: 'cheap_food', date: '2026-11-01' }, 'type'],
      [{ school_id: schoolId, menu_id: menuId, date: '2026-11-01' }, 'type'],
      [{ school_id: schoolId, menu_id: menuId, type: 'free_food', date: '2026-02-30' }, 'date'],
      [{ school_id: schoolId, menu_id: menuId, type: 'free_food', date: '01.11.2026' }, 'date'],
      [{ school_id: schoolId, menu_id: menuId, type: 'free_food', date: '12026-11-01' }, 'date'],
      [{ school_id: schoolId, menu_id: menuId, type: 'free_food', date: 20261101 }, 'date'],
      [{ school_id: schoolId, menu_id: menuId, type: 'free_food', date: '1999-12-31' }, 'date'],
      // Text or a bad time after the date is refused, not cut off.
      [{ school_id: schoolId, menu_id: menuId, type: 'free_food', date: '2027-04-02 any garbage <script>' }, 'date'],
      [{ school_id: schoolId, menu_id: menuId, type: 'free_food', date: '2027-04-01T25:99:99Z' }, 'date'],
      [{ school_id: schoolId, menu_id: menuId, type: 'free_food', date: '2027-04-01x' }, 'date'],
      [{ school_id: 'x', menu_id: menuId, type: 'free_food', date: '2026-11-01' }, 'school_id'],
      [{ school_id: schoolId, menu_id: 0, type: 'free_food', date: '2026-11-01' }, 'menu_id'],
    ];
    for (const [payload, field] of cases) {
      const res = await activate(payload);
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 422 });
      expect(res.json().validationErrors).toHaveProperty(field);
    }
    const taken = await activate({ school_id: schoolId, menu_id: menuId, type: 'free_food', date: '2026-11-24' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().validationErrors.date).toEqual(['С этой даты в школе уже действует меню этого типа']);
    expect((await t.db.select().from(menuActivations)).length).toBe(before);
    expect((await call('PUT', '/api/activated/menu/remove', { id: 'x' })).statusCode).toBe(422);
    // A whole ISO date-time, as a client's date picker may send it, keeps its date.
    const stamped = await activate({
      school_id: schoolId,
      menu_id: menuId,
      type: 'free_food',
      date: '2030-01-01T00:00:00.000Z',
    });
    expect(stamped.statusCode, stamped.body).toBe(200);
    expect(stamped.json()).toMatchObject({ date: '2030-01-01' });
  });

  it('answers 404 for another organization’s school, menu and activation, and 403 to other roles', async () => {
    const other = (await createOrganization(t.db, { type: 'education' })).id;
    const them = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: other })).token;
    const theirSchool = (await createSchool(t.db, { organizationId: other })).id;
    const theirMenu = (await call('POST', '/api/menu', { name: 'Их', days: 2, groups: '1' }, them)).json().id;
    const theirs = (
      await activate({ school_id: theirSchool, menu_id: theirMenu, type: 'paid_food', date: '2026-11-01' }, them)
    ).json();
    const before = (await t.db.select().from(menuActivations)).length;
    const school = await activate({ school_id: theirSchool, menu_id: menuId, type: 'paid_food', date: '2026-10-01' });
    expect(school.statusCode).toBe(404);
    expect(school.json().errorMessage).toBe('Школа не найдена');
    const menu = await activate({ school_id: schoolId, menu_id: theirMenu, type: 'paid_food', date: '2026-10-01' });
    expect(menu.statusCode).toBe(404);
    expect(menu.json().errorMessage).toBe('Меню не найдено');
    expect((await call('PUT', '/api/activated/menu/remove', { id: theirs.id })).statusCode).toBe(404);
    expect((await call('GET', `/api/activated/menus?schoolId=${theirSchool}`)).statusCode).toBe(404);
    expect((await listed('')).rows.map((r) => r.id)).not.toContain(theirs.id);
    expect((await t.db.select().from(menuActivations)).length).toBe(before);
    for (const role of ['EducationCashier', 'EducationLibrarian', 'Admin', 'EducationSocialTeacher'] as const) {
      const { token } = await signedIn(t.platform, { role, organizationId: orgId });
      expect((await call('GET', '/api/activated/menus', undefined, token)).statusCode).toBe(403);
      const body = { school_id: schoolId, menu_id: menuId, type: 'paid_food', date: '2026-09-01' };
      expect((await activate(body, token)).statusCode).toBe(403);
    }
  });

  it('keeps a school-locked admin to that school', async () => {
    const other = (await createSchool(t.db, { organizationId: orgId })).id;
    const locked = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId, schoolId: other }))
      .token;
    const res = await activate({ school_id: schoolId, menu_id: menuId, type: 'paid_food', date: '2026-09-01' }, locked);
    expect(res.statusCode).toBe(404);
    const own = await activate({ school_id: other, menu_id: menuId, type: 'paid_food', date: '2026-09-01' }, locked);
    expect(own.statusCode).toBe(200);
    const seen = (await call('GET', '/api/activated/menus', undefined, locked)).json().rows;
    expect(seen.map((r: { school_id: number }) => r.school_id)).toEqual([other]);
  });
});
