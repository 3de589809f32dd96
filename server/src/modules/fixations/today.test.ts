import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, createUser, signedIn } from '../../../test/factories.ts';
import {
  createCanteen,
  createCard,
  createClassroom,
  createFixationCategory,
  createFoodCategory,
  createPupil,
  createWatch,
} from '../../../test/factories-people.ts';
import { users } from '../../platform/db/schema-people.ts';

/** «Сегодня: N из M» on the scanning screens: who ate today of those who may. */
let t: TestContext;

// 16:30 UTC is 01:30 on the 21st in Tokyo: «today» there began at 15:00 UTC.
const NOW = new Date('2026-11-20T16:30:00Z');
const at = (iso: string) => ({ scannedAt: iso });

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.now = new Date(NOW);
});

describe('GET /api/school/fixation/today', () => {
  it('counts the pupils fed today in the organization’s zone, of the live pupils with a food category', async () => {
    const org = await createOrganization(t.db, { type: 'education', timeZone: 'Asia/Tokyo' });
    const school = await createSchool(t.db, { organizationId: org.id });
    const classroom = await createClassroom(t.db, { organizationId: org.id, schoolId: school.id });
    const sw = await createFoodCategory(t.db, { organizationId: org.id, type: 'sw' });
    const cashier = (await signedIn(t.platform, { role: 'EducationCashier', organizationId: org.id })).token;
    const pupil = async (foodCategoryId: number | null) => {
      const p = await createPupil(t.db, {
        organizationId: org.id,
        schoolId: school.id,
        classroomId: classroom.id,
        foodCategoryId,
      });
      return { p, card: await createCard(t.db, { organizationId: org.id, userId: p.id }) };
    };
    const [a, b, c] = [await pupil(sw.id), await pupil(sw.id), await pupil(sw.id)];
    await pupil(null); // not entitled: not counted
    const gone = await pupil(sw.id);
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.p.id));
    const scan = (card: string, extra: Record<string, unknown> = {}) =>
      t.call({
        method: 'POST',
        url: '/api/school/fixation',
        token: cashier,
        payload: { cardId: card, schoolId: school.id, ...extra },
      });
    const today = (token = cashier, schoolId: unknown = school.id) =>
      t.call({ method: 'GET', url: `/api/school/fixation/today?schoolId=${schoolId}`, token });

    expect((await today()).json()).toEqual({ fed: 0, total: 3 });
    // 23:59 on the 20th in Tokyo: yesterday's meal. 00:00 on the 21st: today's.
    expect((await scan(a.card.number, at('2026-11-20T14:59:00Z'))).statusCode).toBe(200);
    expect((await scan(b.card.number, at('2026-11-20T15:00:00Z'))).statusCode).toBe(200);
    expect((await scan(c.card.number)).statusCode).toBe(200);
    expect((await today()).json()).toEqual({ fed: 2, total: 3 });

    const other = await createOrganization(t.db, { type: 'education' });
    const foreign = await createSchool(t.db, { organizationId: other.id });
    const refused = await today(cashier, foreign.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().validationErrors.schoolId).toBeDefined();
    expect((await today(cashier, 'abc')).statusCode).toBe(422);
    const librarian = (await signedIn(t.platform, { role: 'EducationLibrarian', organizationId: org.id })).token;
    expect((await today(librarian)).statusCode).toBe(403);
  });
});

describe('GET /api/fixation/today', () => {
  it('counts the people fed today in the canteen, of the card holders without a role on a watch day', async () => {
    const org = await createOrganization(t.db, { type: 'company', timeZone: 'Asia/Tokyo' });
    const canteen = await createCanteen(t.db, { organizationId: org.id });
    const elsewhere = await createCanteen(t.db, { organizationId: org.id });
    await createFixationCategory(t.db, { organizationId: org.id, timeStart: '00:00', timeFinish: '23:59' });
    const cashier = (await signedIn(t.platform, { role: 'Cashier', organizationId: org.id })).token;
    const holder = async (opts: { endless?: boolean; watchDays?: number[]; role?: boolean } = {}) => {
      const watch = opts.watchDays ? await createWatch(t.db, { organizationId: org.id, days: opts.watchDays }) : null;
      const u = opts.role
        ? await createUser(t.db, { role: 'Cashier', organizationId: org.id })
        : await createUser(t.db, {
            role: undefined as never,
            roleId: null,
            organizationId: org.id,
            watchId: watch?.id ?? null,
          });
      return {
        u,
        card: await createCard(t.db, { organizationId: org.id, userId: u.id, endlessUse: opts.endless ?? false }),
      };
    };
    const endless = await holder({ endless: true });
    const onWatch = await holder({ watchDays: [21, 22] });
    const third = await holder();
    await holder({ watchDays: [1, 2] }); // not a watch day on the 21st
    await holder({ role: true }); // staff with a card: not counted
    await createUser(t.db, { role: undefined as never, roleId: null, organizationId: org.id }); // no card
    const scan = (card: string, canteenId = canteen.id, extra: Record<string, unknown> = {}) =>
      t.call({ method: 'POST', url: '/api/fixation', token: cashier, payload: { cardId: card, canteenId, ...extra } });
    const today = (token = cashier, canteenId = canteen.id) =>
      t.call({ method: 'GET', url: `/api/fixation/today?canteenId=${canteenId}`, token });

    expect((await today()).json()).toEqual({ fed: 0, total: 3 });
    expect((await scan(endless.card.number)).statusCode).toBe(200);
    t.clock.advance(5000);
    expect((await scan(endless.card.number)).statusCode).toBe(200);
    expect((await scan(onWatch.card.number)).statusCode).toBe(200);
    expect((await scan(third.card.number, elsewhere.id)).statusCode).toBe(200);
    // An endless card eats twice but is one person; a meal in another canteen counts there.
    expect((await today()).json()).toEqual({ fed: 2, total: 3 });
    expect((await today(cashier, elsewhere.id)).json()).toEqual({ fed: 1, total: 3 });

    const other = await createOrganization(t.db, { type: 'company' });
    const foreign = await createCanteen(t.db, { organizationId: other.id });
    expect((await today(cashier, foreign.id)).statusCode).toBe(422);
    const economist = (await signedIn(t.platform, { role: 'Economist', organizationId: org.id })).token;
    expect((await today(economist)).statusCode).toBe(403);
  });
});
