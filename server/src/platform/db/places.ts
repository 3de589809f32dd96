import { namesOf, type NamedRef } from '@tamaq/contract/names';
import { and, eq, isNull } from 'drizzle-orm';
import { tenantFilter, type Scope } from '../auth/scope.ts';
import type { Db } from './client.ts';
import { canteens, classrooms } from './schema-people.ts';
import { organizations, schools } from './schema.ts';

/**
 * "A school, canteen or class in scope", read once for every module: the caller's organization and, for a
 * profile locked to one school, that school (the super admin: any). With its name and its
 * organization's time zone, whose calendar days are the visits' and the orders' days.
 */

/** A school's names, selected beside a row that names its school (read by `schoolRef`). */
export const schoolNameColumns = {
  schoolName: schools.name,
  schoolNameKk: schools.nameKk,
  schoolNameRuMissing: schools.nameRuMissing,
};

/** The school's names as a row selected with `schoolNameColumns` holds them. */
export interface SchoolNames {
  schoolName: string;
  schoolNameKk: string | null;
  schoolNameRuMissing: boolean;
}

/** A school as another answer names it: its id and both names (contract/src/names.ts). */
export const schoolRef = (id: number, row: SchoolNames): NamedRef => ({
  id,
  ...namesOf({ name: row.schoolName, nameKk: row.schoolNameKk, nameRuMissing: row.schoolNameRuMissing }),
});

/** A class's names, selected beside a row that names its class (read by `classroomRef`). */
export const classroomNameColumns = {
  classroomName: classrooms.name,
  classroomNameKk: classrooms.nameKk,
  classroomNameRuMissing: classrooms.nameRuMissing,
};

/** The class's names as a row selected with `classroomNameColumns` holds them (null: no class joined). */
export interface ClassroomNames {
  classroomName: string | null;
  classroomNameKk: string | null;
  classroomNameRuMissing: boolean | null;
}

/** A class as another answer names it, its id and both names; null for a row without a class. */
export const classroomRef = (id: number | null, row: ClassroomNames): NamedRef | null => {
  const names = classroomNames(row);
  return id === null || names === null ? null : { id, ...names };
};

/** A class's names without its id (an answer that names the class only), or null for no class. */
export const classroomNames = (row: ClassroomNames) =>
  row.classroomName === null
    ? null
    : namesOf({
        name: row.classroomName,
        nameKk: row.classroomNameKk,
        nameRuMissing: row.classroomNameRuMissing ?? false,
      });

/** The school `id` if the scope sees it, else null. */
export async function schoolInScope(db: Db, scope: Scope, id: number) {
  const [row] = await db
    .select({
      id: schools.id,
      organizationId: schools.organizationId,
      name: schools.name,
      nameKk: schools.nameKk,
      nameRuMissing: schools.nameRuMissing,
      timeZone: organizations.timeZone,
    })
    .from(schools)
    .innerJoin(organizations, eq(organizations.id, schools.organizationId))
    .where(
      and(eq(schools.id, id), tenantFilter({ organizationId: schools.organizationId, schoolId: schools.id }, scope)),
    )
    .limit(1);
  return row ?? null;
}

/** The live canteen `id` if the scope sees it, else null. */
export async function canteenInScope(db: Db, scope: Scope, id: number) {
  const [row] = await db
    .select({
      id: canteens.id,
      organizationId: canteens.organizationId,
      name: canteens.name,
      timeZone: organizations.timeZone,
    })
    .from(canteens)
    .innerJoin(organizations, eq(organizations.id, canteens.organizationId))
    .where(and(eq(canteens.id, id), isNull(canteens.deletedAt), tenantFilter(canteens, scope)))
    .limit(1);
  return row ?? null;
}

/**
 * The class `id` if the scope sees it, else null: a live one, unless `archived` (a report of a past
 * year names a class archived since); inside `school` when one is named.
 */
export async function classroomInScope(
  db: Db,
  scope: Scope,
  id: number,
  within: { school?: number; archived?: boolean } = {},
) {
  const [row] = await db
    .select({
      id: classrooms.id,
      organizationId: classrooms.organizationId,
      schoolId: classrooms.schoolId,
      name: classrooms.name,
      nameKk: classrooms.nameKk,
      nameRuMissing: classrooms.nameRuMissing,
    })
    .from(classrooms)
    .where(
      and(
        eq(classrooms.id, id),
        within.archived ? undefined : isNull(classrooms.archivedAt),
        within.school === undefined ? undefined : eq(classrooms.schoolId, within.school),
        tenantFilter(classrooms, scope),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The scope of an organization's user, kept to `lockedTo` when their profile is locked to a school. */
export const organizationScope = (organizationId: number, lockedTo: number | null): Scope => ({
  all: false,
  organizationId,
  schoolId: lockedTo,
});
