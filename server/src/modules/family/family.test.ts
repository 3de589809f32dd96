import {
  FAMILY_MESSAGES as M,
  ChildBooks,
  ChildDays,
  ChildMeal,
  ChildMeals,
  ChildMenu,
  ChildRecord,
  ChildRestrictions,
  ParentChild,
  ParentChildren,
  PupilFamily,
} from '@tamaq/contract/family';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../platform/db/schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, createUser, signedIn, tokenFor } from '../../../test/factories.ts';
import {
  createCard,
  createClassroom,
  createFixationCategory,
  createFoodCategory,
  createPupil,
} from '../../../test/factories-people.ts';
import { absences } from '../../platform/db/schema-calendar.ts';
import { notificationChoices } from '../../platform/db/schema-notifications.ts';
import { bookBarcodes, bookLoans, books } from '../../platform/db/schema-library.ts';
import { dishCategories, dishes, menuActivations, menuDishes, menus } from '../../platform/db/schema-food.ts';
import { childRestrictions, mealRatings, parentChildren, visits } from '../../platform/db/schema-people.ts';
import { foods, techCardLines, techCards } from '../../platform/db/schema-nutrition.ts';

/** docs/rules.md "A parent's children": what a parent sees of their own children, and of nobody else's. */
let t: TestContext;
let parent: string;
let otherParent: string;
let motherId: number;
let eduOrgId: number;
let fiveAId: number;
let schoolId5: number;
let staff: string;
let dana: { id: number };
let timur: { id: number };
let stranger: { id: number };
let aruzhan: { id: number };
let school: { id: number };
let kgSchool: { id: number };
let breakfast: { id: number };
let lunch: { id: number };

