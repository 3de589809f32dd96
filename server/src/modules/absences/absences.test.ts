import { eq } from 'drizzle-orm';
import { AbsenceList } from '@tamaq/contract/absences';
import { WalletReport as WalletReportShape } from '@tamaq/contract/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, signedIn } from '../../../test/factories.ts';
import { createClassroom, createFoodCategory, createPupil } from '../../../test/factories-people.ts';
import { auditLog } from '../../platform/db/schema.ts';
import { absences } from '../../platform/db/schema-calendar.ts';
import { visits } from '../../platform/db/schema-people.ts';

/** docs/rules.md "Absences": a class's marks of a day, and what they do to who was due a meal. */
let t: TestContext;
let org: number;
let school: number;
let klass: number;
let admin: string;
let pupils: { id: number; name: string }[];
let swId: number;

beforeAll(async () => {
  t = await createTestContext();
  // Wednesday 2 December 2026, in Almaty.
  t.clock.now = new Date('2026-12-02T05:00:00Z');
  org = (await createOrganization(t.db, { type: 'education' })).id;
  school = (await createSchool(t.db, { organizationId: org })).id;
  klass = (await createClassroom(t.db, { organizationId: org, schoolId: school, name: '3 «А»' })).id;
  const sw = await createFoodCategory(t.db, { organizationId: org, name: 'Соцкошелёк', type: 'sw', cost: '700.00' });
  swId = sw.id;
  admin = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org })).token;
  pupils = [];
  for (const name of ['Айгерим', 'Болат', 'Дана']) {
    pupils.push(
      await createPupil(t.db, {
        organizationId: org,
        schoolId: school,
        classroomId: klass,
        name,
        foodCategoryId: sw.id,
        socialWalletSetDate: '2026-09-01',
      }),
    );
  }
});
afterAll(() => t.close());

const list = async (date: string, token = admin) => {
  const res = await t.call({ method: 'GET', url: `/api/absences?classroomId=${klass}&date=${date}`, token });
  expect(res.statusCode).toBe(200);
  return AbsenceList.parse(res.json());
};
const save = (body: object, token = admin) => t.call({ method: 'PUT', url: '/api/absences', token, payload: body });
const idOf = (name: string) => pupils.find((p) => p.name === name)!.id;

