import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@tamaq/contract/errors';
import { ROLES, type Role } from '@tamaq/contract/roles';
import { ROUTE_MODULES } from '@tamaq/contract/routes';
import { createTestContext, type TestContext } from './test-app.ts';
import { createOrganization, createSchool, signedIn } from './factories.ts';

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

describe('every route of a module', () => {
  const moduleRoutes = () => t.app.routeAccess.filter((r) => r.module !== undefined);

  it('is declared with its module: each library call needs the library', () => {
    // The library's calls are the book ones: /api/book, /api/book/…, /api/books/….
    const library = t.app.routeAccess.filter((r) => /^\/api\/books?(\/|$)/.test(r.url));
    expect(library.length).toBeGreaterThan(20);
    expect(library.filter((r) => r.module !== 'library').map((r) => `${r.method} ${r.url}`)).toEqual([]);
    expect(
      moduleRoutes()
        .filter((r) => !library.includes(r))
        .map((r) => `${r.method} ${r.url}`),
    ).toEqual([]);
    // The screens of the library in the route map say so too: the web hides them by the same map.
    expect(Object.keys(ROUTE_MODULES).every((route) => route.startsWith('/books'))).toBe(true);
  });

  it('answers 403 to every allowed role of an organization without the module, and lets it in with it', async () => {
    const without = await createSchool(t.db, { organizationId: (await createOrganization(t.db, { modules: [] })).id });
    const withIt = await createSchool(t.db, {
      organizationId: (await createOrganization(t.db, { modules: ['library'] })).id,
    });
    const refused: string[] = [];
    const admitted: string[] = [];
    for (const r of moduleRoutes()) {
      for (const role of r.access as readonly Role[]) {
        const call = async (organizationId: number) => {
          const { token } = await signedIn(t.platform, { role, organizationId });
          return t.call({
            method: r.method as 'GET',
            url: concrete(r.url),
            token,
            payload: r.method === 'GET' ? undefined : {},
          });
        };
        const off = await call(without.organizationId);
        if (off.statusCode === 403 && off.json().errorMessage === ERROR_MESSAGES.moduleOff) refused.push(r.url);
        else refused.push(`${role}: ${r.method} ${r.url} → ${off.statusCode}`);
        const on = await call(withIt.organizationId);
        if (on.statusCode === 403) admitted.push(`${role}: ${r.method} ${r.url} → 403`);
      }
    }
    expect(refused.filter((x) => x.includes('→'))).toEqual([]);
    expect(refused.length).toBeGreaterThan(20);
    expect(admitted).toEqual([]);
  });
});