beforeAll(async () => {
  t = await createTestContext();
  t.clock.now = new Date('2026-11-20T07:30:00Z'); // 12:30 in Almaty
  const edu = await createOrganization(t.db, { type: 'education' });
  const kg = await createOrganization(t.db, { type: 'kindergarten' });
  school = await createSchool(t.db, { organizationId: edu.id, name: 'Школа №5', nameKk: '№5 мектеп' });
  kgSchool = await createSchool(t.db, { organizationId: kg.id, name: 'Детский сад «Айгөлек»' });
  const fiveA = await createClassroom(t.db, { organizationId: edu.id, schoolId: school.id, name: '5 «А»' });
  const group = await createClassroom(t.db, {
    organizationId: kg.id,
    schoolId: kgSchool.id,
    name: 'Солнышко',
    nameKk: 'Күншуақ',
  });
  const sw = await createFoodCategory(t.db, {
    organizationId: edu.id,
    name: 'Соцкошелёк',
    nameKk: 'Әлеуметтік әмиян',
    type: 'sw',
  });
  dana = await createPupil(t.db, {
    organizationId: edu.id,
    schoolId: school.id,
    classroomId: fiveA.id,
    name: 'Сапарова Дана',
    iin: '150101600123',
    foodCategoryId: sw.id,
    // The state pays her meals until 15 December.
    socialWalletSetDate: '2026-09-01',
    socialWalletResetDate: '2026-12-15',
    socialWalletOrder: '№ 45 от 28.08.2026',
    createdAt: new Date('2026-08-20T04:00:00Z'),
  });
  timur = await createPupil(t.db, {
    organizationId: kg.id,
    schoolId: kgSchool.id,
    classroomId: group.id,
    name: 'Сапаров Тимур',
    iin: null,
    createdAt: new Date('2026-08-20T04:00:00Z'),
  });
  // A third child at a school with meal times: a paid category for breakfast and lunch, the first shift.
  const edu2 = await createOrganization(t.db, { type: 'education' });
  const lyceum = await createSchool(t.db, { organizationId: edu2.id, name: 'Лицей №2' });
  const sevenB = await createClassroom(t.db, { organizationId: edu2.id, schoolId: lyceum.id, name: '7 «Б»' });
  breakfast = await createFixationCategory(t.db, {
    organizationId: edu2.id,
    name: 'Завтрак',
    timeStart: '08:00',
    timeFinish: '09:30',
    shift: 1,
  });
  lunch = await createFixationCategory(t.db, {
    organizationId: edu2.id,
    name: 'Обед',
    timeStart: '12:00',
    timeFinish: '13:30',
  });
  await createFixationCategory(t.db, {
    organizationId: edu2.id,
    name: 'Полдник второй смены',
    timeStart: '15:30',
    timeFinish: '16:00',
    shift: 2,
  });
  const paid = await createFoodCategory(t.db, {
    organizationId: edu2.id,
    name: 'Платное',
    type: 'common',
    meals: [breakfast.id, lunch.id],
  });
  // Added to the school on 18 November: the days before are none of its business.
  aruzhan = await createPupil(t.db, {
    organizationId: edu2.id,
    schoolId: lyceum.id,
    classroomId: sevenB.id,
    name: 'Сапарова Аружан',
    foodCategoryId: paid.id,
    createdAt: new Date('2026-11-18T03:00:00Z'),
  });
  stranger = await createPupil(t.db, { organizationId: edu.id, schoolId: school.id, classroomId: fiveA.id });
  const removed = await createPupil(t.db, {
    organizationId: edu.id,
    schoolId: school.id,
    classroomId: fiveA.id,
    deletedAt: new Date(),
  });
  const mother = await signedIn(t.platform, { role: 'Parent', organizationId: null });
  parent = mother.token;
  motherId = mother.user.id;
  for (const pupil of [dana, timur, removed, aruzhan]) {
    await t.db.insert(parentChildren).values({ parentId: mother.user.id, pupilId: pupil.id });
  }
  const other = await signedIn(t.platform, { role: 'Parent', organizationId: null });
  otherParent = other.token;
  await t.db.insert(parentChildren).values({ parentId: other.user.id, pupilId: stranger.id });
  const admin = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: edu.id, name: 'Завуч Сейтова' });
  staff = admin.token;
  eduOrgId = edu.id;
  fiveAId = fiveA.id;
  schoolId5 = school.id;
  const visit = (userId: number, date: string, time: string, extra: object = {}) => ({
    organizationId: edu.id,
    schoolId: school.id,
    userId,
    classroomId: fiveA.id,
    foodCategoryId: sw.id,
    visitDate: date,
    createdAt: new Date(`${date}T${time}+05:00`),
    ...extra,
  });
  await t.db
    .insert(visits)
    .values([
      visit(dana.id, '2026-11-20', '12:05:31'),
      visit(dana.id, '2026-11-19', '12:10:00'),
      visit(dana.id, '2026-11-18', '12:20:00'),
      visit(dana.id, '2026-10-01', '12:00:00'),
      visit(stranger.id, '2026-11-20', '12:06:00'),
    ]);
  // Dana's books: one overdue, one due tomorrow, one a month ahead; two returned (one late); the
  // stranger's one is none of her parent's business.
  const loan = async (
    userId: number,
    name: string,
    expiredAt: string,
    issuedAt: string,
    returnedAt: string | null = null,
  ) => {
    const [book] = await t.db
      .insert(books)
      .values({
        organizationId: edu.id,
        schoolId: school.id,
        name,
        authors: 'Абай Құнанбайұлы',
        publisher: 'Алматы',
        year: 2020,
      })
      .returning();
    const [copy] = await t.db
      .insert(bookBarcodes)
      .values({ organizationId: edu.id, schoolId: school.id, bookId: book!.id, barcode: `B${book!.id}` })
      .returning();
    await t.db.insert(bookLoans).values({
      organizationId: edu.id,
      schoolId: school.id,
      barcodeId: copy!.id,
      userId,
      expiredAt,
      issuedAt: new Date(issuedAt),
      returnedAt: returnedAt ? new Date(returnedAt) : null,
    });
  };
  await loan(dana.id, 'Қара сөздер', '2026-12-20', '2026-11-10T04:00:00Z');
  await loan(dana.id, 'Букварь', '2026-11-18', '2026-10-01T04:00:00Z');
  await loan(dana.id, 'Математика 5', '2026-11-21', '2026-09-01T04:00:00Z');
  await loan(dana.id, 'Абай жолы', '2026-10-15', '2026-09-15T04:00:00Z', '2026-10-20T05:00:00Z');
  await loan(dana.id, 'Көксерек', '2026-11-01', '2026-10-10T04:00:00Z', '2026-10-30T05:00:00Z');
  await loan(stranger.id, 'Чужая книга', '2026-11-01', '2026-10-10T04:00:00Z');
  // Her card, and whom her parent asks: the school's deputy head, not the organization's admin.
  await createCard(t.db, {
    organizationId: edu.id,
    userId: dana.id,
    number: 'AB12CD3456',
    linkedAt: new Date('2026-09-01T03:00:00Z'),
  });
  await createUser(t.db, {
    role: 'EducationAdmin',
    organizationId: edu.id,
    schoolId: school.id,
    name: 'Ахметова Гульмира',
    jobTitle: 'Заместитель директора',
  });
  await createUser(t.db, { role: 'EducationAdmin', organizationId: edu.id, name: 'Организационный Админ' });
  // The school's menus: a free five-day one from Monday 16 November, a paid one-day one from the 19th.
  const [cat] = await t.db.insert(dishCategories).values({ organizationId: edu.id, name: 'Блюда' }).returning();
  const dish = async (
    name: string,
    nameKk: string | null,
    cost: string,
    output: string,
    deletedAt: Date | null = null,
  ) =>
    (
      await t.db
        .insert(dishes)
        .values({ organizationId: edu.id, categoryId: cat!.id, name, nameKk, cost, output, deletedAt })
        .returning()
    )[0]!;
  const porridge = await dish('Каша рисовая', 'Күріш ботқасы', '300.00', '200 г');
  await t.db
    .update(dishes)
    .set({ allergens: ['milk', 'gluten'] })
    .where(eq(dishes.id, porridge.id));
  const tea = await dish('Чай', 'Шай', '50.00', '200 мл');
  const plov = await dish('Плов', 'Палау', '650.00', '250 г');
  // From Thursday the 19th the plov's card holds an egg: its allergen is the plov's from that day.
  const [egg] = await t.db
    .insert(foods)
    .values({ organizationId: edu.id, nameRu: 'Яйцо куриное', source: 'Своя таблица', allergens: ['eggs'] })
    .returning();
  const [plovCard] = await t.db
    .insert(techCards)
    .values({ organizationId: edu.id, dishId: plov.id, validFrom: '2026-11-19', method: 'stewing', yieldG: '1000' })
    .returning();
  await t.db
    .insert(techCardLines)
    .values({ cardId: plovCard!.id, position: 1, foodId: egg!.id, grossG: '50', netG: '50' });
  const salad = await dish('Салат снятый', null, '100.00', '100 г', new Date());
  const [free] = await t.db
    .insert(menus)
    .values({ organizationId: edu.id, name: 'Осень', nameKk: 'Күз', days: 5, groups: [1, 3] })
    .returning();
  const [paidMenu] = await t.db
    .insert(menus)
    .values({ organizationId: edu.id, name: 'Буфет', days: 1, groups: [3] })
    .returning();
  await t.db.insert(menuDishes).values([
    { menuId: free!.id, day: 1, group: 1, dishId: porridge.id },
    { menuId: free!.id, day: 1, group: 1, dishId: tea.id },
    { menuId: free!.id, day: 1, group: 3, dishId: plov.id },
    { menuId: free!.id, day: 2, group: 3, dishId: salad.id },
    { menuId: paidMenu!.id, day: 1, group: 3, dishId: plov.id },
  ]);
  await t.db.insert(menuActivations).values([
    { organizationId: edu.id, schoolId: school.id, menuId: free!.id, type: 'free_food', date: '2026-11-16' },
    { organizationId: edu.id, schoolId: school.id, menuId: paidMenu!.id, type: 'paid_food', date: '2026-11-19' },
  ]);
  // Away on Monday and Wednesday; on Wednesday she came after all and ate.
  await t.db.insert(absences).values(
    ['2026-11-16', '2026-11-18'].map((date) => ({
      organizationId: edu.id,
      schoolId: school.id,
      userId: dana.id,
      date,
    })),
  );
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.call({ method: 'GET', url, token });

