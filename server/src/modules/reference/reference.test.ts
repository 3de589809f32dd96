import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { signedIn } from '../../../test/factories.ts';

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await createTestContext();
  ({ token } = await signedIn(t.platform, { role: 'EducationAdmin' }));
});
afterAll(() => t.close());

describe('GET /api/users/roles', () => {
  it('lists the 12 roles by id with their token names', async () => {
    const res = await t.call({ method: 'GET', url: '/api/users/roles', token });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { id: number; name: string; code: string }[];
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual({ id: 1, name: 'Супер администратор', code: 'SuperAdmin' });
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(rows.at(-1)!.code).toBe('Student');
  });

  it('answers 401 without a token', async () => {
    const res = await t.call({ method: 'GET', url: '/api/users/roles' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Unauthorized');
  });
});

describe('GET /api/regions', () => {
  it('lists the 20 regions in Russian alphabetical order', async () => {
    const res = await t.call({ method: 'GET', url: '/api/regions', token });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { id: number; name: string }[];
    expect(rows).toHaveLength(20);
    expect(rows[0]).toEqual({ id: expect.any(Number), name: 'Абайская область' });
    const names = rows.map((r) => r.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('ru').compare));
    expect(names).toContain('г. Алматы');
  });

  it('answers 401 without a token', async () => {
    const res = await t.call({ method: 'GET', url: '/api/regions' });
    expect(res.statusCode).toBe(401);
  });
});
