import * as XLSX from '@e965/xlsx';
import { and, between, eq, sql } from 'drizzle-orm';
import { CategoryReport, FixationReport, SchoolStatistics } from '@tamaq/contract/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, createUser, signedIn } from '../../../test/factories.ts';
import { createCard, createClassroom, createFoodCategory, createPupil } from '../../../test/factories-people.ts';
import { classrooms, foodCategories, mealRatings, parentChildren, visits } from '../../platform/db/schema-people.ts';
import { schools } from '../../platform/db/schema.ts';

/** docs/product.md "Reports": the school's fixation report, exact, its scope and its workbook. */
let t: TestContext;
let org: { id: number };
let school: { id: number };
let otherSchool: { id: number };
let class1: { id: number };
let class10: { id: number };
let free: { id: number };
let paid: { id: number };
let admin: string;
let aigerim: { id: number };
let bolat: { id: number };
let card: { number: string };

beforeAll(async () => {
  t = await createTestContext();
  org = await createOrganization(t.db, { type: 'education' });
  school = await createSchool(t.db, { organizationId: org.id, name: 'Школа №7' });
  otherSchool = await createSchool(t.db, { organizationId: org.id, name: 'Школа №8', nameKk: '№8 мектеп' });
  class1 = await createClassroom(t.db, { organizationId: org.id, schoolId: school.id, name: '1 А' });
  class10 = await createClassroom(t.db, { organizationId: org.id, schoolId: school.id, name: '10 Б' });
  free = await createFoodCategory(t.db, { organizationId: org.id, name: 'Соцкошелёк', type: 'sw', cost: '700.00' });
  paid = await createFoodCategory(t.db, { organizationId: org.id, name: 'Платное', cost: '900.00' });
  admin = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org.id })).token;
  const pupil = (name: string, classroomId: number) =>
    createPupil(t.db, { organizationId: org.id, schoolId: school.id, classroomId, name, foodCategoryId: free.id });
  aigerim = await pupil('Айгерим Сапарова', class10.id);
  bolat = await pupil('Болат Ким', class1.id);
  card = await createCard(t.db, { organizationId: org.id, userId: bolat.id, number: 'PUPIL-BOLAT' });
  const visit = (
    userId: number,
    classroomId: number,
    foodCategoryId: number,
    visitDate: string,
    schoolId = school.id,
  ) => ({
    organizationId: org.id,
    schoolId,
    userId,
    classroomId,
    foodCategoryId,
    visitDate,
    createdAt: new Date(`${visitDate}T07:00:00Z`),
  });
  await t.db.insert(visits).values([
    visit(aigerim.id, class10.id, free.id, '2026-11-02'),
    visit(aigerim.id, class10.id, free.id, '2026-11-03'),
    // Aigerim's category changed: from the 4th she is a paid pupil, a row of her own.
    visit(aigerim.id, class10.id, paid.id, '2026-11-04'),
    visit(bolat.id, class1.id, free.id, '2026-11-02'),
    visit(bolat.id, class1.id, free.id, '2026-11-04'),
    // Outside: another school of the organization, and the day after the period.
    visit(bolat.id, class1.id, free.id, '2026-11-03', otherSchool.id),
    visit(bolat.id, class1.id, free.id, '2026-11-05'),
  ]);
});
afterAll(() => t.close());

const report = (query: string, token = admin) =>
  t.call({ method: 'GET', url: `/api/report/school/fixations?${query}`, token });
const period = (from: string, to: string, id = school.id) => `canteenId=${id}&dateFrom=${from}&dateTo=${to}`;

async function plainCount(from: string, to: string) {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(visits)
    .where(and(eq(visits.schoolId, school.id), between(visits.visitDate, from, to)));
  return row!.n;
}