describe('GET /api/parent/children', () => {
  it('lists the parent’s own children, across organizations, with today’s meals at their exact time', async () => {
    const res = await get('/api/parent/children', parent);
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = ParentChildren.strict().parse(res.json());
    expect(rows.map((c) => c.name)).toEqual(['Сапаров Тимур', 'Сапарова Аружан', 'Сапарова Дана']);
    const [tim, , dan] = rows;
    expect(dan).toMatchObject({
      id: dana.id,
      iin_masked: '********0123',
      school: { id: school.id, name: 'Школа №5', name_kk: '№5 мектеп' },
      classroom: { name: '5 «А»' },
      food_category: { name: 'Соцкошелёк', name_kk: 'Әлеуметтік әмиян', type: 'sw' },
      time_zone: 'Asia/Almaty',
      today: '2026-11-20',
    });
    expect(dan!.meals_today).toEqual([
      {
        id: expect.any(Number),
        at: '2026-11-20T07:05:31.000Z',
        date: '2026-11-20',
        school: { id: school.id, name: 'Школа №5', name_ru: 'Школа №5', name_kk: '№5 мектеп' },
        canteen: null,
        category: { name: 'Соцкошелёк', name_ru: 'Соцкошелёк', name_kk: 'Әлеуметтік әмиян' },
        count: 1,
        rating: null,
      },
    ]);
    expect(tim).toMatchObject({
      id: timur.id,
      iin_masked: null,
      school: { id: kgSchool.id },
      classroom: { name: 'Солнышко', name_kk: 'Күншуақ' },
      meals_today: [],
    });
    // Nothing of another family's child.
    expect(rows.map((c) => c.id)).not.toContain(stranger.id);
    const theirs = ParentChildren.parse((await get('/api/parent/children', otherParent)).json()).rows;
    expect(theirs.map((c) => c.id)).toEqual([stranger.id]);
  });

  it('answers 401 without a token and 403 to staff', async () => {
    expect((await t.call({ method: 'GET', url: '/api/parent/children' })).statusCode).toBe(401);
    expect((await get('/api/parent/children', staff)).statusCode).toBe(403);
  });
});

