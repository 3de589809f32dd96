import { and, asc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.ts';
import { tenantFilter } from '../../platform/auth/scope.ts';
import { listPage, searchIn } from '../../platform/db/catalogue.ts';
import type { Db } from '../../platform/db/client.ts';
import { regions, schools } from '../../platform/db/schema.ts';
import { bookCategories, books } from '../../platform/db/schema-library.ts';
import { classrooms, schoolSettings, users, visits } from '../../platform/db/schema-people.ts';
import { alphabetically } from '../../platform/db/alphabet.ts';

/**
 * The one scope filter of schools: a school has no `school_id` column, its own `id` plays that part,
 * so a user locked to a school sees exactly that school.
 */
export const schoolScope = (scope: Scope): SQL | undefined =>
  tenantFilter({ organizationId: schools.organizationId, schoolId: schools.id }, scope);

const columns = {
  id: schools.id,
  organizationId: schools.organizationId,
  regionId: schools.regionId,
  regionName: regions.name,
  name: schools.name,
  nameKk: schools.nameKk,
  nameRuMissing: schools.nameRuMissing,
  number: schools.number,
  bin: schools.bin,
  address: schools.address,
  description: schools.description,
  city: schools.city,
  createdAt: schools.createdAt,
};

export interface SchoolValues {
  regionId: number;
  name: string;
  nameKk: string | null;
  nameRuMissing: boolean;
  number: string | null;
  bin: string | null;
  address: string;
  description: string | null;
  city: string;
}

export function createSchoolsRepository(db: Db) {
  return {
    async list(scope: Scope, filter: { query?: string; organizationId?: number; limit: number; offset: number }) {
      const where = and(
        schoolScope(scope),
        filter.organizationId !== undefined ? eq(schools.organizationId, filter.organizationId) : undefined,
        searchIn(filter.query, schools.name, schools.nameKk, schools.number, schools.city, schools.address),
      );
      return listPage(db, {
        rows: (tx) =>
          tx
            .select(columns)
            .from(schools)
            .leftJoin(regions, eq(regions.id, schools.regionId))
            .where(where)
            .orderBy(alphabetically(schools.name), asc(schools.id)),
        table: schools,
        where,
        ...filter,
      });
    },

    async find(scope: Scope, id: number, tx: Db = db) {
      const [row] = await tx
        .select(columns)
        .from(schools)
        .leftJoin(regions, eq(regions.id, schools.regionId))
        .where(and(eq(schools.id, id), schoolScope(scope)))
        .limit(1);
      return row ?? null;
    },

    async regionExists(id: number, tx: Db = db): Promise<boolean> {
      const [row] = await tx.select({ id: regions.id }).from(regions).where(eq(regions.id, id)).limit(1);
      return row !== undefined;
    },

    async insert(organizationId: number, values: SchoolValues, tx: Db = db): Promise<number> {
      const [row] = await tx
        .insert(schools)
        .values({ ...values, organizationId })
        .returning({ id: schools.id });
      return row!.id;
    },

    async update(id: number, values: SchoolValues, tx: Db = db): Promise<void> {
      await tx.update(schools).set(values).where(eq(schools.id, id));
    },

    /** What still refers to a school, for the delete refusal. */
    async references(id: number, tx: Db = db) {
      const exists = (query: Promise<{ one: number }[]>) => query.then((r) => r.length > 0);
      const one = { one: sql<number>`1` };
      const [classroom, user, visit, category, book] = await Promise.all([
        exists(tx.select(one).from(classrooms).where(eq(classrooms.schoolId, id)).limit(1)),
        exists(
          tx
            .select(one)
            .from(users)
            .where(and(eq(users.schoolId, id), isNull(users.deletedAt)))
            .limit(1),
        ),
        exists(tx.select(one).from(visits).where(eq(visits.schoolId, id)).limit(1)),
        exists(tx.select(one).from(bookCategories).where(eq(bookCategories.schoolId, id)).limit(1)),
        exists(tx.select(one).from(books).where(eq(books.schoolId, id)).limit(1)),
      ]);
      return { classroom, user, visit, library: category || book };
    },

    /**
     * Removed accounts keep no tie to a school that goes away: they are anonymised already, and their
     * visits (which would refuse the delete) keep their own snapshot.
     */
    async detachRemovedUsers(schoolId: number, tx: Db = db): Promise<void> {
      await tx
        .update(users)
        .set({ schoolId: null })
        .where(and(eq(users.schoolId, schoolId), isNotNull(users.deletedAt)));
    },

    async delete(id: number, tx: Db = db): Promise<void> {
      await tx.delete(schools).where(eq(schools.id, id));
    },

    async settings(schoolId: number) {
      const [row] = await db
        .select({
          server: schoolSettings.server,
          port: schoolSettings.port,
          database: schoolSettings.databaseName,
          user: schoolSettings.user,
          password: schoolSettings.password,
        })
        .from(schoolSettings)
        .where(eq(schoolSettings.schoolId, schoolId))
        .limit(1);
      return row ?? null;
    },
  };
}

export type SchoolsRepository = ReturnType<typeof createSchoolsRepository>;
export type SchoolRow = NonNullable<Awaited<ReturnType<SchoolsRepository['find']>>>;
