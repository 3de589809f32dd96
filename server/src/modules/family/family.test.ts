import { FAMILY_MESSAGES as M, ChildMeals, ParentChildren } from '@tamaq/contract/family';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, signedIn } from '../../../test/factories.ts';
import { createClassroom, createFoodCategory, createPupil } from '../../../test/factories-people.ts';
import { parentChildren, visits } from '../../platform/db/schema-people.ts';

/** docs/rules.md "A parent's children": what a parent sees of their own children, and of nobody else's. */
let t: TestContext;
let parent: string;
let otherParent: string;
let staff: string;
let dana: { id: number };
let timur: { id: number };
let stranger: { id: number };
let school: { id: number };
let kgSchool: { id: number };

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
  });
  timur = await createPupil(t.db, {
    organizationId: kg.id,
    schoolId: kgSchool.id,
    classroomId: group.id,
    name: 'Сапаров Тимур',
    iin: null,
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
  for (const pupil of [dana, timur, removed]) {
    await t.db.insert(parentChildren).values({ parentId: mother.user.id, pupilId: pupil.id });
  }
  const other = await signedIn(t.platform, { role: 'Parent', organizationId: null });
  otherParent = other.token;
  await t.db.insert(parentChildren).values({ parentId: other.user.id, pupilId: stranger.id });
  staff = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: edu.id })).token;
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
      visit(dana.id, '2026-10-01', '12:00:00'),
      visit(stranger.id, '2026-11-20', '12:06:00'),
    ]);
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.call({ method: 'GET', url, token });

describe('GET /api/parent/children', () => {
  it('lists the parent’s own children, across organizations, with today’s meals at their exact time', async () => {
    const res = await get('/api/parent/children', parent);
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = ParentChildren.strict().parse(res.json());
    expect(rows.map((c) => c.name)).toEqual(['Сапаров Тимур', 'Сапарова Дана']);
    const [tim, dan] = rows;
    expect(dan).toMatchObject({
      id: dana.id,
      iin_masked: '********0123',
      school: { id: school.id, name: 'Школа №5', name_kk: '№5 мектеп' },
      classroom: { name: '5 «А»' },
      food_category: { name: 'Соцкошелёк', name_kk: 'Әлеуметтік әмиян' },
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

describe('GET /api/parent/child/:id/meals', () => {
  const meals = (id: number, query: string, token = parent) => get(`/api/parent/child/${id}/meals?${query}`, token);

  it('gives a child’s meals of the period in their order', async () => {
    const res = await meals(dana.id, 'dateFrom=2026-11-01&dateTo=2026-11-30');
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = ChildMeals.strict().parse(res.json());
    expect(rows.map((m) => [m.date, m.at])).toEqual([
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