describe('GET /api/parent/child/:id/days', () => {
  const days = (id: number, query: string, token = parent) => get(`/api/parent/child/${id}/days?${query}`, token);
  const statuses = (body: ChildDays) => body.days.map((d) => [d.date.slice(5), d.status, d.due]);

  it('tells each day of a week: eaten, missed, away, expected, the weekend', async () => {
    const res = await days(dana.id, 'dateFrom=2026-11-16&dateTo=2026-11-22');
    expect(res.statusCode, res.body).toBe(200);
    const body = ChildDays.strict().parse(res.json());
    expect(body).toMatchObject({
      today: '2026-11-20',
      time_zone: 'Asia/Almaty',
      entitlement: {
        food_category: { name: 'Соцкошелёк', name_kk: 'Әлеуметтік әмиян' },
        type: 'sw',
        from: '2026-09-01',
        until: '2026-12-15',
        meals: [],
      },
    });
    expect(statuses(body)).toEqual([
      ['11-16', 'absent', 0],
      ['11-17', 'missed', 1],
      // Marked away, yet she ate: the meal wins, and it was due.
      ['11-18', 'served', 1],
      ['11-19', 'served', 1],
      ['11-20', 'served', 1],
      ['11-21', 'off', 0],
      ['11-22', 'off', 0],
    ]);
    expect(body.days[2]).toMatchObject({ absent: true, meals: [{ at: '2026-11-18T07:20:00.000Z' }] });
    expect(body.days[5]).toMatchObject({ kind: 'rest', reason: null });
  });

  it('reads the school’s year: a holiday, a vacation, the days ahead and the wallet’s end', async () => {
    const december = ChildDays.parse((await days(dana.id, 'dateFrom=2026-12-14&dateTo=2026-12-18')).json());
    expect(statuses(december)).toEqual([
      ['12-14', 'expected', 1],
      // The social wallet ends on the 15th; Independence Day is a holiday with its name.
      ['12-15', 'not_entitled', 0],
      ['12-16', 'off', 0],
      ['12-17', 'not_entitled', 0],
      ['12-18', 'not_entitled', 0],
    ]);
    expect(december.days[2]).toMatchObject({
      kind: 'holiday',
      reason: { name: expect.stringMatching(/Независимост/) },
    });
    // Republic Day (a Sunday) gives Monday off; the autumn vacation holds the rest of the week.
    const autumn = ChildDays.parse((await days(dana.id, 'dateFrom=2026-10-26&dateTo=2026-10-27')).json());
    expect(autumn.days.map((d) => [d.kind, d.status])).toEqual([
      ['day_off', 'off'],
      ['vacation', 'off'],
    ]);
    expect(autumn.days[1]!.reason?.name).toMatch(/каникулы/i);
    // A child with no food category is due nothing on a working day.
    const tim = ChildDays.parse((await days(timur.id, 'dateFrom=2026-11-19&dateTo=2026-11-20')).json());
    expect(tim.entitlement).toMatchObject({ food_category: null, type: null, meals: [] });
    expect(statuses(tim)).toEqual([
      ['11-19', 'not_entitled', 0],
      ['11-20', 'not_entitled', 0],
    ]);
  });

  it('counts the meals the category pays at the child’s shift, from the day the child was added', async () => {
    const body = ChildDays.parse((await days(aruzhan.id, 'dateFrom=2026-11-17&dateTo=2026-11-19')).json());
    expect(body.entitlement.meals).toEqual([
      { id: breakfast.id, name: 'Завтрак', time_start: '08:00' },
      { id: lunch.id, name: 'Обед', time_start: '12:00' },
    ]);
    expect(body.entitlement).toMatchObject({ type: 'common', from: null, until: null });
    expect(statuses(body)).toEqual([
      ['11-17', 'not_entitled', 0],
      ['11-18', 'missed', 2],
      ['11-19', 'missed', 2],
    ]);
  });

  it('tells today expected until the last meal time paid for ends, missed after it; the days ahead expected', async () => {
    const today = async (id: number) =>
      statuses(ChildDays.parse((await days(id, 'dateFrom=2026-11-20&dateTo=2026-11-20')).json()));
    const noon = t.clock.now;
    try {
      // 12:30: lunch (12:00–13:30) is still on.
      expect(await today(aruzhan.id)).toEqual([['11-20', 'expected', 2]]);
      t.clock.now = new Date('2026-11-20T08:29:00Z'); // 13:29
      expect(await today(aruzhan.id)).toEqual([['11-20', 'expected', 2]]);
      t.clock.now = new Date('2026-11-20T08:30:00Z'); // 13:30: lunch is over
      expect(await today(aruzhan.id)).toEqual([['11-20', 'missed', 2]]);
      // A day ahead stays expected whatever the hour.
      t.clock.now = new Date('2026-11-20T13:00:00Z'); // 18:00
      const ahead = ChildDays.parse((await days(dana.id, 'dateFrom=2026-11-23&dateTo=2026-11-23')).json());
      expect(statuses(ahead)).toEqual([['11-23', 'expected', 1]]);
    } finally {
      t.clock.now = noon;
    }
  });

  it('refuses a bad period with 422 on its field', async () => {
    const res = await days(dana.id, 'dateFrom=2026-11-30&dateTo=2026-11-01');
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors).toEqual({ dateTo: [M.dateOrder] });
    expect((await days(dana.id, 'dateFrom=2026-01-01&dateTo=2026-11-30')).json().validationErrors).toEqual({
      dateTo: [M.period],
    });
  });

  it('answers 404 for another family’s child and 403 to staff', async () => {
    const period = 'dateFrom=2026-11-16&dateTo=2026-11-22';
    expect((await days(stranger.id, period)).statusCode).toBe(404);
    expect((await days(dana.id, period, otherParent)).statusCode).toBe(404);
    expect((await days(dana.id, period, staff)).statusCode).toBe(403);
  });
});

describe('GET /api/parent/child/:id/menu', () => {
  const menuOf = (id: number, query: string, token = parent) => get(`/api/parent/child/${id}/menu?${query}`, token);

  it('gives each day’s free and paid menu of the child’s school, by meal mode, prices on the paid one', async () => {
    const res = await menuOf(dana.id, 'dateFrom=2026-11-16&dateTo=2026-11-22');
    expect(res.statusCode, res.body).toBe(200);
    const body = ChildMenu.strict().parse(res.json());
    expect(body.today).toBe('2026-11-20');
    const summary = body.days.map((d) => [
      d.date.slice(5),
      d.kind,
      d.menus.map(
        (m) =>
          `${m.type}:${m.day}:${m.modes.map((x) => `${x.mode}=${x.dishes.map((y) => y.name).join('+')}`).join(',')}`,
      ),
    ]);
    expect(summary).toEqual([
      ['11-16', 'working', ['free_food:1:1=Каша рисовая+Чай,3=Плов']],
      // The removed salad is not offered: the day has none.
      ['11-17', 'working', ['free_food:2:']],
      ['11-18', 'working', ['free_food:3:']],
      ['11-19', 'working', ['free_food:4:', 'paid_food:1:3=Плов']],
      ['11-20', 'working', ['free_food:5:', 'paid_food:1:3=Плов']],
      ['11-21', 'rest', []],
      ['11-22', 'rest', []],
    ]);
    const monday = body.days[0]!.menus[0]!;
    expect(monday.menu).toMatchObject({ name: 'Осень', name_kk: 'Күз' });
    expect(monday.modes[0]).toMatchObject({ mode: 1, name: 'Завтрак', name_kk: 'Таңғы ас' });
    expect(monday.modes[0]!.dishes[0]).toEqual({
      id: expect.any(Number),
      name: 'Каша рисовая',
      name_ru: 'Каша рисовая',
      name_kk: 'Күріш ботқасы',
      output: '200 г',
      cost: null,
      image: null,
      allergens: ['gluten', 'milk'],
      // Dana's restrictions (none yet) keep nothing away.
      restricted: [],
    });
    // The plov of Monday had no card yet; Thursday's has the egg of its card.
    expect(body.days[3]!.menus[1]!.modes[0]!.dishes[0]).toMatchObject({
      name: 'Плов',
      cost: '650.00',
      allergens: ['eggs'],
    });
    expect(monday.modes[1]!.dishes[0]).toMatchObject({ name: 'Плов', allergens: [] });
    // Once her parent keeps milk away (a lactose-free diet), the porridge is marked for it.
    await t.db.insert(childRestrictions).values({ pupilId: dana.id, allergens: [], diets: ['lactose_free'] });
    const marked = ChildMenu.parse((await menuOf(dana.id, 'dateFrom=2026-11-16&dateTo=2026-11-16')).json());
    const dishesOfMonday = marked.days[0]!.menus[0]!.modes.flatMap((m) => m.dishes);
    expect(dishesOfMonday.map((d) => [d.name, d.restricted])).toEqual([
      ['Каша рисовая', ['milk']],
      ['Чай', []],
      ['Плов', []],
    ]);
    // A holiday serves nothing.
    const holiday = ChildMenu.parse((await menuOf(dana.id, 'dateFrom=2026-12-16&dateTo=2026-12-16')).json());
    expect(holiday.days).toEqual([{ date: '2026-12-16', kind: 'holiday', menus: [] }]);
  });

  it('refuses more than 14 days with 422, and answers 404 for another family’s child and 403 to staff', async () => {
    const long = await menuOf(dana.id, 'dateFrom=2026-11-01&dateTo=2026-11-20');
    expect(long.statusCode).toBe(422);
    expect(long.json().validationErrors).toEqual({ dateTo: [M.menuPeriod] });
    const week = 'dateFrom=2026-11-16&dateTo=2026-11-22';
    expect((await menuOf(stranger.id, week)).statusCode).toBe(404);
    expect((await menuOf(dana.id, week, otherParent)).statusCode).toBe(404);
    expect((await menuOf(dana.id, week, staff)).statusCode).toBe(403);
  });
});

