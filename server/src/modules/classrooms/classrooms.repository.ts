import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { tenantFilter, type Scope } from '../../platform/auth/scope.ts';
import { listPage, searchIn } from '../../platform/db/catalogue.ts';
import type { Db } from '../../platform/db/client.ts';
import { organizationTimeZone } from '../../platform/db/time-zone.ts';
import { schools } from '../../platform/db/schema.ts';
import { classrooms, users, visits } from '../../platform/db/schema-people.ts';

/**
 * Pupils in the class now: removed accounts no longer count. The outer column is named with its table
 * by hand: drizzle leaves it bare in a one-table select, where the subquery would read `users.id`.
 */
const pupilsCount = sql<number>`(select count(*)::int from ${users} as pupil where pupil.classroom_id = ${sql.identifier('classrooms')}.${sql.identifier('id')} and pupil.deleted_at is null)`;

/**
 * Natural order of class names: '2 А' before '10 А' (by the leading number, as numeric so that any
 * number of digits fits), names without a number after them, then by name and id.
 */
const naturalOrder = [
  sql`substring(${classrooms.name} from '^[0-9]+')::numeric asc nulls last`,
  sql`lower(${classrooms.name}) asc`,
  asc(classrooms.name),
  asc(classrooms.id),
];

const columns = {
  id: classrooms.id,
  organizationId: classrooms.organizationId,
  schoolId: classrooms.schoolId,
  schoolName: schools.name,
  name: classrooms.name,
  createdAt: classrooms.createdAt,
  pupilsCount,
};

export interface ClassroomFilter {
  query?: string;
  schoolId?: number;
  organizationId?: number;
  limit: number;
  offset: number;
}

export function createClassroomsRepository(db: Db) {
  return {
    async list(scope: Scope, filter: ClassroomFilter) {
      const where = and(
        tenantFilter(classrooms, scope),
        filter.schoolId !== undefined ? eq(classrooms.schoolId, filter.schoolId) : undefined,
        filter.organizationId !== undefined ? eq(classrooms.organizationId, filter.organizationId) : undefined,
        searchIn(filter.query, classrooms.name),
      );
      return listPage(db, {
        rows: (tx) =>
          tx
            .select(columns)
            .from(classrooms)
            .innerJoin(schools, eq(schools.id, classrooms.schoolId))
            .where(where)
            .orderBy(...naturalOrder),
        table: classrooms,
        where,
        limit: filter.limit,
        offset: filter.offset,
      });
    },

    async find(scope: Scope, id: number, tx: Db = db) {
      const [row] = await tx
        .select(columns)
        .from(classrooms)
        .innerJoin(schools, eq(schools.id, classrooms.schoolId))
        .where(and(eq(classrooms.id, id), tenantFilter(classrooms, scope)))
        .limit(1);
      return row ?? null;
    },

    async insert(values: { organizationId: number; schoolId: number; name: string }, tx: Db = db) {
      const [row] = await tx.insert(classrooms).values(values).returning({ id: classrooms.id });
      return row!.id;
    },

    async update(id: number, values: { schoolId: number; name: string }, tx: Db = db) {
      await tx.update(classrooms).set(values).where(eq(classrooms.id, id));
    },

    /** A class moved to another school takes its pupils along. */
    async movePupils(classroomId: number, schoolId: number, tx: Db = db) {
      await tx.update(users).set({ schoolId }).where(eq(users.classroomId, classroomId));
    },

    async references(id: number, tx: Db = db) {
      const one = { one: sql<number>`1` };
      const [pupil, visit] = await Promise.all([
        tx
          .select(one)
          .from(users)
          .where(and(eq(users.classroomId, id), isNull(users.deletedAt)))
          .limit(1),
        tx.select(one).from(visits).where(eq(visits.classroomId, id)).limit(1),
      ]);
      return { pupil: pupil.length > 0, visit: visit.length > 0 };
    },

    /** Removed accounts (anonymised) keep no tie to a class that goes away. */
    async detachRemovedUsers(classroomId: number, tx: Db = db) {
      await tx
        .update(users)
        .set({ classroomId: null })
        .where(and(eq(users.classroomId, classroomId), isNotNull(users.deletedAt)));
    },

    async delete(id: number, tx: Db = db) {
      await tx.delete(classrooms).where(eq(classrooms.id, id));
    },

    async namesOf(schoolId: number, tx: Db = db): Promise<string[]> {
      const rows = await tx.select({ name: classrooms.name }).from(classrooms).where(eq(classrooms.schoolId, schoolId));
      return rows.map((r) => r.name);
    },

    /** Inserts the names; one added meanwhile by someone else is skipped, as the import skips existing ones. */
    async insertMany(organizationId: number, schoolId: number, names: string[], tx: Db = db): Promise<number> {
      let created = 0;
      for (let i = 0; i < names.length; i += 500) {
        const rows = await tx
          .insert(classrooms)
          .values(names.slice(i, i + 500).map((name) => ({ organizationId, schoolId, name })))
          .onConflictDoNothing()
          .returning({ id: classrooms.id });
        created += rows.length;
      }
      return created;
    },

    /** Every class of a school for the export, in the list's order. */
    async ofSchool(schoolId: number) {
      return db
        .select({ name: classrooms.name, pupilsCount, createdAt: classrooms.createdAt })
        .from(classrooms)
        .where(eq(classrooms.schoolId, schoolId))
        .orderBy(...naturalOrder);
    },

    timeZoneOf: (organizationId: number) => organizationTimeZone(db, organizationId),
  };
}

export type ClassroomsRepository = ReturnType<typeof createClassroomsRepository>;
export type ClassroomRow = NonNullable<Awaited<ReturnType<ClassroomsRepository['find']>>>;
