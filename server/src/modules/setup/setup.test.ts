import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, createUser, signedIn } from '../../../test/factories.ts';
import {
  createCard,
  createClassroom,
  createFixationCategory,
  createFoodCategory,
  createPupil,
} from '../../../test/factories-people.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const progress = (token: string) => t.call({ method: 'GET', url: '/api/setup/progress', token });
const done = (res: { json(): unknown }) =>
  Object.fromEntries((res.json() as { steps: { key: string; done: boolean }[] }).steps.map((s) => [s.key, s.done]));

describe('GET /api/setup/progress', () => {
  it('ticks each step once the organization holds what it makes, and no other organization’s', async () => {
    const org = await createOrganization(t.db);
    const { token } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org.id });
    const fresh = await progress(token);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().steps.map((s: { key: string }) => s.key)).toEqual([
      'schools',
      'calendar',
      'meal_times',
      'food_categories',
      'classes',
      'pupils',
      'cards',
      'dishes',
      'menu',
      'cashier',
      'social_teacher',
    ]);
    expect(Object.values(done(fresh)).every((d) => d === false)).toBe(true);

    // Another organization's school, class, pupil and card tick nothing here.
    const other = await createOrganization(t.db);
    const otherClass = await createClassroom(t.db, { organizationId: other.id });
    const otherPupil = await createPupil(t.db, {
      organizationId: other.id,
      schoolId: otherClass.schoolId,
      classroomId: otherClass.id,
    });
    await createCard(t.db, { organizationId: other.id, userId: otherPupil.id });
    expect(Object.values(done(await progress(token))).some(Boolean)).toBe(false);

    const school = await createSchool(t.db, { organizationId: org.id });
    const klass = await createClassroom(t.db, { organizationId: org.id, schoolId: school.id });
    await createFixationCategory(t.db, { organizationId: org.id });
    await createFoodCategory(t.db, { organizationId: org.id, name: 'Бесплатное' });
    const pupil = await createPupil(t.db, { organizationId: org.id, schoolId: school.id, classroomId: klass.id });
    await createUser(t.db, { role: 'EducationCashier', organizationId: org.id });
    expect(done(await progress(token))).toEqual({
      schools: true,
      calendar: false,
      meal_times: true,
      food_categories: true,
      classes: true,
      pupils: true,
      cards: false,
      dishes: false,
      menu: false,
      cashier: true,
      social_teacher: false,
    });
    // A card on an employee is not a pupil's card.
    const cashier = await createUser(t.db, { role: 'EducationCashier', organizationId: org.id });
    await createCard(t.db, { organizationId: org.id, userId: cashier.id });
    expect(done(await progress(token)).cards).toBe(false);
    await createCard(t.db, { organizationId: org.id, userId: pupil.id });
    expect(done(await progress(token)).cards).toBe(true);
  });

  it('leaves out a kindergarten’s dishes, menu and social teacher', async () => {
    const org = await createOrganization(t.db, { type: 'kindergarten' });
    const { token } = await signedIn(t.platform, { role: 'EducationKindergartenAdmin', organizationId: org.id });
    const res = await progress(token);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(done(res))).toEqual([
      'schools',
      'calendar',
      'meal_times',
      'food_categories',
      'classes',
      'pupils',
      'cards',
      'cashier',
    ]);
  });

  it('answers 403 to a cashier and to a company admin, 401 without a session', async () => {
    const org = await createOrganization(t.db);
    const { token: cashier } = await signedIn(t.platform, { role: 'EducationCashier', organizationId: org.id });
    expect((await progress(cashier)).statusCode).toBe(403);
    const { token: company } = await signedIn(t.platform, { role: 'Admin' });
    expect((await progress(company)).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/setup/progress' })).statusCode).toBe(401);
  });
});