describe('GET /api/parent/child/:id/record', () => {
  const recordOf = (id: number, token = parent) => get(`/api/parent/child/${id}/record`, token);

  it('says what the school holds about the child, numbers masked, and whom to ask to correct it', async () => {
    const res = await recordOf(dana.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = ChildRecord.strict().parse(res.json());
    expect(body).toMatchObject({
      name: 'Сапарова Дана',
      iin_masked: '********0123',
      has_photo: false,
      added: '2026-08-20',
      school: { id: school.id, name: 'Школа №5', name_kk: '№5 мектеп' },
      classroom: { name: '5 «А»' },
      food_category: { name: 'Соцкошелёк', type: 'sw' },
      social_wallet: { from: '2026-09-01', until: '2026-12-15', order: '№ 45 от 28.08.2026' },
      cards: [{ number_masked: '******3456', linked_on: '2026-09-01' }],
      has_watch: false,
      held: { meals: 4, absences: 2, loans: 5 },
      contacts: [{ name: 'Ахметова Гульмира', job_title: 'Заместитель директора' }],
    });
    expect(body.parents).toHaveLength(1);
    expect(JSON.stringify(body)).not.toMatch(/AB12CD|150101600123|Организационный|@/);
    // A kindergarten with no administrator names nobody, and nothing is made up.
    const tim = ChildRecord.parse((await recordOf(timur.id)).json());
    expect(tim).toMatchObject({ iin_masked: null, food_category: null, social_wallet: null, cards: [], contacts: [] });
  });

  it('answers 422 for a bad id, 404 for another family’s child and 403 to staff', async () => {
    expect((await recordOf(0)).statusCode).toBe(422);
    expect((await recordOf(stranger.id)).statusCode).toBe(404);
    expect((await recordOf(dana.id, otherParent)).statusCode).toBe(404);
    expect((await recordOf(dana.id, staff)).statusCode).toBe(403);
  });
});

describe('PUT /api/parent/child/:id/meal/:mealId/rating', () => {
  const visitOf = async (userId: number, date: string) =>
    (
      await t.db
        .select({ id: visits.id })
        .from(visits)
        .where(and(eq(visits.userId, userId), eq(visits.visitDate, date)))
    )[0]!.id;
  const rate = (childId: number, mealId: number, body: object, token = parent) =>
    t.call({ method: 'PUT', url: `/api/parent/child/${childId}/meal/${mealId}/rating`, token, body });

  it('takes a rating of today’s meal once per rater, changeable that day, and gives it back with the meals', async () => {
    const today = await visitOf(dana.id, '2026-11-20');
    const res = await rate(dana.id, today, { score: 4, comment: '  Вкусно, но мало  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(ChildMeal.strict().parse(res.json())).toMatchObject({
      id: today,
      rating: { score: 4, comment: 'Вкусно, но мало' },
    });
    const changed = ChildMeal.parse((await rate(dana.id, today, { score: 2 })).json());
    expect(changed.rating).toEqual({ score: 2, comment: null });
    const children = ParentChildren.parse((await get('/api/parent/children', parent)).json());
    expect(children.rows.find((c) => c.id === dana.id)!.meals_today[0]!.rating).toEqual({ score: 2, comment: null });
    const stored = await t.db.select().from(mealRatings).where(eq(mealRatings.visitId, today));
    // With the dishes it was served with: Friday is day 5 of the free menu, which has none, so the
    // paid menu's day (the plov) is what the school served.
    const [plov] = await t.db.select({ id: dishes.id }).from(dishes).where(eq(dishes.name, 'Плов'));
    expect(stored.map((r) => [r.score, r.date, r.schoolId, r.dishIds])).toEqual([
      [2, '2026-11-20', schoolId5, [plov!.id]],
    ]);
  });

  it('refuses a past day’s meal (409), another child’s meal (404) and a bad score or comment (422)', async () => {
    const yesterday = await rate(dana.id, await visitOf(dana.id, '2026-11-19'), { score: 5 });
    expect(yesterday.statusCode).toBe(409);
    expect(yesterday.json().errorMessage).toBe(M.ratingDay);
    const theirs = await rate(dana.id, await visitOf(stranger.id, '2026-11-20'), { score: 5 });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().errorMessage).toBe(M.mealNotFound);
    const today = await visitOf(dana.id, '2026-11-20');
    for (const score of [0, 6, 3.5, '5', null])
      expect((await rate(dana.id, today, { score })).json().validationErrors, String(score)).toEqual({
        score: [M.score],
      });
    expect((await rate(dana.id, today, { score: 5, comment: 'я'.repeat(501) })).json().validationErrors).toEqual({
      comment: [M.ratingComment],
    });
    expect((await rate(dana.id, today, { score: 5 }, otherParent)).statusCode).toBe(404);
    expect((await rate(dana.id, today, { score: 5 }, staff)).statusCode).toBe(403);
  });
});

