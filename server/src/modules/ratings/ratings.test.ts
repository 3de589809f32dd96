import { RATINGS_MESSAGES as M, Ratings } from '@tamaq/contract/ratings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, signedIn } from '../../../test/factories.ts';
import { createClassroom, createPupil } from '../../../test/factories-people.ts';
import { mealRatings } from '../../platform/db/schema-people.ts';
import { mealModeOf } from './meal-dishes.ts';
import { dishCategories, dishes } from '../../platform/db/schema-food.ts';

/** docs/rules.md "Ratings": the school's people read the parents' ratings, averaged, without authors. */
let t: TestContext;
let admin: string;
let locked: string;
let schoolA: { id: number };
let schoolB: { id: number };
let otherSchool: { id: number };
let org: number;

beforeAll(async () => {
  t = await createTestContext();
  org = (await createOrganization(t.db, { type: 'education' })).id;
  const other = (await createOrganization(t.db, { type: 'education' })).id;
  schoolA = await createSchool(t.db, { organizationId: org, name: 'Школа А', nameKk: 'А мектебі' });
  schoolB = await createSchool(t.db, { organizationId: org, name: 'Школа Б' });
  otherSchool = await createSchool(t.db, { organizationId: other, name: 'Чужая школа' });
  admin = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org })).token;
  locked = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org, schoolId: schoolA.id })).token;
  const parent = await signedIn(t.platform, { role: 'Parent', organizationId: null });
  const pupilOf = async (organizationId: number, schoolId: number) =>
    createPupil(t.db, {
      organizationId,
      schoolId,
      classroomId: (await createClassroom(t.db, { organizationId, schoolId })).id,
    });
  const a = await pupilOf(org, schoolA.id);
  const b = await pupilOf(org, schoolB.id);
  const c = await pupilOf(other, otherSchool.id);
  let visit = 1000;
  const rating = (
    pupil: { id: number },
    organizationId: number,
    schoolId: number,
    date: string,
    score: number,
    comment: string | null,
    at: string,
    dishIds: number[] = [],
  ) => ({
    organizationId,
    schoolId,
    pupilId: pupil.id,
    raterId: parent.user.id,
    visitId: visit++,
    date,
    score,
    comment,
    dishIds,
    createdAt: new Date(at),
    updatedAt: new Date(at),
  });
  const [cat] = await t.db.insert(dishCategories).values({ organizationId: org, name: 'Блюда' }).returning();
  const dish = async (name: string, nameKk: string | null = null) =>
    (
      await t.db
        .insert(dishes)
        .values({ organizationId: org, categoryId: cat!.id, name, nameKk, cost: '100', output: '200 г' })
        .returning()
    )[0]!.id;
  const pilaf = await dish('Плов', 'Палау');
  const soup = await dish('Суп');
  const tea = await dish('Чай');
  await t.db.insert(mealRatings).values([
    rating(a, org, schoolA.id, '2026-11-18', 5, null, '2026-11-18T08:00:00Z', [pilaf, tea]),
    rating(a, org, schoolA.id, '2026-11-18', 4, 'Вкусный плов', '2026-11-18T09:00:00Z', [pilaf, tea]),
    rating(a, org, schoolA.id, '2026-11-19', 3, null, '2026-11-19T08:00:00Z'),
    rating(b, org, schoolB.id, '2026-11-19', 2, 'Суп холодный', '2026-11-19T10:00:00Z', [tea, soup]),
    rating(c, other, otherSchool.id, '2026-11-19', 1, 'Чужой отзыв', '2026-11-19T11:00:00Z'),
    // Outside the period.
    rating(a, org, schoolA.id, '2026-10-30', 1, 'Старый отзыв', '2026-10-30T08:00:00Z'),
  ]);
});
afterAll(() => t.close());

const list = (query: string, token = admin) => t.call({ method: 'GET', url: `/api/ratings?${query}`, token });
const november = 'dateFrom=2026-11-01&dateTo=2026-11-30';

