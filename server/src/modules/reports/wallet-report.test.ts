import * as XLSX from '@e965/xlsx';
import { eq, sql } from 'drizzle-orm';
import { WalletReport } from '@tamaq/contract/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, signedIn, linkToken } from '../../../test/factories.ts';
import {
  createClassroom,
  createFixationCategory,
  createFoodCategory,
  createPupil,
} from '../../../test/factories-people.ts';
import { classrooms, foodCategories, visits } from '../../platform/db/schema-people.ts';

/**
 * The social wallet reconciliation: per school day of a month, who was due a social-wallet
 * meal, who was served, and the amount due at the daily cost each meal was served at. Checked
 * against a month counted by hand.
 */
let t: TestContext;
let org: { id: number };
let school: { id: number };
let admin: string;
let aigerim: { id: number };
let bolat: { id: number };

/** November 2026: the 1st is a Sunday; 21 days from Monday to Friday. */
const MONTH = '2026-11';

beforeAll(async () => {
  t = await createTestContext();
  // December: the whole of November is behind.
  t.clock.now = new Date('2026-12-15T06:00:00Z');
  org = await createOrganization(t.db, { type: 'education' });
  school = await createSchool(t.db, { organizationId: org.id, name: 'Школа №7' });
  const other = await createSchool(t.db, { organizationId: org.id, name: 'Школа №8' });
  const class1 = await createClassroom(t.db, { organizationId: org.id, schoolId: school.id, name: '1 А' });
  const class10 = await createClassroom(t.db, { organizationId: org.id, schoolId: school.id, name: '10 Б' });
  const otherClass = await createClassroom(t.db, { organizationId: org.id, schoolId: other.id, name: '2 В' });
  const sw = await createFoodCategory(t.db, { organizationId: org.id, name: 'Соцкошелёк', type: 'sw', cost: '700.50' });
  const paid = await createFoodCategory(t.db, { organizationId: org.id, name: 'Платное', cost: '900.00' });
  admin = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org.id })).token;
  const pupil = (name: string, classroomId: number, extra: object = {}, schoolId = school.id) =>
    createPupil(t.db, { organizationId: org.id, schoolId, classroomId, name, foodCategoryId: sw.id, ...extra });
  aigerim = await pupil('Айгерим Сапарова', class10.id, { socialWalletSetDate: '2026-10-01' });
  // In the wallet from the 16th: due 11 days.
  bolat = await pupil('Болат Ким', class1.id, { socialWalletSetDate: '2026-11-16' });
  const dana = await pupil('Дана Паидова', class1.id, { foodCategoryId: paid.id });
  const gone = await pupil('Ерлан Ушедший', class1.id, { deletedAt: new Date('2026-11-10T00:00:00Z') });
  const elsewhere = await pupil('Жанна Другая', otherClass.id, {}, other.id);
  const visit = (userId: number, visitDate: string, cost: string | null, foodCategoryId = sw.id, at = '07:00') => ({
    organizationId: org.id,
    schoolId: school.id,
    userId,
    classroomId: class1.id,
    foodCategoryId,
    visitDate,
    cost,
    createdAt: new Date(`${visitDate}T${at}:00Z`),
  });
  await t.db.insert(visits).values([
    visit(aigerim.id, '2026-11-02', '700.50'),
    // Served at last month's price: the visit's own cost is what is due.
    visit(aigerim.id, '2026-11-03', '650.00'),
    // Breakfast and lunch on one day: one meal due, at the first visit's cost.
    visit(aigerim.id, '2026-11-04', '700.50', sw.id, '03:00'),
    { ...visit(aigerim.id, '2026-11-04', '900.00', sw.id, '06:00'), oneTime: false },
    // A Saturday: no school day.
    visit(aigerim.id, '2026-11-07', '700.50'),
    // Before his wallet began, a paid meal; then one served, without a cost snapshot (the category's).
    visit(bolat.id, '2026-11-10', '900.00', paid.id),
    visit(bolat.id, '2026-11-16', null),
    visit(dana.id, '2026-11-16', '900.00', paid.id),
    visit(gone.id, '2026-11-02', '700.50'),
    { ...visit(elsewhere.id, '2026-11-02', '700.50'), schoolId: other.id, classroomId: otherClass.id },
    // December: outside the month.
    visit(aigerim.id, '2026-12-01', '700.50'),
  ]);
});
afterAll(() => t.close());