describe('a pupil who signs in (the Student role): GET /api/student/today, PUT /api/student/meal/:mealId/rating', () => {
  let pupil: string;
  let own: { today: number; yesterday: number };
  const visitOf = async (userId: number, date: string) =>
    (
      await t.db
        .select({ id: visits.id })
        .from(visits)
        .where(and(eq(visits.userId, userId), eq(visits.visitDate, date)))
    )[0]!.id;
  const rate = (mealId: number, body: object, token = pupil) =>
    t.call({ method: 'PUT', url: `/api/student/meal/${mealId}/rating`, token, body });

  beforeAll(async () => {
    const student = await createUser(t.db, {
      role: 'Student',
      organizationId: eduOrgId,
      schoolId: schoolId5,
      classroomId: fiveAId,
      name: 'Ерланов Ерлан',
    });
    pupil = await tokenFor(t.platform, student);
    const meal = (date: string, time: string) => ({
      organizationId: eduOrgId,
      schoolId: schoolId5,
      userId: student.id,
      classroomId: fiveAId,
      visitDate: date,
      createdAt: new Date(`${date}T${time}+05:00`),
    });
    await t.db.insert(visits).values([meal('2026-11-20', '12:07:00'), meal('2026-11-19', '12:09:00')]);
    own = { today: await visitOf(student.id, '2026-11-20'), yesterday: await visitOf(student.id, '2026-11-19') };
  });

  it('reads their own day and rates their own meal of today, kept as their rating of themselves', async () => {
    const res = await get('/api/student/today', pupil);
    expect(res.statusCode, res.body).toBe(200);
    const self = ParentChild.strict().parse(res.json());
    expect([self.name, self.classroom?.name, self.today]).toEqual(['Ерланов Ерлан', '5 «А»', '2026-11-20']);
    expect(self.meals_today.map((m) => [m.id, m.at, m.rating])).toEqual([
      [own.today, '2026-11-20T07:07:00.000Z', null],
    ]);
    const rated = await rate(own.today, { score: 5, comment: 'Вкусный суп' });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(ChildMeal.parse(rated.json()).rating).toEqual({ score: 5, comment: 'Вкусный суп' });
    const again = ParentChild.parse((await get('/api/student/today', pupil)).json());
    expect(again.meals_today[0]!.rating).toEqual({ score: 5, comment: 'Вкусный суп' });
    const stored = await t.db.select().from(mealRatings).where(eq(mealRatings.visitId, own.today));
    expect(stored.map((r) => [r.raterId === r.pupilId, r.score, r.date])).toEqual([[true, 5, '2026-11-20']]);
  });

  it('refuses a past day (409), a meal not theirs (404), a bad score (422), and anyone but a pupil (403)', async () => {
    expect((await rate(own.yesterday, { score: 4 })).statusCode).toBe(409);
    const theirs = await rate(await visitOf(dana.id, '2026-11-20'), { score: 4 });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().errorMessage).toBe(M.mealNotFound);
    expect((await rate(own.today, { score: 6 })).json().validationErrors).toEqual({ score: [M.score] });
    for (const token of [parent, staff]) {
      expect((await get('/api/student/today', token)).statusCode).toBe(403);
      expect((await rate(own.today, { score: 3 }, token)).statusCode).toBe(403);
    }
    // A pupil's sign-in with no class (left the school) reads nothing.
    const outside = await signedIn(t.platform, { role: 'Student', organizationId: eduOrgId });
    expect((await get('/api/student/today', outside.token)).statusCode).toBe(404);
    expect((await rate(own.today, { score: 3 }, outside.token)).statusCode).toBe(404);
  });
});