describe('GET /api/report/school/fixations', () => {
  it('answers a row per pupil and food category by day, by class in number order, totals that add up', async () => {
    const res = await report(period('2026-11-02', '2026-11-04'));
    expect(res.statusCode).toBe(200);
    // Written by hand in parts (the cells as the database wrote them): still JSON, and the contract's.
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = FixationReport.strict().parse(res.json());
    expect(body.users.map((u) => [u.classroomName, u.name, u.categoryName, u.total, u.paymentCard])).toEqual([
      ['1 А', 'Болат Ким', 'Соцкошелёк', 2, 'PUPIL-BOLAT'],
      ['10 Б', 'Айгерим Сапарова', 'Платное', 1, null],
      ['10 Б', 'Айгерим Сапарова', 'Соцкошелёк', 2, null],
    ]);
    expect(body.days.map((d) => d.total)).toEqual([2, 1, 2]);
    expect(body.total).toBe(await plainCount('2026-11-02', '2026-11-04'));
    expect(body.users.reduce((n, u) => n + u.total, 0)).toBe(body.total);
    // `schoolId` names the school as well as the spec's `canteenId`.
    const bySchoolId = await report(`schoolId=${school.id}&dateFrom=2026-11-02&dateTo=2026-11-04`);
    expect(bySchoolId.json().total).toBe(body.total);
  });

  it('keeps to a class and to food categories', async () => {
    const ofClass = (await report(`${period('2026-11-02', '2026-11-04')}&classroomId=${class10.id}`)).json();
    expect(ofClass.users.map((u: { name: string }) => u.name)).toEqual(['Айгерим Сапарова', 'Айгерим Сапарова']);
    expect(ofClass.total).toBe(3);
    const ofCategory = (await report(`${period('2026-11-02', '2026-11-04')}&categoriesIds=${free.id}`)).json();
    expect(ofCategory.total).toBe(4);
  });

  it('counts a scan at 23:30 local on the last day of the period, and not in the next one', async () => {
    t.clock.now = new Date('2026-11-30T18:30:00Z'); // 23:30 in Almaty (UTC+5)
    try {
      const scan = await t.call({
        method: 'POST',
        url: '/api/school/fixation',
        token: admin,
        payload: { cardId: card.number, schoolId: school.id },
      });
      expect(scan.statusCode).toBe(200);
    } finally {
      t.clock.now = new Date();
    }
    expect((await report(period('2026-11-30', '2026-11-30'))).json().total).toBe(1);
    expect((await report(period('2026-12-01', '2026-12-01'))).json().total).toBe(0);
  });

  it('keeps a school-locked user to their school, and lets the observer read the filters’ lists', async () => {
    const social = (
      await signedIn(t.platform, { role: 'EducationSocialTeacher', organizationId: org.id, schoolId: school.id })
    ).token;
    const own = await report('dateFrom=2026-11-02&dateTo=2026-11-04', social);
    expect(own.statusCode).toBe(200);
    expect(own.json().total).toBe(5);
    expect((await report(period('2026-11-02', '2026-11-04', otherSchool.id), social)).statusCode).toBe(404);
    const observer = (await signedIn(t.platform, { role: 'EducationObserver', organizationId: org.id })).token;
    expect((await report(period('2026-11-02', '2026-11-04'), observer)).json().total).toBe(5);
    for (const url of [`/api/classrooms?schoolId=${school.id}`, '/api/food/categories', '/api/schools']) {
      expect((await t.call({ method: 'GET', url, token: observer })).statusCode, url).toBe(200);
    }
  });

  it('refuses bad filters with 422, other roles with 403, and others’ objects with 404', async () => {
    for (const [query, field] of [
      ['dateFrom=2026-11-02&dateTo=2026-11-04', 'canteenId'],
      [period('2026-11-04', '2026-11-02'), 'dateTo'],
      [`${period('2026-11-02', '2026-11-04')}&classroomId=abc`, 'classroomId'],
    ] as const) {
      const res = await report(query);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().validationErrors), query).toContain(field);
    }
    for (const role of ['Admin', 'Economist', 'EducationCashier', 'EducationLibrarian'] as const) {
      const token = (await signedIn(t.platform, { role, organizationId: org.id })).token;
      expect((await report(period('2026-11-02', '2026-11-04'), token)).statusCode, role).toBe(403);
    }
    const stranger = await createOrganization(t.db, { type: 'education' });
    const theirSchool = await createSchool(t.db, { organizationId: stranger.id });
    const theirCategory = await createFoodCategory(t.db, { organizationId: stranger.id });
    const otherClass = await createClassroom(t.db, { organizationId: org.id, schoolId: otherSchool.id });
    for (const query of [
      period('2026-11-02', '2026-11-04', theirSchool.id),
      `${period('2026-11-02', '2026-11-04')}&categoriesIds=${theirCategory.id}`,
      `${period('2026-11-02', '2026-11-04')}&classroomId=${otherClass.id}`,
    ]) {
      expect((await report(query)).statusCode, query).toBe(404);
    }
  });

  it('downloads the same rows and totals as .xlsx, the class and categories in its heading', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/report/school/fixations?${period('2026-11-02', '2026-11-04')}&classroomId=${class10.id}&export=1&token=${admin}`,
    });
    expect(res.statusCode).toBe(200);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(
      'Отчёт по школе Школа №7 10 Б 02.11.2026–04.11.2026.xlsx',
    );
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets[book.SheetNames[0]!]!, {
      header: 1,
      blankrows: false,
    });
    expect(rows.slice(0, 3)).toEqual([
      ['Отчёт по фиксациям: Школа №7, 02.11.2026–04.11.2026'],
      ['Класс: 10 Б'],
      ['Категории: все'],
    ]);
    expect(rows.slice(3)).toEqual([
      ['№', 'ФИО', 'Класс', 'Категория', 'Карта', '02.11', '03.11', '04.11', 'Итого'],
      [1, 'Айгерим Сапарова', '10 Б', 'Платное', undefined, undefined, undefined, 1, 1],
      [2, 'Айгерим Сапарова', '10 Б', 'Соцкошелёк', undefined, 1, 1, undefined, 2],
      ['Итого', undefined, undefined, undefined, undefined, 1, 1, 1, 3],
    ]);
  });

  it('names the school, the classes and the categories in a Kazakh reader’s language', async () => {
    await t.db.update(schools).set({ nameKk: '№7 мектеп' }).where(eq(schools.id, school.id));
    await t.db.update(classrooms).set({ nameKk: '10 Ә' }).where(eq(classrooms.id, class10.id));
    await t.db.update(foodCategories).set({ nameKk: 'Әлеуметтік әмиян' }).where(eq(foodCategories.id, free.id));
    try {
      const json = await t.call({
        method: 'GET',
        url: `/api/report/school/fixations?${period('2026-11-02', '2026-11-04')}`,
        token: admin,
        headers: { 'accept-language': 'kk' },
      });
      const body = FixationReport.parse(json.json());
      expect(body.users.map((u) => [u.classroomName, u.name, u.categoryName])).toEqual([
        ['1 А', 'Болат Ким', 'Әлеуметтік әмиян'],
        ['10 Ә', 'Айгерим Сапарова', 'Әлеуметтік әмиян'],
        ['10 Ә', 'Айгерим Сапарова', 'Платное'],
      ]);
      const file = await t.call({
        method: 'GET',
        url: `/api/report/school/fixations?${period('2026-11-02', '2026-11-04')}&classroomId=${class10.id}&categoriesIds=${free.id}&export=1&lang=kk&token=${admin}`,
      });
      const book = XLSX.read(file.rawPayload, { type: 'buffer' });
      const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, {
        header: 1,
        blankrows: false,
      });
      const heading = rows
        .slice(0, 3)
        .map((r) => r[0])
        .join(' / ');
      expect(heading).toContain('№7 мектеп');
      expect(heading).toContain('10 Ә');
      expect(heading).toContain('Әлеуметтік әмиян');
    } finally {
      await t.db.update(schools).set({ nameKk: null }).where(eq(schools.id, school.id));
      await t.db.update(classrooms).set({ nameKk: null }).where(eq(classrooms.id, class10.id));
      await t.db.update(foodCategories).set({ nameKk: null }).where(eq(foodCategories.id, free.id));
    }
  });
});

describe('GET /api/report/school/classrooms/fixations', () => {
  const byClass = (query: string, token = admin) =>
    t.call({ method: 'GET', url: `/api/report/school/classrooms/fixations?${query}`, token });
  const of = (id: number) => `schoolId=${id}&dateFrom=2026-11-02&dateTo=2026-11-04`;

  it('answers a row per class and food category by day, classes in number order, totals that add up', async () => {
    const res = await byClass(of(school.id));
    expect(res.statusCode).toBe(200);
    const body = CategoryReport.strict().parse(res.json());
    expect(body.categories.map((r) => [r.classroomName, r.categoryName, r.total])).toEqual([
      ['1 А', 'Соцкошелёк', 2],
      ['10 Б', 'Платное', 1],
      ['10 Б', 'Соцкошелёк', 2],
    ]);
    expect(body.days[0]!.rows).toEqual({ [`${class1.id}_${free.id}`]: 1, [`${class10.id}_${free.id}`]: 1 });
    expect(body.total).toBe(await plainCount('2026-11-02', '2026-11-04'));
    expect(body.days.reduce((n, d) => n + d.total, 0)).toBe(body.total);
  });

  it('downloads the same as .xlsx; refuses a missing school, other roles and another organization’s school', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/report/school/classrooms/fixations?${of(school.id)}&export=1&token=${admin}`,
    });
    expect(res.statusCode).toBe(200);
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets[book.SheetNames[0]!]!, {
      header: 1,
      blankrows: false,
    });
    expect(rows).toEqual([
      ['Отчёт по классам: Школа №7, 02.11.2026–04.11.2026'],
      ['Класс', 'Категория', '02.11', '03.11', '04.11', 'Итого'],
      ['1 А', 'Соцкошелёк', 1, undefined, 1, 2],
      ['10 Б', 'Платное', undefined, undefined, 1, 1],
      ['10 Б', 'Соцкошелёк', 1, 1, undefined, 2],
      ['Итого', undefined, 2, 1, 2, 5],
    ]);
    const missing = await byClass('dateFrom=2026-11-02&dateTo=2026-11-04');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().validationErrors).toHaveProperty('schoolId');
    const cashier = (await signedIn(t.platform, { role: 'EducationCashier', organizationId: org.id })).token;
    expect((await byClass(of(school.id), cashier)).statusCode).toBe(403);
    const stranger = await createOrganization(t.db, { type: 'education' });
    const theirs = await createSchool(t.db, { organizationId: stranger.id });
    expect((await byClass(of(theirs.id))).statusCode).toBe(404);
  });
});

