import { inArray } from 'drizzle-orm';
import { USER_MESSAGES } from '@tamaq/contract/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../platform/db/schema-people.ts';
import { localDate } from '../../platform/time.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, createUser, signedIn } from '../../../test/factories.ts';
import { createClassroom, createFoodCategory, createPupil } from '../../../test/factories-people.ts';

let t: TestContext;
let orgId: number;
let school: number;
let school2: number;
let klass: number;
let sw: number;
let paid: number;
let otherCategory: number;
let otherPupil: number;
const tokens = {} as Record<'admin' | 'locked2' | 'social' | 'cashier', string>;

beforeAll(async () => {
  t = await createTestContext();
  orgId = (await createOrganization(t.db)).id;
  school = (await createSchool(t.db, { organizationId: orgId })).id;
  school2 = (await createSchool(t.db, { organizationId: orgId })).id;
  klass = (await createClassroom(t.db, { organizationId: orgId, schoolId: school })).id;
  sw = (await createFoodCategory(t.db, { organizationId: orgId, name: 'Соцкошелёк', type: 'sw' })).id;
  paid = (await createFoodCategory(t.db, { organizationId: orgId, name: 'Платное', type: 'common' })).id;
  const otherOrg = (await createOrganization(t.db)).id;
  otherCategory = (await createFoodCategory(t.db, { organizationId: otherOrg, type: 'sw' })).id;
  const otherSchool = (await createSchool(t.db, { organizationId: otherOrg })).id;
  const otherClass = (await createClassroom(t.db, { organizationId: otherOrg, schoolId: otherSchool })).id;
  otherPupil = (await createPupil(t.db, { organizationId: otherOrg, schoolId: otherSchool, classroomId: otherClass }))
    .id;
  tokens.admin = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId })).token;
  tokens.locked2 = (
    await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId, schoolId: school2 })
  ).token;
  tokens.social = (await signedIn(t.platform, { role: 'EducationSocialTeacher', organizationId: orgId })).token;
  tokens.cashier = (await signedIn(t.platform, { role: 'EducationCashier', organizationId: orgId })).token;
});
afterAll(() => t.close());

const kids = (n: number, foodCategoryId: number | null = null) =>
  Promise.all(
    Array.from({ length: n }, () =>
      createPupil(t.db, { organizationId: orgId, schoolId: school, classroomId: klass, foodCategoryId }),
    ),
  ).then((rows) => rows.map((r) => r.id));
const send = (body: object, token = tokens.admin) =>
  t.call({ method: 'POST', url: '/api/users/food-category', token, payload: body });
const stateOf = async (ids: number[]) =>
  (
    await t.db
      .select({
        id: users.id,
        category: users.foodCategoryId,
        set: users.socialWalletSetDate,
        reset: users.socialWalletResetDate,
      })
      .from(users)
      .where(inArray(users.id, ids))
  ).sort((a, b) => a.id - b.id);

