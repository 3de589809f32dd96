import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { createTestContext, type TestContext } from './test-app.ts';

/**
 * The contract's endpoint declarations and the server's routes agree: each declaration is served
 * with its roles and module, and no route is served that the contract does not declare.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const declared = Object.values(ENDPOINTS).flatMap((group) => Object.values(group));
const key = (method: string, path: string) => `${method} ${path}`;

describe('the endpoints of the contract', () => {
  it('are each served once, with the declared roles and module', () => {
    for (const e of declared) {
      const served = t.app.routeAccess.filter((r) => key(r.method, r.url) === key(e.method, e.path));
      expect(served, key(e.method, e.path)).toHaveLength(1);
      expect(served[0]!.access).toEqual(e.access);
      expect(served[0]!.module).toEqual(e.module);
      expect(served[0]!.tags).toEqual([e.tag]);
    }
  });

  it('cover every served route', () => {
    const known = new Set(declared.map((e) => key(e.method, e.path)));
    const undeclared = t.app.routeAccess.filter((r) => !known.has(key(r.method, r.url)));
    expect(undeclared.map((r) => key(r.method, r.url))).toEqual([]);
    expect(t.app.routeAccess.length).toBe(declared.length);
  });
});
