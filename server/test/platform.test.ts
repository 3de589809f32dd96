import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test-app.ts';
import { signedIn } from './factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers 200 with the database up, without a token', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up', version: '0.0.1' });
  });
});

describe('unknown routes', () => {
  it('answer 404 in the spec shape', async () => {
    const res = await t.call({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found', errorMessage: 'Не найдено' });
  });
});

describe('CSRF double submit', () => {
  it('hands out the XSRF-TOKEN cookie', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value).toMatch(/^[\w-]{20,}$/);
  });

  it('refuses a browser write without the header and accepts it with the header', async () => {
    const { token } = await signedIn(t.platform, { role: 'Admin' });
    const cookie = 'XSRF-TOKEN=abcdefghijklmnopqrstuvwxyz';
    const without = await t.call({ method: 'POST', url: '/api/auth/refresh', token, headers: { cookie } });
    expect(without.statusCode).toBe(403);
    expect(without.json().errorMessage).toMatch(/обновите страницу/);
    const wrong = await t.call({ method: 'POST', url: '/api/auth/refresh', token, headers: { cookie, 'x-xsrf-token': 'nope' } });
    expect(wrong.statusCode).toBe(403);
  });
});
