import { KitchenCount } from '@tamaq/contract/kitchen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, signedIn } from '../../../test/factories.ts';
import {
  createClassroom,
  createFixationCategory,
  createFoodCategory,
  createPupil,
} from '../../../test/factories-people.ts';
import { eq, sql } from 'drizzle-orm';
import { childRestrictions, classrooms, foodCategories } from '../../platform/db/schema-people.ts';
import { dishCategories, dishes, menuActivations, menuDishes, menus } from '../../platform/db/schema-food.ts';
import { absences } from '../../platform/db/schema-calendar.ts';
import { foods, techCardLines, techCards } from '../../platform/db/schema-nutrition.ts';

/** docs/rules.md "The kitchen's count": the portions a school's day is due, per class and category. */
let t: TestContext;
let org: number;
let school: number;
let admin: string;
let sw: number;
let paid: number;

beforeAll(async () => {
  t = await createTestContext();
  org = (await createOrganization(t.db, { type: 'education' })).id;
  school = (await createSchool(t.db, { organizationId: org, name: 'Школа №5' })).id;
  admin = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org })).token;
  sw = (
    await createFoodCategory(t.db, { organizationId: org, name: 'Соцкошелёк', nameKk: 'Әлеуметтік әмиян', type: 'sw' })
  ).id;
  paid = (await createFoodCategory(t.db, { organizationId: org, name: 'Платное', type: 'common' })).id;
  const first = (await createClassroom(t.db, { organizationId: org, schoolId: school, name: '1 «А»' })).id;
  const second = (await createClassroom(t.db, { organizationId: org, schoolId: school, name: '2 «Б»' })).id;
  await createClassroom(t.db, { organizationId: org, schoolId: school, name: '3 «В»' });
  const pupil = (classroomId: number, extra: object) =>
    createPupil(t.db, { organizationId: org, schoolId: school, classroomId, ...extra });
  await pupil(first, { foodCategoryId: sw, socialWalletSetDate: '2026-09-01' });
  // Her wallet ended on the last day of November.
  await pupil(first, { foodCategoryId: sw, socialWalletSetDate: '2026-09-01', socialWalletResetDate: '2026-12-01' });
  await pupil(first, { foodCategoryId: paid });
  await pupil(first, {});
  await pupil(second, { foodCategoryId: paid });
  const away = await pupil(second, { foodCategoryId: paid });
  await t.db.insert(absences).values({ organizationId: org, schoolId: school, userId: away.id, date: '2026-12-02' });
});
afterAll(() => t.close());

const count = async (date: string, token = admin) => {
  const res = await t.call({ method: 'GET', url: `/api/kitchen/count?schoolId=${school}&date=${date}`, token });
  expect(res.statusCode).toBe(200);
  return KitchenCount.parse(res.json());
};

