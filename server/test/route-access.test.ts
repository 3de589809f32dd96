import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@tamaq/contract/roles';
import { createTestContext, type TestContext } from './test-app.ts';
import { createSchool, signedIn } from './factories.ts';

/**
 * Walks every /api route the app declares, so a route added later is covered without a new test:
 * nothing but the public routes answers without a token, and a role outside a route's list gets 403.
 */
let t: TestContext;
const tokens = new Map<Role, string>();

beforeAll(async () => {
  t = await createTestContext();
  const school = await createSchool(t.db);
  for (const role of ROLES) {
    const org = role === 'SuperAdmin' || role === 'Parent' ? null : school.organizationId;
    tokens.set(role, (await signedIn(t.platform, { role, organizationId: org })).token);
  }
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:(\w+)/g, (_m, name: string) => (/id$/i.test(name) ? '1' : 'x'));

describe('every /api route', () => {
  it('is declared (the app has routes to check)', () => {
    expect(t.app.routeAccess.length).toBeGreaterThan(5);
  });

  it('answers 401 without a token unless it is public', async () => {
    const open: string[] = [];
    for (const r of t.app.routeAccess.filter((r) => r.access !== 'public')) {
      const res = await t.call({
        method: r.method as 'GET',
        url: concrete(r.url),
        payload: r.method === 'GET' ? undefined : {},
      });
      if (res.statusCode !== 401) open.push(`${r.method} ${r.url} → ${res.statusCode}`);
      else expect(res.json()).toEqual({ error: 'Unauthorized', errorMessage: expect.any(String) });
    }
    expect(open).toEqual([]);
  });

  it('answers 401 to a forged or expired token', async () => {
    const r = t.app.routeAccess.find((x) => x.access === 'authenticated')!;
    const forged = `${tokens.get('Admin')!.slice(0, -4)}AAAA`;
    const res = await t.call({ method: r.method as 'GET', url: concrete(r.url), token: forged, payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 to a role outside the route list', async () => {
    const leaks: string[] = [];
    for (const r of t.app.routeAccess.filter((x) => Array.isArray(x.access))) {
      const allowed = r.access as readonly Role[];
      for (const role of ROLES.filter((x) => !allowed.includes(x) && x !== 'Student')) {
        const res = await t.call({
          method: r.method as 'GET',
          url: concrete(r.url),
          token: tokens.get(role),
          payload: r.method === 'GET' ? undefined : {},
        });
        if (res.statusCode !== 403) leaks.push(`${role}: ${r.method} ${r.url} → ${res.statusCode}`);
      }
    }
    expect(leaks).toEqual([]);
  });
});
