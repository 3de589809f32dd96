import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SchoolPace } from '@tamaq/contract/fixations';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, signedIn } from '../../../test/factories.ts';
import { createCard, createClassroom, createFoodCategory, createPupil } from '../../../test/factories-people.ts';

/** The queue's pace on /school/fixation: scans a minute, scans in 10 minutes, the class now. */
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('GET /api/school/fixation/pace', () => {
  it('counts the scans of the last minute and 10 minutes, and follows the class being served', async () => {
    // 10:00 in Almaty.
    t.clock.now = new Date('2026-11-20T05:00:00Z');
    const org = await createOrganization(t.db, { type: 'education' });
    const school = await createSchool(t.db, { organizationId: org.id });
    const sw = await createFoodCategory(t.db, { organizationId: org.id, type: 'sw' });
    const cashier = (await signedIn(t.platform, { role: 'EducationCashier', organizationId: org.id })).token;
    const admin = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org.id })).token;
    const classOf = async (name: string, size: number) => {
      const c = await createClassroom(t.db, { organizationId: org.id, schoolId: school.id, name });
      const cards = [];
      for (let i = 0; i < size; i++) {
        const p = await createPupil(t.db, {
          organizationId: org.id,
          schoolId: school.id,
          classroomId: c.id,
          foodCategoryId: sw.id,
        });
        cards.push({ id: p.id, card: (await createCard(t.db, { organizationId: org.id, userId: p.id })).number });
      }
      return { ...c, pupils: cards };
    };
    const a = await classOf('5 А', 4);
    const b = await classOf('5 Б', 2);
    const c = await classOf('6 В', 1);
    const scan = async (card: string) => {
      const res = await t.call({
        method: 'POST',
        url: '/api/school/fixation',
        token: cashier,
        payload: { cardId: card, schoolId: school.id },
      });
      expect(res.statusCode).toBe(200);
    };
    const pace = async (schoolId: unknown = school.id, token = cashier) =>
      t.call({ method: 'GET', url: `/api/school/fixation/pace?schoolId=${schoolId}`, token });
    const advance = (seconds: number) => t.clock.advance(seconds * 1000);

    expect(SchoolPace.parse((await pace()).json())).toEqual({
      lastMinute: 0,
      lastTenMinutes: 0,
      currentClass: null,
      at: '2026-11-20T05:00:00.000Z',
    });

    await scan(b.pupils[0]!.card);
    advance(120);
    await scan(a.pupils[0]!.card);
    advance(30);
    await scan(a.pupils[1]!.card);
    advance(20);
    await scan(a.pupils[2]!.card);
    // A meal marked by hand is no scan: it neither counts nor moves the class (the class's list keeps
    // the scanned pupil and adds the other).
    const marked = await t.call({
      method: 'POST',
      url: '/api/school/fixation/manual',
      token: admin,
      payload: {
        date: '2026-11-20',
        school_id: school.id,
        classroom_id: b.id,
        users_ids: [b.pupils[0]!.id, b.pupils[1]!.id],
      },
    });
    expect(marked.statusCode).toBe(200);

    expect(SchoolPace.parse((await pace()).json())).toEqual({
      lastMinute: 3,
      lastTenMinutes: 4,
      currentClass: {
        id: a.id,
        name: '5 А',
        name_ru: '5 А',
        name_kk: null,
        since: '2026-11-20T05:02:00.000Z',
        last: '2026-11-20T05:02:50.000Z',
        scans: 3,
        pupils: 4,
      },
      at: '2026-11-20T05:02:50.000Z',
    });

    // A minute later the last minute is empty; the class is still the one being served.
    advance(61);
    const later = SchoolPace.parse((await pace()).json());
    expect([later.lastMinute, later.lastTenMinutes, later.currentClass?.scans]).toEqual([0, 4, 3]);

    // Another class comes: its run starts anew.
    await scan(c.pupils[0]!.card);
    expect(SchoolPace.parse((await pace()).json()).currentClass).toMatchObject({
      name: '6 В',
      since: '2026-11-20T05:03:51.000Z',
      scans: 1,
      pupils: 1,
    });
    // 10 minutes after the last scan, nobody is being served.
    advance(600);
    expect(SchoolPace.parse((await pace()).json())).toMatchObject({
      lastMinute: 0,
      lastTenMinutes: 0,
      currentClass: null,
    });
  });

  it('refuses another organization’s school (422), a role without the screen (403) and no session (401)', async () => {
    const org = await createOrganization(t.db, { type: 'education' });
    const school = await createSchool(t.db, { organizationId: org.id });
    const foreign = await createSchool(t.db, {
      organizationId: (await createOrganization(t.db, { type: 'education' })).id,
    });
    const cashier = (await signedIn(t.platform, { role: 'EducationCashier', organizationId: org.id })).token;
    const call = (schoolId: unknown, token?: string) =>
      t.call({ method: 'GET', url: `/api/school/fixation/pace?schoolId=${schoolId}`, ...(token ? { token } : {}) });
    const refused = await call(foreign.id, cashier);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().validationErrors.schoolId).toEqual(['Школа не найдена']);
    expect((await call('abc', cashier)).statusCode).toBe(422);
    const librarian = (await signedIn(t.platform, { role: 'EducationLibrarian', organizationId: org.id })).token;
    expect((await call(school.id, librarian)).statusCode).toBe(403);
    expect((await call(school.id)).statusCode).toBe(401);
  });
});
