import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool } from '../../../test/factories.ts';
import { schools } from '../db/schema.ts';
import type { Actor } from './actors.ts';
import { inScope, scopeOf, tenantFilter } from './scope.ts';

/** The filter every tenant query uses: what each kind of actor can see of two organizations' schools. */
let t: TestContext;
let orgA: number;
let orgB: number;
let a1: number;
let a2: number;
let b1: number;

const actor = (over: Partial<Actor>): Actor => ({
  userId: 1,
  role: 'EducationAdmin',
  organizationId: null,
  schoolId: null,
  tokenVersion: 0,
  modules: [],
  sessionId: '00000000-0000-0000-0000-000000000000',
  sessionGeneration: 1,
  ...over,
});

const visibleSchools = async (a: Actor) => {
  const rows = await t.db
    .select({ id: schools.id })
    .from(schools)
    .where(tenantFilter({ organizationId: schools.organizationId, schoolId: schools.id }, scopeOf(a)))
    .orderBy(asc(schools.id));
  return rows.map((r) => r.id);
};

beforeAll(async () => {
  t = await createTestContext();
  orgA = (await createOrganization(t.db)).id;
  orgB = (await createOrganization(t.db)).id;
  a1 = (await createSchool(t.db, { organizationId: orgA })).id;
  a2 = (await createSchool(t.db, { organizationId: orgA })).id;
  b1 = (await createSchool(t.db, { organizationId: orgB })).id;
});
afterAll(() => t.close());

describe('tenant scope', () => {
  it('lets the super admin see every organization', async () => {
    expect(await visibleSchools(actor({ role: 'SuperAdmin' }))).toEqual([a1, a2, b1]);
  });

  it('limits a user to their organization', async () => {
    expect(await visibleSchools(actor({ organizationId: orgA }))).toEqual([a1, a2]);
    expect(await visibleSchools(actor({ organizationId: orgB }))).toEqual([b1]);
  });

  it('limits a user locked to a school to that school', async () => {
    expect(await visibleSchools(actor({ organizationId: orgA, schoolId: a2 }))).toEqual([a2]);
  });

  it('shows nothing to a user without an organization (a parent)', async () => {
    expect(await visibleSchools(actor({ role: 'Parent' }))).toEqual([]);
  });

  it('tells whether one row read by id is inside the scope', () => {
    const scope = scopeOf(actor({ organizationId: orgA, schoolId: a1 }));
    expect(inScope({ organizationId: orgA, schoolId: a1 }, scope)).toBe(true);
    expect(inScope({ organizationId: orgA, schoolId: a2 }, scope)).toBe(false);
    expect(inScope({ organizationId: orgB, schoolId: b1 }, scope)).toBe(false);
    expect(inScope({ organizationId: orgB }, scopeOf(actor({ role: 'SuperAdmin' })))).toBe(true);
  });
});