describe('GET /api/report/school/statistics', () => {
  const stats = (query: string, token: string) =>
    t.call({ method: 'GET', url: `/api/report/school/statistics?${query}`, token });
  const week = 'dateFrom=2026-11-02&dateTo=2026-11-08'; // Monday to Sunday: five school days

  it('counts pupils, social-wallet pupils, parents, portions due and served, per school and in all', async () => {
    // Both parents of one pupil: two parents, one pupil whose parent uses the app.
    const parents: number[] = [];
    for (const k of [1, 2]) {
      const parent = await createUser(t.db, { role: 'Parent', organizationId: null, name: `Родитель ${k}` });
      await t.db.insert(parentChildren).values({ parentId: parent.id, pupilId: aigerim.id });
      parents.push(parent.id);
    }
    // The parents rated two of the week's meals, 5 and 4; a rating outside the week does not count.
    const meals = await t.db
      .select()
      .from(visits)
      .where(and(eq(visits.userId, aigerim.id), between(visits.visitDate, '2026-11-02', '2026-11-08')))
      .orderBy(visits.id)
      .limit(1);
    const rate = (visitId: number, raterId: number, date: string, score: number) =>
      t.db.insert(mealRatings).values({
        organizationId: org.id,
        schoolId: school.id,
        pupilId: aigerim.id,
        raterId,
        visitId,
        date,
        score,
      });
    await rate(meals[0]!.id, parents[0]!, meals[0]!.visitDate, 5);
    await rate(meals[0]!.id, parents[1]!, meals[0]!.visitDate, 4);
    const [late] = await t.db
      .insert(visits)
      .values({ ...meals[0]!, id: undefined, visitDate: '2026-11-10', scanKey: null })
      .returning();
    await rate(late!.id, parents[0]!, '2026-11-10', 1);
    const observer = (await signedIn(t.platform, { role: 'EducationObserver', organizationId: org.id })).token;
    const res = await stats(week, observer);
    expect(res.statusCode).toBe(200);
    const body = SchoolStatistics.strict().parse(res.json());
    expect(body).toMatchObject({
      schools: 2,
      parents_total: 2,
      students_total: 2,
      students_with_parents_total: 1,
      students_with_susn_total: 2,
      servings_received_total: 10,
      servings_received: 6,
      ratings_total: 2,
      rating_average: 4.5,
    });
    expect(body.rows).toEqual([
      {
        school: { id: school.id, name: 'Школа №7', name_ru: 'Школа №7', name_kk: null },
        parents_total: 2,
        students_total: 2,
        students_with_parents_total: 1,
        students_with_susn_total: 2,
        servings_received_total: 10,
        servings_received: 5,
        ratings_total: 2,
        rating_average: 4.5,
      },
      {
        // Both names: the screen shows the reader's language.
        school: { id: otherSchool.id, name: 'Школа №8', name_ru: 'Школа №8', name_kk: '№8 мектеп' },
        parents_total: 0,
        students_total: 0,
        students_with_parents_total: 0,
        students_with_susn_total: 0,
        servings_received_total: 0,
        servings_received: 1,
        ratings_total: 0,
        rating_average: null,
      },
    ]);
    const one = (await stats(`${week}&schoolId=${school.id}`, observer)).json();
    expect(one.rows.map((r: { school: { name: string } }) => r.school.name)).toEqual(['Школа №7']);
    const locked = (
      await signedIn(t.platform, { role: 'EducationObserver', organizationId: org.id, schoolId: otherSchool.id })
    ).token;
    expect((await stats(week, locked)).json().schools).toBe(1);
    expect((await stats(`${week}&schoolId=${school.id}`, locked)).statusCode).toBe(404);
  });

  it('refuses bad dates with 422, other roles with 403 and another organization’s school with 404', async () => {
    const observer = (await signedIn(t.platform, { role: 'EducationObserver', organizationId: org.id })).token;
    const bad = await stats('dateFrom=2026-11-08&dateTo=2026-11-02', observer);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().validationErrors).toHaveProperty('dateTo');
    expect((await stats('dateTo=2026-11-02', observer)).statusCode).toBe(422);
    expect((await stats(week, admin)).statusCode).toBe(403);
    const stranger = await createOrganization(t.db, { type: 'education' });
    const theirs = await createSchool(t.db, { organizationId: stranger.id });
    expect((await stats(`${week}&schoolId=${theirs.id}`, observer)).statusCode).toBe(404);
  });
});