describe('the child’s restrictions', () => {
  const url = (id: number) => `/api/parent/child/${id}/restrictions`;
  const put = (id: number, body: object, token = parent) => t.call({ method: 'PUT', url: url(id), token, body });
  const logged = async () =>
    (
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'restrictions_set'), eq(auditLog.entityId, String(timur.id))))
    ).length;

  it('keeps what a parent sets, once each in the list’s order, with who and when; a change clears the certificate', async () => {
    const empty = ChildRestrictions.strict().parse((await get(url(timur.id), parent)).json());
    expect(empty).toEqual({ allergens: [], diets: [], note: null, set_by: null, set_at: null, confirmed: null });
    const res = await put(timur.id, {
      allergens: ['milk', 'peanuts', 'milk'],
      diets: ['no_pork'],
      note: '  Сыпь от арахиса  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const set = ChildRestrictions.strict().parse(res.json());
    expect(set).toMatchObject({
      allergens: ['peanuts', 'milk'],
      diets: ['no_pork'],
      note: 'Сыпь от арахиса',
      set_at: t.clock.now.toISOString(),
      confirmed: null,
    });
    expect(set.set_by).toMatch(/./);
    expect(ChildRestrictions.parse((await get(url(timur.id), parent)).json())).toEqual(set);
    expect(await logged()).toBe(1);
    // The same set again changes nothing, and writes nothing.
    expect(
      (await put(timur.id, { allergens: ['peanuts', 'milk'], diets: ['no_pork'], note: 'Сыпь от арахиса' })).statusCode,
    ).toBe(200);
    expect(await logged()).toBe(1);
    // The school confirmed them by a certificate; the parent's change takes the confirmation away.
    await t.db
      .update(childRestrictions)
      .set({ confirmedBy: motherId, confirmedAt: new Date('2026-11-20T05:00:00Z') })
      .where(eq(childRestrictions.pupilId, timur.id));
    expect(ChildRestrictions.parse((await get(url(timur.id), parent)).json()).confirmed).toMatchObject({
      at: '2026-11-20T05:00:00.000Z',
    });
    const changed = ChildRestrictions.parse((await put(timur.id, { allergens: ['peanuts'], diets: [] })).json());
    expect(changed).toMatchObject({ allergens: ['peanuts'], diets: [], note: null, confirmed: null });
    expect(await logged()).toBe(2);
  });

  it('refuses an unknown allergen or diet and a long note with 422, and changes nothing', async () => {
    const before = (await get(url(timur.id), parent)).json();
    const cases: [object, string][] = [
      [{ allergens: ['chocolate'], diets: [] }, M.allergen],
      [{ allergens: 'milk', diets: [] }, M.allergen],
      [{ allergens: [], diets: ['vegan'] }, M.diet],
      [{ allergens: [], diets: [], note: 'а'.repeat(501) }, M.restrictionNote],
    ];
    for (const [body, message] of cases) {
      const res = await put(timur.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.values(res.json().validationErrors).flat(), JSON.stringify(body)).toContain(message);
    }
    expect((await get(url(timur.id), parent)).json()).toEqual(before);
  });

  it('answers 404 for another family’s child and 403 to staff', async () => {
    expect((await get(url(stranger.id), parent)).statusCode).toBe(404);
    expect((await put(stranger.id, { allergens: ['milk'], diets: [] })).statusCode).toBe(404);
    expect((await put(timur.id, { allergens: ['milk'], diets: [] }, otherParent)).statusCode).toBe(404);
    expect((await put(timur.id, { allergens: ['milk'], diets: [] }, staff)).statusCode).toBe(403);
    expect((await get(url(timur.id), staff)).statusCode).toBe(403);
  });
});

describe('the school’s side of a pupil’s family', () => {
  it('shows the restrictions with who set them, confirms them by certificate, and unlinks a parent', async () => {
    const erlan = await createPupil(t.db, {
      organizationId: eduOrgId,
      schoolId: schoolId5,
      classroomId: fiveAId,
      name: 'Сапаров Ерлан',
    });
    await t.db.insert(parentChildren).values({ parentId: motherId, pupilId: erlan.id });
    const family = (token = staff) => get(`/api/pupil/${erlan.id}/family`, token);
    const confirm = (body: object, token = staff) =>
      t.call({ method: 'PUT', url: `/api/pupil/${erlan.id}/restrictions/confirmation`, token, body });
    const first = PupilFamily.strict().parse((await family()).json());
    expect(first.restrictions.set_at).toBeNull();
    expect(first.parents).toEqual([
      {
        id: motherId,
        name: expect.any(String),
        email: expect.stringContaining('@'),
        since: expect.any(String),
        channels: [],
      },
    ]);
    // The school sees the channels the parent chose to hear of the child by.
    await t.db
      .insert(notificationChoices)
      .values({ parentId: motherId, pupilId: erlan.id, event: 'meal', channel: 'email' });
    expect(PupilFamily.parse((await family()).json()).parents[0]!.channels).toEqual(['email']);
    // Nothing set: nothing to confirm.
    const nothing = await confirm({ confirmed: true });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().errorMessage).toBe(M.nothingToConfirm);
    expect((await confirm({ confirmed: 'да' })).json().validationErrors).toEqual({ confirmed: [M.confirmed] });

    await t.call({
      method: 'PUT',
      url: `/api/parent/child/${erlan.id}/restrictions`,
      token: parent,
      body: { allergens: ['fish'], diets: [] },
    });
    const seen = PupilFamily.parse((await family()).json());
    expect(seen.restrictions).toMatchObject({ allergens: ['fish'], set_by: first.parents[0]!.name, confirmed: null });
    const confirmed = ChildRestrictions.parse((await confirm({ confirmed: true })).json());
    expect(confirmed.confirmed).toEqual({ by: 'Завуч Сейтова', at: t.clock.now.toISOString() });
    // The parent reads it too.
    expect(
      ChildRestrictions.parse((await get(`/api/parent/child/${erlan.id}/restrictions`, parent)).json()).confirmed,
    ).toMatchObject({ by: 'Завуч Сейтова' });
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'restrictions_confirm'), eq(auditLog.entityId, String(erlan.id))));
    expect(audited).toHaveLength(1);

    // Unlinked, the parent sees the child no more.
    const unlink = () => t.call({ method: 'DELETE', url: `/api/pupil/${erlan.id}/parent/${motherId}`, token: staff });
    const after = PupilFamily.parse((await unlink()).json());
    expect(after.parents).toEqual([]);
    expect((await get(`/api/parent/child/${erlan.id}/restrictions`, parent)).statusCode).toBe(404);
    const again = await unlink();
    expect(again.statusCode).toBe(404);
    expect(again.json().errorMessage).toBe(M.parentNotLinked);
  });

  it('answers 404 for another organization’s pupil, 422 for a bad id and 403 to a parent or a cashier', async () => {
    const kgAdmin = await signedIn(t.platform, {
      role: 'EducationKindergartenAdmin',
      organizationId: (await createOrganization(t.db, { type: 'kindergarten' })).id,
    });
    expect((await get(`/api/pupil/${dana.id}/family`, kgAdmin.token)).statusCode).toBe(404);
    expect((await get(`/api/pupil/${dana.id}/family`, staff)).statusCode).toBe(200);
    expect((await get('/api/pupil/0/family', staff)).statusCode).toBe(422);
    expect((await get(`/api/pupil/${dana.id}/family`, parent)).statusCode).toBe(403);
    const cashier = await signedIn(t.platform, { role: 'EducationCashier', organizationId: eduOrgId });
    expect((await get(`/api/pupil/${dana.id}/family`, cashier.token)).statusCode).toBe(403);
    expect(
      (await t.call({ method: 'DELETE', url: `/api/pupil/${dana.id}/parent/${motherId}`, token: kgAdmin.token }))
        .statusCode,
    ).toBe(404);
  });
});