describe('POST /api/users/food-category', () => {
  it('checks first without writing, then gives the category to every pupil in one go, dating the wallets', async () => {
    const ids = [...(await kids(2)), ...(await kids(1, sw))];
    const before = await stateOf(ids);
    const check = await send({ userIds: ids, food_category_id: sw, check: true });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ changed: 2, unchanged: 1, walletStarted: 2, walletEnded: 0 });
    expect(await stateOf(ids)).toEqual(before);

    expect((await send({ userIds: ids, food_category_id: sw })).json()).toEqual({
      changed: 2,
      unchanged: 1,
      walletStarted: 2,
      walletEnded: 0,
    });
    const today = localDate(t.clock.now, 'Asia/Almaty');
    const after = await stateOf(ids);
    expect(after.map((r) => r.category)).toEqual([sw, sw, sw]);
    expect(after.slice(0, 2).map((r) => [r.set, r.reset])).toEqual([
      [today, null],
      [today, null],
    ]);

    // Moving them to paid meals ends the wallets; none at all too.
    expect((await send({ userIds: ids, food_category_id: paid })).json()).toMatchObject({ changed: 3, walletEnded: 3 });
    expect((await stateOf(ids)).map((r) => r.reset)).toEqual([today, today, today]);
    expect((await send({ userIds: ids, food_category_id: null })).json()).toMatchObject({ changed: 3, walletEnded: 0 });
  });

  it('dates the wallets as the list says (a list that came late), the pupils already in it too', async () => {
    const ids = await kids(2);
    const [already] = await kids(1, sw);
    const all = [...ids, already!];
    const body = {
      userIds: all,
      food_category_id: sw,
      social_wallet_from: '2025-09-01',
      social_wallet_to: '2099-05-25',
      social_wallet_order: '№ 12',
    };
    expect((await send({ ...body, check: true })).json()).toEqual({
      changed: 3,
      unchanged: 0,
      walletStarted: 2,
      walletEnded: 0,
    });
    expect((await send(body)).json()).toMatchObject({ changed: 3, walletStarted: 2 });
    const rows = await t.db
      .select({ set: users.socialWalletSetDate, reset: users.socialWalletResetDate, order: users.socialWalletOrder })
      .from(users)
      .where(inArray(users.id, all));
    expect(rows).toEqual(Array(3).fill({ set: '2025-09-01', reset: '2099-05-26', order: '№ 12' }));
    // The same again changes nothing.
    expect((await send(body)).json()).toMatchObject({ changed: 0, unchanged: 3 });
    // A start in the future is refused for all, and nothing is written.
    const future = await send({ ...body, social_wallet_from: '2099-01-01', social_wallet_to: null });
    expect(future.statusCode).toBe(422);
    expect(future.json().validationErrors).toHaveProperty('social_wallet_from');
    const order = await send({ ...body, social_wallet_from: '2025-10-01', social_wallet_to: '2025-09-30' });
    expect(Object.keys(order.json().validationErrors)).toEqual(['social_wallet_to']);
    expect(
      (await t.db.select({ reset: users.socialWalletResetDate }).from(users).where(inArray(users.id, all))).map(
        (r) => r.reset,
      ),
    ).toEqual(Array(3).fill('2099-05-26'));
  });

  it('writes nothing when one of the people is not a pupil, not the caller’s, or missing', async () => {
    const ids = await kids(2);
    const teacher = (await createUser(t.db, { organizationId: orgId, schoolId: school, email: null })).id;
    const notPupil = await send({ userIds: [...ids, teacher], food_category_id: sw });
    expect(notPupil.statusCode).toBe(422);
    expect(notPupil.json().validationErrors.userIds).toEqual([USER_MESSAGES.notAllPupils]);
    expect((await send({ userIds: [...ids, otherPupil], food_category_id: sw })).statusCode).toBe(404);
    expect((await send({ userIds: [...ids, 99_999_999], food_category_id: sw })).statusCode).toBe(404);
    expect((await send({ userIds: ids, food_category_id: sw }, tokens.locked2)).statusCode).toBe(404);
    const foreign = await send({ userIds: ids, food_category_id: otherCategory });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().validationErrors.food_category_id).toEqual([USER_MESSAGES.foodCategoryNotFound]);
    expect((await stateOf(ids)).map((r) => r.category)).toEqual([null, null]);
  });

  it('answers 422 on an empty or malformed list, lets a social teacher do it, and 403 to a cashier', async () => {
    expect((await send({ userIds: [], food_category_id: sw })).statusCode).toBe(422);
    expect((await send({ userIds: ['x'], food_category_id: sw })).statusCode).toBe(422);
    expect((await send({ userIds: [1] })).statusCode).toBe(422);
    const ids = await kids(1);
    expect((await send({ userIds: ids, food_category_id: paid }, tokens.social)).json().changed).toBe(1);
    expect((await send({ userIds: ids, food_category_id: sw }, tokens.cashier)).statusCode).toBe(403);
  });
});