describe('GET /api/ratings', () => {
  it('averages the organization’s ratings of the period by day and school, with the newest comments', async () => {
    const res = await list(november);
    expect(res.statusCode, res.body).toBe(200);
    const body = Ratings.strict().parse(res.json());
    expect(body).toMatchObject({ average: 3.5, count: 4 });
    expect(body.by_day).toEqual([
      { date: '2026-11-18', average: 4.5, count: 2 },
      { date: '2026-11-19', average: 2.5, count: 2 },
    ]);
    expect(body.by_school.map((s) => [s.school.name, s.school.name_kk, s.average, s.count])).toEqual([
      ['Школа А', 'А мектебі', 4, 3],
      ['Школа Б', null, 2, 1],
    ]);
    // A meal counts for each dish it was served with; a rating given with no menu counts for none.
    expect(body.by_dish.map((d) => [d.dish.name, d.dish.name_kk, d.average, d.count])).toEqual([
      ['Плов', 'Палау', 4.5, 2],
      ['Суп', null, 2, 1],
      ['Чай', null, 3.67, 3],
    ]);
    expect(body.comments.map((c) => [c.date, c.school?.name, c.score, c.comment, c.dishes.map((d) => d.name)])).toEqual(
      [
        ['2026-11-19', 'Школа Б', 2, 'Суп холодный', ['Суп', 'Чай']],
        ['2026-11-18', 'Школа А', 4, 'Вкусный плов', ['Плов', 'Чай']],
      ],
    );
    expect(JSON.stringify(body)).not.toMatch(/Чужой|Старый|rater|parent/);
  });

  it('narrows to a school, and keeps a locked admin to theirs', async () => {
    expect(Ratings.parse((await list(`${november}&schoolId=${schoolB.id}`)).json())).toMatchObject({
      average: 2,
      count: 1,
    });
    expect(Ratings.parse((await list(november, locked)).json())).toMatchObject({ average: 4, count: 3 });
    expect((await list(`${november}&schoolId=${schoolB.id}`, locked)).statusCode).toBe(404);
    const empty = Ratings.parse((await list('dateFrom=2026-12-01&dateTo=2026-12-31')).json());
    expect(empty).toEqual({ average: null, count: 0, by_day: [], by_school: [], by_dish: [], comments: [] });
    expect(Ratings.parse((await list(november, locked)).json()).by_dish.map((d) => d.dish.name)).toEqual([
      'Плов',
      'Чай',
    ]);
  });

  it('lets the observer read them; refuses a bad period (422), another organization’s school (404), a parent (403)', async () => {
    const observer = await signedIn(t.platform, { role: 'EducationObserver', organizationId: org });
    expect(Ratings.parse((await list(november, observer.token)).json()).count).toBe(4);
    for (const bad of [
      'dateFrom=2026-11-30&dateTo=2026-11-01',
      'dateFrom=2026-01-01&dateTo=2026-11-30',
      'dateTo=2026-11-30',
      'dateFrom=2026-13-01&dateTo=2026-11-30',
    ]) {
      const res = await list(bad);
      expect(res.statusCode, bad).toBe(422);
      expect(Object.values(res.json().validationErrors).flat(), bad).toContain(M.period);
    }
    const theirs = await list(`${november}&schoolId=${otherSchool.id}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().errorMessage).toBe(M.schoolNotFound);
    const parent = await signedIn(t.platform, { role: 'Parent', organizationId: null });
    expect((await list(november, parent.token)).statusCode).toBe(403);
    const cashier = await signedIn(t.platform, { role: 'EducationCashier', organizationId: org });
    expect((await list(november, cashier.token)).statusCode).toBe(403);
  });
});

describe('the meal a meal time is', () => {
  it('reads the meal mode from the meal time’s name in either language, any case; none from another name', () => {
    expect(['Обед', ' обед ', 'Түскі ас', 'Завтрак', 'Полдник второй смены', null].map(mealModeOf)).toEqual([
      3,
      3,
      3,
      1,
      null,
      null,
    ]);
  });
});
