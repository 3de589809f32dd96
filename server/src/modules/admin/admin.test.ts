import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, createUser, signedIn } from '../../../test/factories.ts';
import { createCard, createPupil } from '../../../test/factories-people.ts';
import { visits } from '../../platform/db/schema-people.ts';

let t: TestContext;
beforeAll(async () => {
  // 20:30 UTC: already the next day in Almaty (UTC+5), still this day in London.
  t = await createTestContext();
  t.clock.now = new Date('2025-03-10T20:30:00Z');
});
afterAll(() => t.close());

const summary = (token: string) => t.call({ method: 'GET', url: '/api/admin/summary', token });

describe('GET /api/admin/summary', () => {
  it('counts organizations, schools, live pupils, cards and visits of today in each organization’s zone', async () => {
    const { token } = await signedIn(t.platform, { role: 'SuperAdmin' });
    const almaty = await createOrganization(t.db, { type: 'education' });
    const london = await createOrganization(t.db, { type: 'company', timeZone: 'Europe/London' });
    const school = await createSchool(t.db, { organizationId: almaty.id });
    const pupil = await createPupil(t.db, { organizationId: almaty.id });
    await createPupil(t.db, { organizationId: almaty.id, deletedAt: new Date() });
    const worker = await createUser(t.db, { organizationId: london.id });
    await createCard(t.db, { organizationId: almaty.id, userId: pupil.id });
    await createCard(t.db, { organizationId: london.id });
    await t.db.insert(visits).values([
      { organizationId: almaty.id, schoolId: school.id, userId: pupil.id, visitDate: '2025-03-11' },
      { organizationId: almaty.id, schoolId: school.id, userId: pupil.id, visitDate: '2025-03-10' },
      { organizationId: london.id, userId: worker.id, visitDate: '2025-03-10' },
      { organizationId: london.id, userId: worker.id, visitDate: '2025-03-11' },
    ]);

    const res = await summary(token);
    expect(res.statusCode).toBe(200);
    // createPupil makes a school of the organization for each pupil given no classroom.
    expect(res.json()).toEqual({
      organizations: 2,
      schools: 3,
      pupils: 1,
      cards: 2,
      visits_today: 2,
    });
  });

  it('answers 403 to an admin', async () => {
    const { token } = await signedIn(t.platform, { role: 'Admin' });
    expect((await summary(token)).statusCode).toBe(403);
  });

  it('answers 401 without a token', async () => {
    expect((await t.call({ method: 'GET', url: '/api/admin/summary' })).statusCode).toBe(401);
  });
});
