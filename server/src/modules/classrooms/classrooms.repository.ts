import type { StoredNames } from '@tamaq/contract/names';
import { schoolNameColumns } from '../../platform/db/places.ts';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { tenantFilter, type Scope } from '../../platform/auth/scope.ts';
import { listPage, searchIn } from '../../platform/db/catalogue.ts';
import { archivedUser } from '../../platform/db/archived-user.ts';
import type { Db } from '../../platform/db/client.ts';
import { organizationTimeZone } from '../../platform/db/time-zone.ts';
import { schools } from '../../platform/db/schema.ts';
import { cards, classrooms, users, visits } from '../../platform/db/schema-people.ts';
import { alphabetically } from '../../platform/db/alphabet.ts';

/** Classes that have not ended their year: the only ones lists, pickers and imports see. */
const live = isNull(classrooms.archivedAt);

/**
 * Pupils in the class now: removed accounts no longer count. The outer column is named with its table
 * by hand: drizzle leaves it bare in a one-table select, where the subquery would read `users.id`.
 */
const pupilsCount = sql<number>`(select count(*)::int from ${users} as pupil where pupil.classroom_id = ${sql.identifier('classrooms')}.${sql.identifier('id')} and pupil.deleted_at is null)`;

/**
 * Natural order of class names in the reader's alphabet: '2 А' before '10 А' (numbers by value),
 * names without a number after them, then by id. A function: the alphabet is read at each query.
 */
const naturalOrder = () => [alphabetically(classrooms.name), asc(classrooms.id)];

const columns = {
  id: classrooms.id,
  organizationId: classrooms.organizationId,
  schoolId: classrooms.schoolId,
  ...schoolNameColumns,
  name: classrooms.name,
  nameKk: classrooms.nameKk,
  nameRuMissing: classrooms.nameRuMissing,
  shift: classrooms.shift,
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
        live,
        filter.schoolId !== undefined ? eq(classrooms.schoolId, filter.schoolId) : undefined,
        filter.organizationId !== undefined ? eq(classrooms.organizationId, filter.organizationId) : undefined,
        searchIn(filter.query, classrooms.name, classrooms.nameKk),
      );
      return listPage(db, {
        rows: (tx) =>
          tx
            .select(columns)
            .from(classrooms)
            .innerJoin(schools, eq(schools.id, classrooms.schoolId))
            .where(where)
            .orderBy(...naturalOrder()),
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
        .where(and(eq(classrooms.id, id), live, tenantFilter(classrooms, scope)))
        .limit(1);
      return row ?? null;
    },

    async insert(values: { organizationId: number; schoolId: number; shift?: number } & StoredNames, tx: Db = db) {
      const [row] = await tx.insert(classrooms).values(values).returning({ id: classrooms.id });
      return row!.id;
    },

    async update(id: number, values: { schoolId: number; shift: number } & StoredNames, tx: Db = db) {
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

    /** The school's live classes, locked until the import commits: their names and shifts. */
    async namesOf(schoolId: number, tx: Db = db): Promise<({ id: number; shift: number } & StoredNames)[]> {
      return tx
        .select({
          id: classrooms.id,
          name: classrooms.name,
          nameKk: classrooms.nameKk,
          nameRuMissing: classrooms.nameRuMissing,
          shift: classrooms.shift,
        })
        .from(classrooms)
        .where(and(eq(classrooms.schoolId, schoolId), live))
        .for('update');
    },

    /** Inserts the classes; one added meanwhile by someone else is skipped, as the import skips existing ones. */
    async insertMany(
      organizationId: number,
      schoolId: number,
      rows: ({ shift: number } & StoredNames)[],
      tx: Db = db,
    ): Promise<number> {
      let created = 0;
      for (let i = 0; i < rows.length; i += 500) {
        const made = await tx
          .insert(classrooms)
          .values(rows.slice(i, i + 500).map((r) => ({ organizationId, schoolId, ...r })))
          .onConflictDoNothing()
          .returning({ id: classrooms.id });
        created += made.length;
      }
      return created;
    },

    /** What an imported row changes of a class already there: its shift, a name it gives. */
    async amend(id: number, values: { shift: number } & StoredNames, tx: Db = db) {
      await tx.update(classrooms).set(values).where(eq(classrooms.id, id));
    },

    /** Every class of a school for the export, in the list's order. */
    async ofSchool(schoolId: number) {
      return db
        .select({
          name: classrooms.name,
          nameKk: classrooms.nameKk,
          nameRuMissing: classrooms.nameRuMissing,
          shift: classrooms.shift,
          pupilsCount,
          createdAt: classrooms.createdAt,
        })
        .from(classrooms)
        .where(and(eq(classrooms.schoolId, schoolId), live))
        .orderBy(...naturalOrder());
    },

    // ---- the move to the next year ----

    /** The school's live classes with their pupils, locked until the move commits or rolls back. */
    async liveOfSchoolLocked(schoolId: number, tx: Db = db) {
      return tx
        .select({
          id: classrooms.id,
          name: classrooms.name,
          nameKk: classrooms.nameKk,
          nameRuMissing: classrooms.nameRuMissing,
          pupilsCount,
        })
        .from(classrooms)
        .where(and(eq(classrooms.schoolId, schoolId), live))
        .orderBy(...naturalOrder())
        .for('update');
    },

    async archive(ids: number[], at: Date, tx: Db = db) {
      await tx.update(classrooms).set({ archivedAt: at }).where(inArray(classrooms.id, ids));
    },

    async insertNamed(organizationId: number, schoolId: number, names: StoredNames[], tx: Db = db) {
      return tx
        .insert(classrooms)
        .values(names.map((n) => ({ organizationId, schoolId, ...n })))
        .returning({ id: classrooms.id, name: classrooms.name });
    },

    /** Live pupils of each `from` class move to its `to` class. */
    async movePupilsBetween(moves: { from: number; to: number }[], at: Date, tx: Db = db) {
      if (!moves.length) return;
      const pairs = sql.join(
        moves.map((m) => sql`(${m.from}::int, ${m.to}::int)`),
        sql`, `,
      );
      await tx.execute(sql`
        update ${users} set classroom_id = m.to_id, updated_at = ${at}
        from (values ${pairs}) as m(from_id, to_id)
        where ${users.classroomId} = m.from_id and ${users.deletedAt} is null`);
    },

    /**
     * Pupils who finish school are archived as a deleted user is (docs/rules.md "Delete archives"):
     * the name stays for the visits, sign-in ends, cards are freed for new pupils.
     */
    async archivePupils(classroomIds: number[], at: Date, tx: Db = db) {
      const archived = await tx
        .update(users)
        .set(archivedUser(at))
        .where(and(inArray(users.classroomId, classroomIds), isNull(users.deletedAt)))
        .returning({ id: users.id });
      const ids = archived.map((u) => u.id);
      if (ids.length) await tx.update(cards).set({ userId: null, linkedAt: null }).where(inArray(cards.userId, ids));
      return ids;
    },

    timeZoneOf: (organizationId: number) => organizationTimeZone(db, organizationId),
  };
}

export type ClassroomsRepository = ReturnType<typeof createClassroomsRepository>;
export type ClassroomRow = NonNullable<Awaited<ReturnType<ClassroomsRepository['find']>>>;