describe('GET /api/kitchen/count', () => {
  it('counts the portions due by class and category: entitled, not away, on a working day', async () => {
    const c = await count('2026-12-02');
    expect(c.day.kind).toBe('working');
    expect(c.categories.map((k) => k.name)).toEqual(['Платное', 'Соцкошелёк']);
    // Each category's columns in the reader's language: both names, where both are given.
    expect(c.categories.map((k) => [k.name_ru, k.name_kk])).toEqual([
      ['Платное', null],
      ['Соцкошелёк', 'Әлеуметтік әмиян'],
    ]);
    expect(c.classes.map((k) => [k.name, k.pupils, k.entitled, k.absent, k.due, k.by_category])).toEqual([
      ['1 «А»', 4, 2, 0, 2, { [paid]: 1, [sw]: 1 }],
      ['2 «Б»', 2, 2, 1, 1, { [paid]: 1 }],
      ['3 «В»', 0, 0, 0, 0, {}],
    ]);
    expect(c.totals).toEqual({
      pupils: 6,
      entitled: 4,
      absent: 1,
      due: 3,
      by_category: { [paid]: 2, [sw]: 1 },
      by_meal: {},
    });
    // No meal times: one meal a day, no meal columns.
    expect(c.meals).toEqual([]);
    expect(c.next_working_day).toBe('2026-12-03');
  });

  it('owes nothing on a holiday, names the next working day, and leaves out a grade on its vacation', async () => {
    const holiday = await count('2026-12-16');
    expect([holiday.day.kind, holiday.totals.due, holiday.totals.pupils]).toEqual(['holiday', 0, 6]);
    expect((await count('2026-12-15')).next_working_day).toBe('2026-12-17');
    const february = await count('2027-02-09');
    expect(february.classes.map((k) => [k.name, k.due])).toEqual([
      ['1 «А»', 0],
      ['2 «Б»', 2],
      ['3 «В»', 0],
    ]);
  });

  it("refuses a bad date (422), another organization's school (404) and a role without the screen (403)", async () => {
    const bad = await t.call({
      method: 'GET',
      url: `/api/kitchen/count?schoolId=${school}&date=2026-13-01`,
      token: admin,
    });
    expect([bad.statusCode, Object.keys(bad.json().validationErrors)]).toEqual([422, ['date']]);
    const theirs = (await createSchool(t.db, { organizationId: (await createOrganization(t.db)).id })).id;
    const foreign = await t.call({
      method: 'GET',
      url: `/api/kitchen/count?schoolId=${theirs}&date=2026-12-02`,
      token: admin,
    });
    expect(foreign.statusCode).toBe(404);
    const teacher = (await signedIn(t.platform, { role: 'EducationSocialTeacher', organizationId: org })).token;
    const refused = await t.call({
      method: 'GET',
      url: `/api/kitchen/count?schoolId=${school}&date=2026-12-02`,
      token: teacher,
    });
    expect(refused.statusCode).toBe(403);
    const cashier = (await signedIn(t.platform, { role: 'EducationCashier', organizationId: org })).token;
    expect((await count('2026-12-02', cashier)).totals.due).toBe(3);
  });

  it('counts each meal time: the due pupils whose category pays it (the wallet a lunch, the paid every meal)', async () => {
    const lunch = await createFixationCategory(t.db, {
      organizationId: org,
      name: 'Обед',
      timeStart: '12:00',
      timeFinish: '13:00',
    });
    const breakfast = await createFixationCategory(t.db, {
      organizationId: org,
      name: 'Завтрак',
      timeStart: '08:00',
      timeFinish: '09:00',
    });
    await t.db
      .update(foodCategories)
      .set({ meals: [lunch.id] })
      .where(eq(foodCategories.id, sw));
    const c = await count('2026-12-02');
    expect(c.meals).toEqual([
      { id: breakfast.id, name: 'Завтрак', time_start: '08:00', shift: null },
      { id: lunch.id, name: 'Обед', time_start: '12:00', shift: null },
    ]);
    expect(c.classes.map((k) => [k.name, k.by_meal])).toEqual([
      ['1 «А»', { [breakfast.id]: 1, [lunch.id]: 2 }],
      ['2 «Б»', { [breakfast.id]: 1, [lunch.id]: 1 }],
      ['3 «В»', {}],
    ]);
    expect(c.totals.by_meal).toEqual({ [breakfast.id]: 2, [lunch.id]: 3 });
  });

  it("counts a shift's meal time for that shift's classes only, and a school's own meal times at that school only", async () => {
    await t.db.update(classrooms).set({ shift: 2 }).where(eq(classrooms.name, '2 «Б»'));
    const snack = await createFixationCategory(t.db, {
      organizationId: org,
      schoolId: school,
      shift: 2,
      name: 'Полдник 2 смены',
      timeStart: '15:00',
      timeFinish: '15:30',
    });
    const otherSchool = (await createSchool(t.db, { organizationId: org, name: 'Школа №6' })).id;
    await createFixationCategory(t.db, {
      organizationId: org,
      schoolId: otherSchool,
      name: 'Ужин школы №6',
      timeStart: '17:00',
      timeFinish: '18:00',
    });
    const c = await count('2026-12-02');
    expect(c.meals.map((m) => [m.name, m.shift])).toEqual([
      ['Завтрак', null],
      ['Обед', null],
      ['Полдник 2 смены', 2],
    ]);
    expect(c.classes.map((k) => [k.name, k.shift, k.by_meal[snack.id] ?? 0])).toEqual([
      ['1 «А»', 1, 0],
      // The paid pupil present; the wallet pays a lunch only.
      ['2 «Б»', 2, 1],
      ['3 «В»', 1, 0],
    ]);
    expect(c.totals.by_meal[snack.id]).toBe(1);
  });

  it('lists the pupils due a meal whose restrictions the day’s free menu meets, with the dishes and allergens', async () => {
    const seventh = (await createSchool(t.db, { organizationId: org, name: 'Школа №7' })).id;
    const six = (await createClassroom(t.db, { organizationId: org, schoolId: seventh, name: '6 «А»' })).id;
    const pupil = (name: string, extra: object) =>
      createPupil(t.db, { organizationId: org, schoolId: seventh, classroomId: six, name, ...extra });
    const aida = await pupil('Абенова Аида', { foodCategoryId: sw, socialWalletSetDate: '2026-09-01' });
    const bolat = await pupil('Беков Болат', { foodCategoryId: paid });
    const dias = await pupil('Дюсенов Диас', { foodCategoryId: paid });
    const ernar = await pupil('Ержанов Ернар', { foodCategoryId: paid });
    await t.db
      .insert(absences)
      .values({ organizationId: org, schoolId: seventh, userId: ernar.id, date: '2026-12-02' });
    await t.db.insert(childRestrictions).values([
      { pupilId: aida.id, allergens: ['milk'], diets: [], confirmedAt: new Date() },
      { pupilId: bolat.id, allergens: [], diets: ['gluten_free'], note: 'Целиакия' },
      { pupilId: dias.id, allergens: ['fish', 'sulphites'], diets: [] },
      { pupilId: ernar.id, allergens: ['milk'], diets: [] },
    ]);
    const [cat] = await t.db.insert(dishCategories).values({ organizationId: org, name: 'Блюда' }).returning();
    const [syrniki, kompot] = await t.db
      .insert(dishes)
      .values([
        {
          organizationId: org,
          categoryId: cat!.id,
          name: 'Сырники',
          cost: '300',
          output: '150 г',
          allergens: ['milk', 'gluten', 'eggs'],
        },
        { organizationId: org, categoryId: cat!.id, name: 'Компот', cost: '50', output: '200 мл' },
      ])
      .returning();
    // The compote marks no allergen itself; its card's dried apricots hold sulphites from 1 December.
    const [apricots] = await t.db
      .insert(foods)
      .values({ organizationId: org, nameRu: 'Курага', source: 'Своя таблица', allergens: ['sulphites'] })
      .returning();
    const [card] = await t.db
      .insert(techCards)
      .values({ organizationId: org, dishId: kompot!.id, validFrom: '2026-12-01', method: 'boiling', yieldG: '1000' })
      .returning();
    await t.db
      .insert(techCardLines)
      .values({ cardId: card!.id, position: 1, foodId: apricots!.id, grossG: '100', netG: '100' });
    const [menu] = await t.db
      .insert(menus)
      .values({ organizationId: org, name: 'Зима', days: 1, groups: [1, 3] })
      .returning();
    await t.db.insert(menuDishes).values([
      { menuId: menu!.id, day: 1, group: 1, dishId: syrniki!.id },
      { menuId: menu!.id, day: 1, group: 3, dishId: kompot!.id },
    ]);
    await t.db
      .insert(menuActivations)
      .values({ organizationId: org, schoolId: seventh, menuId: menu!.id, type: 'free_food', date: '2026-12-01' });
    const res = await t.call({
      method: 'GET',
      url: `/api/kitchen/count?schoolId=${seventh}&date=2026-12-02`,
      token: admin,
    });
    const c = KitchenCount.parse(res.json());
    expect(c.menu).toMatchObject({ id: menu!.id, name: 'Зима', day: 1 });
    expect(
      c.restricted.map((r) => [
        r.classroom.name,
        r.pupil.name,
        r.allergens,
        r.dishes.map((d) => d.name),
        r.note,
        r.confirmed,
      ]),
    ).toEqual([
      ['6 «А»', 'Абенова Аида', ['milk'], ['Сырники'], null, true],
      ['6 «А»', 'Беков Болат', ['gluten'], ['Сырники'], 'Целиакия', false],
      ['6 «А»', 'Дюсенов Диас', ['sulphites'], ['Компот'], null, false],
    ]);
    // A holiday serves nothing: nobody to warn of.
    const holiday = KitchenCount.parse(
      (
        await t.call({ method: 'GET', url: `/api/kitchen/count?schoolId=${seventh}&date=2026-12-16`, token: admin })
      ).json(),
    );
    expect(holiday).toMatchObject({ menu: null, restricted: [] });
  });
});