describe('/api/absences', () => {
  it('marks exactly the pupils saved as away on a school day, and lists them, audited', async () => {
    const first = await save({ classroom_id: klass, date: '2026-12-01', absent_ids: [idOf('Айгерим'), idOf('Болат')] });
    expect(first.json()).toEqual({ absent: 2, added: 2, removed: 0 });
    const again = await save({ classroom_id: klass, date: '2026-12-01', absent_ids: [idOf('Болат')] });
    expect(again.json()).toEqual({ absent: 1, added: 0, removed: 1 });
    const day = await list('2026-12-01');
    expect(day.day.kind).toBe('working');
    expect(day.pupils.map((p) => [p.name, p.absent, p.ate_at])).toEqual([
      ['Айгерим', false, null],
      ['Болат', true, null],
      ['Дана', false, null],
    ]);
    const logged = await t.db.select().from(auditLog).where(eq(auditLog.action, 'absences_set'));
    expect(logged).toHaveLength(2);
  });

  it('shows a meal that day beside the mark: the child came', async () => {
    await t.db.insert(visits).values({
      organizationId: org,
      schoolId: school,
      userId: idOf('Болат'),
      classroomId: klass,
      foodCategoryId: swId,
      cost: '700.00',
      visitDate: '2026-12-01',
      createdAt: new Date('2026-12-01T06:31:00Z'),
    });
    const day = await list('2026-12-01');
    expect(day.pupils.find((p) => p.name === 'Болат')).toMatchObject({
      absent: true,
      ate_at: '2026-12-01T06:31:00.000Z',
    });
  });

  it('refuses a day the school does not work, a day too far ahead, a pupil of another class, writing nothing', async () => {
    const before = (await t.db.select().from(absences)).length;
    const other = await createClassroom(t.db, { organizationId: org, schoolId: school, name: '4 «Б»' });
    const stranger = await createPupil(t.db, { organizationId: org, schoolId: school, classroomId: other.id });
    const cases: [object, string, string][] = [
      [
        { classroom_id: klass, date: '2026-12-16', absent_ids: [] },
        'date',
        'В этот день школа не работает (праздник, выходной или каникулы): отсутствующих не отмечают',
      ],
      [
        { classroom_id: klass, date: '2026-12-05', absent_ids: [] },
        'date',
        'В этот день школа не работает (праздник, выходной или каникулы): отсутствующих не отмечают',
      ],
      [{ classroom_id: klass, date: '2026-12-30', absent_ids: [] }, 'date', 'Отметить можно до 14 дней вперёд'],
      [{ classroom_id: klass, date: '01.12.2026', absent_ids: [] }, 'date', 'Укажите дату в виде ДД.ММ.ГГГГ'],
      [
        { classroom_id: klass, date: '2026-12-01', absent_ids: [stranger.id] },
        'absent_ids',
        'Этого ученика нет в классе: обновите страницу',
      ],
      [{ classroom_id: klass, date: '2026-12-01', absent_ids: ['x'] }, 'absent_ids.0', ''],
    ];
    for (const [payload, field, message] of cases) {
      const res = await save(payload);
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 422 });
      const errors = res.json().validationErrors as Record<string, string[]>;
      expect(Object.keys(errors)).toEqual([field]);
      if (message) expect(errors[field]![0]).toBe(message);
    }
    expect((await t.db.select().from(absences)).length).toBe(before);
  });

  it("answers 404 for another organization's class and 403 to a role without the screen", async () => {
    const theirs = await createClassroom(t.db, { organizationId: (await createOrganization(t.db)).id });
    const res = await t.call({
      method: 'GET',
      url: `/api/absences?classroomId=${theirs.id}&date=2026-12-01`,
      token: admin,
    });
    expect(res.statusCode).toBe(404);
    expect((await save({ classroom_id: theirs.id, date: '2026-12-01', absent_ids: [] })).statusCode).toBe(404);
    const cashier = (await signedIn(t.platform, { role: 'EducationCashier', organizationId: org })).token;
    expect((await save({ classroom_id: klass, date: '2026-12-01', absent_ids: [] }, cashier)).statusCode).toBe(403);
    const teacher = (await signedIn(t.platform, { role: 'EducationSocialTeacher', organizationId: org })).token;
    expect((await list('2026-12-01', teacher)).pupils).toHaveLength(3);
  });

  it('leaves an absent pupil out of who was due a meal, unless they ate: the reconciliation and the statistics', async () => {
    t.clock.now = new Date('2027-01-15T05:00:00Z');
    const res = await t.call({
      method: 'GET',
      url: `/api/report/school/social-wallet?schoolId=${school}&month=2026-12`,
      token: admin,
    });
    const report = WalletReportShape.parse(res.json());
    const due = Object.fromEntries(report.classes.flatMap((c) => c.pupils.map((p) => [p.name, [p.due, p.marks[0]]])));
    // 19 working days; Болат marked away on the 1st but fed: due and served. Айгерим's mark was taken off.
    expect(due).toEqual({ Айгерим: [19, 'missed'], Болат: [19, 'served'], Дана: [19, 'missed'] });
    await save({ classroom_id: klass, date: '2026-12-01', absent_ids: [idOf('Болат'), idOf('Дана')] });
    const after = WalletReportShape.parse(
      (
        await t.call({
          method: 'GET',
          url: `/api/report/school/social-wallet?schoolId=${school}&month=2026-12`,
          token: admin,
        })
      ).json(),
    );
    const dana = after.classes[0]!.pupils.find((p) => p.name === 'Дана')!;
    expect([dana.due, dana.marks[0]]).toEqual([18, 'none']);
    const observer = (await signedIn(t.platform, { role: 'EducationObserver', organizationId: org })).token;
    const stats = await t.call({
      method: 'GET',
      url: `/api/report/school/statistics?schoolId=${school}&dateFrom=2026-12-01&dateTo=2026-12-31`,
      token: observer,
    });
    expect(stats.json().servings_received_total).toBe(19 * 3 - 1);
  });
});
