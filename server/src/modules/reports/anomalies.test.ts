import { AnomalyReport } from '@tamaq/contract/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, signedIn } from '../../../test/factories.ts';
import {
  createCard,
  createClassroom,
  createFixationCategory,
  createFoodCategory,
  createPupil,
} from '../../../test/factories-people.ts';
import { visits } from '../../platform/db/schema-people.ts';

/**
 * The anomalies report: a card at two places within 10 minutes, a class with more visits
 * in a meal time than pupils, visits marked by hand outside the meal times. Each built by hand, with
 * a near miss beside it that must not be listed.
 */
let t: TestContext;
let org: { id: number };
let schoolA: { id: number };
let schoolB: { id: number };
let admin: string;
const DAY = '2026-11-18';
/** Almaty is UTC+5: 08:30 local is 03:30Z. */
const at = (localTime: string) => new Date(`${DAY}T${localTime}:00+05:00`);

beforeAll(async () => {
  t = await createTestContext();
  org = await createOrganization(t.db, { type: 'education', timeZone: 'Asia/Almaty' });
  schoolA = await createSchool(t.db, { organizationId: org.id, name: 'Школа А' });
  schoolB = await createSchool(t.db, { organizationId: org.id, name: 'Школа Б' });
  const breakfast = await createFixationCategory(t.db, {
    organizationId: org.id,
    name: 'Завтрак',
    timeStart: '08:00',
    timeFinish: '10:00',
  });
  const lunch = await createFixationCategory(t.db, {
    organizationId: org.id,
    name: 'Обед',
    timeStart: '12:00',
    timeFinish: '14:00',
  });
  const food = await createFoodCategory(t.db, { organizationId: org.id, type: 'sw' });
  const markedBy = await signedIn(t.platform, {
    role: 'EducationAdmin',
    organizationId: org.id,
    name: 'Гульмира Отметкина',
  });
  admin = markedBy.token;
  const classA = await createClassroom(t.db, { organizationId: org.id, schoolId: schoolA.id, name: '3 А' });
  const classB = await createClassroom(t.db, { organizationId: org.id, schoolId: schoolB.id, name: '4 Б' });
  const pupil = async (name: string, classroomId: number, schoolId: number) => {
    const p = await createPupil(t.db, { organizationId: org.id, schoolId, classroomId, name, foodCategoryId: food.id });
    return { ...p, card: await createCard(t.db, { organizationId: org.id, userId: p.id, number: `AN-${p.id}` }) };
  };
  const lender = await pupil('Арман Дважды', classA.id, schoolA.id);
  const slow = await pupil('Бота Нескоро', classA.id, schoolA.id);
  const other = await pupil('Вика Другая', classB.id, schoolB.id);
  const visit = (
    p: { id: number; card: { id: number } },
    schoolId: number,
    classroomId: number,
    time: string,
    extra: Partial<typeof visits.$inferInsert> = {},
  ) => ({
    organizationId: org.id,
    schoolId,
    userId: p.id,
    cardId: p.card.id,
    classroomId,
    foodCategoryId: food.id,
    fixationCategoryId: breakfast.id,
    visitDate: DAY,
    createdAt: at(time),
    oneTime: false,
    ...extra,
  });
  await t.db.insert(visits).values([
    // Arman's card at school A at 08:30 and at school B at 08:35: listed.
    visit(lender, schoolA.id, classA.id, '08:30'),
    visit(lender, schoolB.id, classA.id, '08:35'),
    // Bota's at A at 08:30 and at B at 08:45, 15 minutes apart: not listed.
    visit(slow, schoolA.id, classA.id, '08:30'),
    visit(slow, schoolB.id, classA.id, '08:45'),
    // Class 4 Б has one pupil and three breakfast visits under its name (two cards lent to it): listed.
    visit(other, schoolB.id, classB.id, '08:40'),
    visit(lender, schoolB.id, classB.id, '08:50', { cardId: null }),
    visit(slow, schoolB.id, classB.id, '08:55', { cardId: null }),
    // Marked by hand at 16:00, outside every meal time: listed; at 12:30, in lunch: not; a scan at 16:00: not.
    visit(other, schoolB.id, classB.id, '16:00', {
      manual: true,
      fixationCategoryId: null,
      createdBy: markedBy.user.id,
    }),
    visit(other, schoolB.id, classB.id, '12:30', { manual: true, fixationCategoryId: lunch.id }),
    visit(slow, schoolA.id, classA.id, '16:00', { fixationCategoryId: null, cardId: null }),
  ]);
});
afterAll(() => t.close());