describe('PUT /api/kitchen/restricted-rule', () => {
  const put = (payload: object, token = admin) =>
    t.call({ method: 'PUT', url: '/api/kitchen/restricted-rule', token, payload });

  it('sets what the queue does for a restricted meal, shows it on the count and audits the change once', async () => {
    expect((await count('2026-12-02')).restricted_rule).toBe('warn');
    const res = await put({ schoolId: school, rule: 'refuse' });
    expect([res.statusCode, res.json()]).toEqual([200, { schoolId: school, rule: 'refuse' }]);
    expect((await count('2026-12-02')).restricted_rule).toBe('refuse');
    // The same rule again changes nothing and writes nothing.
    expect((await put({ schoolId: school, rule: 'refuse' })).statusCode).toBe(200);
    const log = await t.db.execute(
      sql`select before, after from audit_log where action = 'restricted_meal_rule' and entity_id = ${String(school)}`,
    );
    expect((log as unknown as { rows: unknown[] }).rows).toEqual([
      { before: { rule: 'warn' }, after: { rule: 'refuse' } },
    ]);
    expect((await put({ schoolId: school, rule: 'warn' })).statusCode).toBe(200);
    expect((await count('2026-12-02')).restricted_rule).toBe('warn');
  });

  it("refuses an unknown rule (422, nothing changed), another organization's school (404) and a role without the screen (403)", async () => {
    const bad = await put({ schoolId: school, rule: 'block' });
    expect([bad.statusCode, Object.keys(bad.json().validationErrors)]).toEqual([422, ['rule']]);
    expect((await count('2026-12-02')).restricted_rule).toBe('warn');
    const theirs = (await createSchool(t.db, { organizationId: (await createOrganization(t.db)).id })).id;
    expect((await put({ schoolId: theirs, rule: 'refuse' })).statusCode).toBe(404);
    const theirRule = await t.db.execute(sql`select restricted_meal_rule as rule from schools where id = ${theirs}`);
    expect((theirRule as unknown as { rows: unknown[] }).rows).toEqual([{ rule: 'warn' }]);
    const teacher = (await signedIn(t.platform, { role: 'EducationSocialTeacher', organizationId: org })).token;
    expect((await put({ schoolId: school, rule: 'refuse' }, teacher)).statusCode).toBe(403);
    expect((await count('2026-12-02')).restricted_rule).toBe('warn');
  });
});
