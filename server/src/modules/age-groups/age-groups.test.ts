import { AGE_GROUP_MESSAGES as M } from '@tamaq/contract/age-groups';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, signedIn } from '../../../test/factories.ts';

/** docs/rules.md "Age groups and norms": what the catalogue's own tests (test/catalogues.test.ts) do not say. */
let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestContext();
  const organizationId = (await createOrganization(t.db, { type: 'education' })).id;
  token = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId, email: 'ages@test.kz' })).token;
});
afterAll(() => t.close());

const post = (payload: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/age/group', token, payload });
const list = async () => (await t.call({ method: 'GET', url: '/api/age/groups', token })).json();

describe('age groups', () => {
  it('are listed youngest first, named in both languages', async () => {
    expect((await post({ name: '11–18 лет', name_kk: '11–18 жас', age_from: 11, age_to: 18 })).statusCode).toBe(200);
    const younger = await post({ name: '6–10 лет', name_kk: '6–10 жас', age_from: '6', age_to: 10 });
    expect(younger.json()).toMatchObject({ name: '6–10 лет', name_kk: '6–10 жас', age_from: 6, age_to: 10 });
    expect((await list()).rows.map((r: { name: string }) => r.name)).toEqual(['6–10 лет', '11–18 лет']);
  });

  it('refuse ages out of 0–25, not whole, or «to» under «from», with the field named, and keep nothing', async () => {
    const before = (await list()).total;
    for (const [payload, field, message] of [
      [{ age_from: 12, age_to: 11 }, 'age_to', M.ageOrder],
      [{ age_from: -1, age_to: 5 }, 'age_from', M.age],
      [{ age_from: 3, age_to: 26 }, 'age_to', M.age],
      [{ age_from: 3.5, age_to: 7 }, 'age_from', M.age],
      [{ age_from: 'три', age_to: 7 }, 'age_from', M.age],
      [{ age_to: 7 }, 'age_from', M.age],
    ] as const) {
      const res = await post({ name: 'Группа', ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().validationErrors[field], JSON.stringify(payload)).toEqual([message]);
    }
    expect((await list()).total).toBe(before);
  });

  it('refuse a name the organization has already, whatever the letter case', async () => {
    const res = await post({ name: '6–10 ЛЕТ', age_from: 6, age_to: 9 });
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors.name).toEqual([M.nameTaken]);
  });
});