const get = (query: string, token = admin) =>
  t.call({ method: 'GET', url: `/api/report/school/social-wallet?${query}`, token });

/** The statistics of the school, as the organization's observer reads them. */
const statistics = async (period: string) =>
  t.call({
    method: 'GET',
    url: `/api/report/school/statistics?schoolId=${school.id}&${period}`,
    token: (await signedIn(t.platform, { role: 'EducationObserver', organizationId: org.id })).token,
  });

describe('GET /api/report/school/social-wallet', () => {
  it('counts the month as a person would by hand: due, served, not served and the amount', async () => {
    const res = await get(`schoolId=${school.id}&month=${MONTH}`);
    expect(res.statusCode).toBe(200);
    const r = WalletReport.parse(res.json());
    expect(r.days).toHaveLength(21);
    expect(r.days.slice(0, 6)).toEqual([
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-09',
    ]);
    expect(r.days.at(-1)).toBe('2026-11-30');
    expect(r.classes.map((c) => [c.name, c.pupils.map((p) => p.name)])).toEqual([
      ['1 А', ['Болат Ким']],
      ['10 Б', ['Айгерим Сапарова']],
    ]);
    const [first, tenth] = r.classes;
    const a = tenth!.pupils[0]!;
    expect({ due: a.due, served: a.servedTotal, amount: a.amount, cost: a.cost }).toEqual({
      due: 21,
      served: 3,
      amount: '2051.00',
      cost: '700.50',
    });
    expect(a.marks.slice(0, 4)).toEqual(['served', 'served', 'served', 'missed']);
    const b = first!.pupils[0]!;
    expect({ due: b.due, served: b.servedTotal, amount: b.amount }).toEqual({ due: 11, served: 1, amount: '700.50' });
    expect(b.marks.slice(0, 10).every((m) => m === 'none')).toBe(true);
    expect(b.marks[10]).toBe('served'); // the 16th
    expect({ due: r.due, served: r.servedTotal, amount: r.amount }).toEqual({ due: 32, served: 4, amount: '2751.50' });
    expect([r.entitled[0], r.served[0], r.amounts[0]]).toEqual([1, 1, '700.50']);
    expect([r.entitled[10], r.served[10], r.amounts[10]]).toEqual([2, 1, '700.50']);
    expect([r.entitled[11], r.served[11], r.amounts[11]]).toEqual([2, 0, '0.00']);
  });

  it('counts the month in progress up to today: the days to come are not due yet', async () => {
    const before = t.clock.now;
    // 09:00 on Monday the 16th in Almaty.
    t.clock.now = new Date('2026-11-16T04:00:00Z');
    try {
      const r = WalletReport.parse((await get(`schoolId=${school.id}&month=${MONTH}`)).json());
      expect(r.days).toHaveLength(21);
      const [first, tenth] = r.classes;
      expect([tenth!.pupils[0]!.due, first!.pupils[0]!.due]).toEqual([11, 1]);
      expect(tenth!.pupils[0]!.marks.slice(10)).toEqual(['missed', ...Array(10).fill('none')]);
      expect({ due: r.due, served: r.servedTotal, amount: r.amount }).toEqual({
        due: 12,
        served: 4,
        amount: '2751.50',
      });
      // A month yet to come has nobody due.
      const december = WalletReport.parse((await get(`schoolId=${school.id}&month=2026-12`)).json());
      expect([december.due, december.classes]).toEqual([0, []]);
    } finally {
      t.clock.now = before;
    }
  });

  it("owes no meal on the school's days off: December has no Independence Day and no winter vacation", async () => {
    const before = t.clock.now;
    t.clock.now = new Date('2027-01-15T06:00:00Z');
    try {
      const r = WalletReport.parse((await get(`schoolId=${school.id}&month=2026-12`)).json());
      // 23 days from Monday to Friday, less 16 December and the vacation from the 29th.
      expect(r.days).toHaveLength(19);
      expect(r.days).not.toContain('2026-12-16');
      expect(r.days.at(-1)).toBe('2026-12-28');
      expect(r.classes.flatMap((c) => c.pupils.map((p) => [p.name, p.due]))).toEqual([
        ['Болат Ким', 19],
        ['Айгерим Сапарова', 19],
      ]);
      // The statistics' «положено» counts the same days.
      const stats = await statistics('dateFrom=2026-12-01&dateTo=2026-12-31');
      expect(stats.statusCode).toBe(200);
      expect(stats.json().servings_received_total).toBe(38);
    } finally {
      t.clock.now = before;
    }
  });

  it('owes the first grades no meal in their February week, the other grades every working day', async () => {
    const before = t.clock.now;
    t.clock.now = new Date('2027-03-15T06:00:00Z');
    try {
      const r = WalletReport.parse((await get(`schoolId=${school.id}&month=2027-02`)).json());
      expect(r.days).toHaveLength(20);
      const due = Object.fromEntries(r.classes.flatMap((c) => c.pupils.map((p) => [p.name, p.due])));
      expect(due).toEqual({ 'Болат Ким': 15, 'Айгерим Сапарова': 20 });
      const stats = await statistics('dateFrom=2027-02-01&dateTo=2027-02-28');
      expect(stats.json().servings_received_total).toBe(35);
    } finally {
      t.clock.now = before;
    }
  });

  it('adds up: pupils to classes, classes and days to the school, served to the visits themselves', async () => {
    const r = WalletReport.parse((await get(`schoolId=${school.id}&month=${MONTH}`)).json());
    const sum = (xs: number[]) => xs.reduce((x, y) => x + y, 0);
    for (const c of r.classes) {
      expect(c.due).toBe(sum(c.pupils.map((p) => p.due)));
      expect(c.servedTotal).toBe(sum(c.pupils.map((p) => p.servedTotal)));
    }
    expect(r.due).toBe(sum(r.entitled));
    expect(r.servedTotal).toBe(sum(r.served));
    expect(r.due).toBe(sum(r.classes.map((c) => c.due)));
    const [plain] = (
      (await t.db.execute(sql`
        select count(distinct (v.user_id, v.visit_date))::int as n from visits v
        join food_categories f on f.id = v.food_category_id and f.type = 'sw'
        where v.school_id = ${school.id}::int and v.visit_date between '2026-11-01' and '2026-11-30'
          and extract(isodow from v.visit_date) < 6
          and v.user_id in (${aigerim.id}::int, ${bolat.id}::int)`)) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(r.servedTotal).toBe(Number(plain!.n));
  });

  it('downloads the same as .xlsx with the day lines and the signature lines', async () => {
    const { token } = await signedIn(t.platform, { role: 'EducationObserver', organizationId: org.id });
    const res = await get(
      `schoolId=${school.id}&month=${MONTH}&export=1&token=${await linkToken(t.platform, token)}`,
      '',
    );
    expect(res.statusCode).toBe(200);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(
      'Сверка соцкошелька Школа №7 ноябрь 2026.xlsx',
    );
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, {
      header: 1,
      blankrows: false,
    });
    expect(rows[0]).toEqual(['Сверка социального кошелька: Школа №7, ноябрь 2026']);
    const header = rows.find((row) => row[1] === 'ФИО')!;
    expect(header.slice(-3)).toEqual(['Положено', 'Получено', 'Сумма, тг.']);
    const aigerimRow = rows.find((row) => row[1] === 'Айгерим Сапарова')!;
    expect(aigerimRow.slice(5, 9)).toEqual(['+', '+', '+', '−']);
    expect(aigerimRow.slice(-3)).toEqual([21, 3, 2051]);
    const amountLine = rows.find((row) => row[1] === 'Сумма, тг.')!;
    expect(amountLine.at(-1)).toBe(2751.5);
    expect(rows.some((row) => row[1] === 'Директор школы')).toBe(true);
  });

  it('takes a school-locked user’s own school, and refuses another’s', async () => {
    const { token } = await signedIn(t.platform, {
      role: 'EducationSocialTeacher',
      organizationId: org.id,
      schoolId: school.id,
    });
    const own = await get(`month=${MONTH}`, token);
    expect(own.statusCode).toBe(200);
    expect(own.json().school.name).toBe('Школа №7');
    const other = await createSchool(t.db, { organizationId: org.id });
    expect((await get(`schoolId=${other.id}&month=${MONTH}`, token)).statusCode).toBe(404);
  });

  it('answers bad filters with 422 and changes nothing', async () => {
    const fields = async (query: string) => (await get(query)).json().validationErrors;
    expect(await fields(`schoolId=${school.id}`)).toEqual({ month: ['Укажите месяц'] });
    expect(await fields(`schoolId=${school.id}&month=2026-13`)).toEqual({ month: ['Неверный месяц'] });
    expect(await fields(`schoolId=${school.id}&month=ноябрь`)).toEqual({ month: ['Неверный месяц'] });
    expect(await fields(`month=${MONTH}`)).toEqual({ schoolId: ['Выберите школу'] });
    expect((await get(`schoolId=abc&month=${MONTH}`)).statusCode).toBe(422);
  });

  it('answers 404 for another organization’s school and 403 outside its roles', async () => {
    const foreign = await createSchool(t.db, { organizationId: (await createOrganization(t.db)).id });
    const res = await get(`schoolId=${foreign.id}&month=${MONTH}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().errorMessage).toBe('Школа не найдена');
    const { token } = await signedIn(t.platform, { role: 'EducationCashier', organizationId: org.id });
    expect((await get(`schoolId=${school.id}&month=${MONTH}`, token)).statusCode).toBe(403);
    expect((await get(`schoolId=${school.id}&month=${MONTH}`, '')).statusCode).toBe(401);
  });
});

describe('the statistics of a school with meal times', () => {
  it('keeps a pupil who left the wallet during the month for the days it held, under the wallet category', async () => {
    const edu = await createOrganization(t.db, { type: 'education' });
    const own = await createSchool(t.db, { organizationId: edu.id });
    const klass = await createClassroom(t.db, { organizationId: edu.id, schoolId: own.id, name: '3 А' });
    const sw = await createFoodCategory(t.db, { organizationId: edu.id, name: 'Кошелёк', type: 'sw', cost: '650.00' });
    const paid = await createFoodCategory(t.db, { organizationId: edu.id, name: 'Платное', cost: '900.00' });
    const pupil = await createPupil(t.db, {
      organizationId: edu.id,
      schoolId: own.id,
      classroomId: klass.id,
      name: 'Асем Ушедшая',
      foodCategoryId: sw.id,
      socialWalletSetDate: '2026-09-01',
    });
    await t.db.insert(visits).values(
      ['2026-11-02', '2026-11-03'].map((visitDate) => ({
        organizationId: edu.id,
        schoolId: own.id,
        userId: pupil.id,
        classroomId: klass.id,
        foodCategoryId: sw.id,
        visitDate,
        cost: '650.00',
        createdAt: new Date(`${visitDate}T07:00:00Z`),
      })),
    );
    // The order ends her wallet on Wednesday the 4th; from then on she eats paid.
    const eduAdmin = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: edu.id })).token;
    const moved = await t.call({
      method: 'PUT',
      url: '/api/user',
      token: eduAdmin,
      payload: { id: pupil.id, food_category_id: paid.id, social_wallet_to: '2026-11-04' },
    });
    expect(moved.statusCode).toBe(200);
    const res = await t.call({
      method: 'GET',
      url: `/api/report/school/social-wallet?schoolId=${own.id}&month=${MONTH}`,
      token: eduAdmin,
    });
    expect(res.statusCode).toBe(200);
    const r = WalletReport.parse(res.json());
    const [only] = r.classes.flatMap((c) => c.pupils);
    expect(r.classes.flatMap((c) => c.pupils)).toHaveLength(1);
    expect({
      name: only!.name,
      due: only!.due,
      served: only!.servedTotal,
      amount: only!.amount,
      cost: only!.cost,
      marks: only!.marks.slice(0, 5),
    }).toEqual({
      name: 'Асем Ушедшая',
      due: 3,
      served: 2,
      amount: '1300.00',
      cost: '650.00',
      marks: ['served', 'served', 'missed', 'none', 'none'],
    });
    // The statistics owe her the same three days.
    const observer = (await signedIn(t.platform, { role: 'EducationObserver', organizationId: edu.id })).token;
    const stats = await t.call({
      method: 'GET',
      url: `/api/report/school/statistics?schoolId=${own.id}&dateFrom=2026-11-02&dateTo=2026-11-06`,
      token: observer,
    });
    expect(stats.json().servings_received_total).toBe(3);
  });

  it('owe a portion per meal the wallet pays: a lunch a day where it pays a lunch, each meal where it names none', async () => {
    const edu = await createOrganization(t.db, { type: 'education' });
    const own = await createSchool(t.db, { organizationId: edu.id });
    const klass = await createClassroom(t.db, { organizationId: edu.id, schoolId: own.id, name: '5 А' });
    const meals = [];
    for (const [name, timeStart, timeFinish] of [
      ['Завтрак', '08:00', '09:00'],
      ['Обед', '12:00', '13:00'],
    ] as const)
      meals.push(await createFixationCategory(t.db, { organizationId: edu.id, name, timeStart, timeFinish }));
    const sw = await createFoodCategory(t.db, { organizationId: edu.id, type: 'sw', meals: [meals[1]!.id] });
    await createPupil(t.db, {
      organizationId: edu.id,
      schoolId: own.id,
      classroomId: klass.id,
      foodCategoryId: sw.id,
      socialWalletSetDate: '2026-09-01',
    });
    const observer = (await signedIn(t.platform, { role: 'EducationObserver', organizationId: edu.id })).token;
    // Tuesday 1 to Friday 4 December: four working days.
    const due = async () =>
      (
        await t.call({
          method: 'GET',
          url: `/api/report/school/statistics?schoolId=${own.id}&dateFrom=2026-12-01&dateTo=2026-12-04`,
          token: observer,
        })
      ).json().servings_received_total;
    expect(await due()).toBe(4);
    await t.db.update(foodCategories).set({ meals: null }).where(eq(foodCategories.id, sw.id));
    expect(await due()).toBe(8);
    // Another school's own meal time and the second shift's are not the pupil's (a first-shift
    // class); once the class studies in the second shift, its lunch is.
    const other = await createSchool(t.db, { organizationId: edu.id });
    await createFixationCategory(t.db, {
      organizationId: edu.id,
      schoolId: other.id,
      name: 'Полдник',
      timeStart: '15:00',
      timeFinish: '16:00',
    });
    await createFixationCategory(t.db, {
      organizationId: edu.id,
      shift: 2,
      name: 'Обед',
      timeStart: '14:00',
      timeFinish: '15:00',
    });
    expect(await due()).toBe(8);
    await t.db.update(classrooms).set({ shift: 2 }).where(eq(classrooms.id, klass.id));
    expect(await due()).toBe(12);
  });
});