const get = (query: string, token = admin) => t.call({ method: 'GET', url: `/api/report/anomalies?${query}`, token });

describe('GET /api/report/anomalies', () => {
  it('lists a card at two places within 10 minutes, a crowded class and a hand mark outside the meal times', async () => {
    const res = await get(`dateFrom=${DAY}&dateTo=${DAY}`);
    expect(res.statusCode).toBe(200);
    const r = AnomalyReport.parse(res.json());
    expect(r.cardTwice).toEqual([
      {
        card: expect.stringMatching(/^AN-/),
        user: { id: expect.any(Number), name: 'Арман Дважды' },
        first: { at: at('08:30').toISOString(), place: { kind: 'school', id: schoolA.id, name: 'Школа А' } },
        second: { at: at('08:35').toISOString(), place: { kind: 'school', id: schoolB.id, name: 'Школа Б' } },
        minutes: 5,
      },
    ]);
    expect(r.crowdedClasses).toEqual([
      {
        date: DAY,
        school: { id: schoolB.id, name: 'Школа Б', name_ru: 'Школа Б', name_kk: null },
        classroom: { id: expect.any(Number), name: '4 Б' },
        category: 'Завтрак',
        visits: 3,
        pupils: 1,
      },
    ]);
    expect(r.manualOutside.map((m) => [m.user.name, m.at, m.place.name, m.markedBy])).toEqual([
      ['Вика Другая', at('16:00').toISOString(), 'Школа Б', 'Гульмира Отметкина'],
    ]);
  });

  it('narrows to a school, a locked user’s own, and an empty period is empty', async () => {
    const a = AnomalyReport.parse((await get(`schoolId=${schoolA.id}&dateFrom=${DAY}&dateTo=${DAY}`)).json());
    // The card seen at A then at B concerns both schools; the crowded class and the hand mark are B's.
    expect([a.cardTwice.length, a.crowdedClasses.length, a.manualOutside.length]).toEqual([1, 0, 0]);
    const { token } = await signedIn(t.platform, {
      role: 'EducationAdmin',
      organizationId: org.id,
      schoolId: schoolB.id,
    });
    const b = AnomalyReport.parse((await get(`dateFrom=${DAY}&dateTo=${DAY}`, token)).json());
    expect([b.cardTwice.length, b.crowdedClasses.length, b.manualOutside.length]).toEqual([1, 1, 1]);
    expect((await get(`schoolId=${schoolA.id}&dateFrom=${DAY}&dateTo=${DAY}`, token)).statusCode).toBe(404);
    const none = AnomalyReport.parse((await get('dateFrom=2026-11-19&dateTo=2026-11-30')).json());
    expect([none.cardTwice, none.crowdedClasses, none.manualOutside]).toEqual([[], [], []]);
  });

  it('answers bad filters with 422, another organization’s school with 404, other roles with 403', async () => {
    expect((await get(`dateFrom=${DAY}`)).json().validationErrors).toEqual({ dateTo: ['Укажите дату «по»'] });
    expect((await get('dateFrom=2026-11-20&dateTo=2026-11-01')).json().validationErrors).toEqual({
      dateTo: ['Дата «по» раньше даты «с»'],
    });
    expect((await get('dateFrom=2025-01-01&dateTo=2026-11-01')).statusCode).toBe(422);
    const foreign = await createSchool(t.db, { organizationId: (await createOrganization(t.db)).id });
    expect((await get(`schoolId=${foreign.id}&dateFrom=${DAY}&dateTo=${DAY}`)).statusCode).toBe(404);
    for (const role of ['EducationCashier', 'EducationSocialTeacher', 'EducationLibrarian'] as const) {
      const { token } = await signedIn(t.platform, { role, organizationId: org.id });
      expect((await get(`dateFrom=${DAY}&dateTo=${DAY}`, token)).statusCode, role).toBe(403);
    }
  });
});