describe('GET /api/parent/child/:id/books', () => {
  const booksOf = (id: number, token = parent) => get(`/api/parent/child/${id}/books`, token);

  it('lists the books on hand soonest due first, overdue marked, and the returned ones newest first', async () => {
    const res = await booksOf(dana.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = ChildBooks.strict().parse(res.json());
    expect(body.today).toBe('2026-11-20');
    expect(body.on_hand.map((l) => [l.book.name, l.expired_at, l.status])).toEqual([
      ['Букварь', '2026-11-18', 'overdue'],
      ['Математика 5', '2026-11-21', 'soon'],
      ['Қара сөздер', '2026-12-20', 'normal'],
    ]);
    expect(body.on_hand[0]).toMatchObject({
      book: { authors: 'Абай Құнанбайұлы' },
      school: { id: school.id, name: 'Школа №5', name_kk: '№5 мектеп' },
      issued_at: '2026-10-01T04:00:00.000Z',
      returned_at: null,
    });
    expect(body.history.map((l) => [l.book.name, l.status, l.late])).toEqual([
      ['Көксерек', 'returned', false],
      ['Абай жолы', 'returned', true],
    ]);
    expect(JSON.stringify(body)).not.toContain('Чужая книга');
    expect(ChildBooks.parse((await booksOf(timur.id)).json())).toMatchObject({ on_hand: [], history: [] });
  });

  it('answers 422 for a bad id, 404 for another family’s child and 403 to staff', async () => {
    expect((await booksOf(0)).statusCode).toBe(422);
    expect((await booksOf(stranger.id)).statusCode).toBe(404);
    expect((await booksOf(dana.id, otherParent)).statusCode).toBe(404);
    expect((await booksOf(dana.id, staff)).statusCode).toBe(403);
  });
});

describe('GET /api/parent/child/:id/meals', () => {
  const meals = (id: number, query: string, token = parent) => get(`/api/parent/child/${id}/meals?${query}`, token);

  it('gives a child’s meals of the period in their order', async () => {
    const res = await meals(dana.id, 'dateFrom=2026-11-01&dateTo=2026-11-30');
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = ChildMeals.strict().parse(res.json());
    expect(rows.map((m) => [m.date, m.at])).toEqual([
      ['2026-11-18', '2026-11-18T07:20:00.000Z'],
      ['2026-11-19', '2026-11-19T07:10:00.000Z'],
      ['2026-11-20', '2026-11-20T07:05:31.000Z'],
    ]);
    expect((await meals(timur.id, 'dateFrom=2026-11-01&dateTo=2026-11-30')).json()).toEqual({ rows: [] });
  });

  it('refuses a bad period with 422 on its field', async () => {
    const cases: [string, Record<string, string[]>][] = [
      ['dateTo=2026-11-30', { dateFrom: [M.dateFrom] }],
      ['dateFrom=2026-13-01&dateTo=2026-11-30', { dateFrom: [M.badDate] }],
      ['dateFrom=2026-11-30&dateTo=2026-11-01', { dateTo: [M.dateOrder] }],
      ['dateFrom=2026-01-01&dateTo=2026-11-30', { dateTo: [M.period] }],
    ];
    for (const [query, errors] of cases) {
      const res = await meals(dana.id, query);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().validationErrors, query).toEqual(errors);
    }
    expect((await meals(0, 'dateFrom=2026-11-01&dateTo=2026-11-30')).statusCode).toBe(422);
  });

  it('answers 404 for another family’s child, a removed or missing one, and 403 to staff', async () => {
    const period = 'dateFrom=2026-11-01&dateTo=2026-11-30';
    const other = await meals(stranger.id, period);
    expect(other.statusCode).toBe(404);
    expect(other.json().errorMessage).toBe(M.childNotFound);
    expect((await meals(dana.id, period, otherParent)).statusCode).toBe(404);
    expect((await meals(999_999, period)).statusCode).toBe(404);
    expect((await meals(dana.id, period, staff)).statusCode).toBe(403);
  });
});
