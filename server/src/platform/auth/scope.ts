import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Actor } from './actors.ts';

/**
 * The one place that turns the signed-in actor into the tenant filter of every query. The super
 * admin sees every organization; everybody else their own, and a user locked to a school that school.
 */
export interface Scope {
  all: boolean;
  organizationId: number | null;
  schoolId: number | null;
}

export function scopeOf(actor: Actor): Scope {
  if (actor.role === 'SuperAdmin') return { all: true, organizationId: null, schoolId: null };
  return { all: false, organizationId: actor.organizationId, schoolId: actor.schoolId };
}

/** Every row: for a read whose scope is checked after it (the organization it implies is not known yet). */
export const everywhere: Scope = { all: true, organizationId: null, schoolId: null };

interface TenantColumns {
  organizationId: PgColumn;
  schoolId?: PgColumn;
}

/** `where` condition for a tenant table; an actor without an organization matches nothing. */
export function tenantFilter(table: TenantColumns, scope: Scope): SQL | undefined {
  if (scope.all) return undefined;
  if (scope.organizationId === null) return eq(table.organizationId, -1);
  const byOrg = eq(table.organizationId, scope.organizationId);
  return scope.schoolId !== null && table.schoolId ? and(byOrg, eq(table.schoolId, scope.schoolId)) : byOrg;
}

/** Whether one row, already read, is inside the scope (for rows fetched by id). */
export function inScope(row: { organizationId: number | null; schoolId?: number | null }, scope: Scope): boolean {
  if (scope.all) return true;
  if (scope.organizationId === null || row.organizationId !== scope.organizationId) return false;
  return scope.schoolId === null || row.schoolId === undefined || row.schoolId === scope.schoolId;
}
