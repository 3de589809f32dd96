import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { alphabetically } from '../../platform/db/alphabet.ts';
import { absences } from '../../platform/db/schema-calendar.ts';
import { users } from '../../platform/db/schema-people.ts';

/** Who of a class is away on a day, and the writes of the marks. */
export function createAbsencesRepository(db: Db) {
  return {
    /** The class's live pupils by name, each with their mark of the day and their first meal of it. */
    async pupils(classroomId: number, date: string, tx: Db = db) {
      const result = await tx.execute(sql`
        select u.id, u.name,
               exists (select 1 from absences a where a.user_id = u.id and a.date = ${date}::date) as absent,
               (select min(v.created_at) from visits v where v.user_id = u.id and v.visit_date = ${date}::date) as ate_at
        from users u
        where u.classroom_id = ${classroomId}::int and u.deleted_at is null
        order by ${alphabetically(sql`u.name`)}, u.id`);
      return (
        result as unknown as { rows: { id: number; name: string; absent: boolean; ate_at: Date | string | null }[] }
      ).rows;
    },

    /** The live pupils of the class, kept from changing until the transaction ends. */
    async lockPupils(classroomId: number, tx: Db) {
      return tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.classroomId, classroomId), isNull(users.deletedAt)))
        .for('update');
    },

    async marked(ids: number[], date: string, tx: Db) {
      if (!ids.length) return [];
      const rows = await tx
        .select({ userId: absences.userId })
        .from(absences)
        .where(and(inArray(absences.userId, ids), eq(absences.date, date)));
      return rows.map((r) => r.userId);
    },

    async add(
      rows: { organizationId: number; schoolId: number; userId: number; date: string; markedById: number }[],
      tx: Db,
    ) {
      if (!rows.length) return;
      await tx.insert(absences).values(rows).onConflictDoNothing();
    },

    /** The school's live pupils in its live classes: who an imported row may name. */
    async pupilsOfSchool(schoolId: number) {
      const result = await db.execute(sql`
        select u.id, u.name, u.iin, c.name as "classroomName"
        from users u join classrooms c on c.id = u.classroom_id
        where c.school_id = ${schoolId}::int and c.archived_at is null and u.deleted_at is null`);
      return (result as unknown as { rows: { id: number; name: string; iin: string | null; classroomName: string }[] })
        .rows;
    },

    /** Adds the marks not there yet; answers the pupil and day of each one added. */
    async addNew(
      rows: { organizationId: number; schoolId: number; userId: number; date: string; markedById: number }[],
      tx: Db,
    ) {
      if (!rows.length) return [];
      return tx
        .insert(absences)
        .values(rows)
        .onConflictDoNothing()
        .returning({ userId: absences.userId, date: absences.date });
    },

    async remove(ids: number[], date: string, tx: Db) {
      if (!ids.length) return;
      await tx.delete(absences).where(and(inArray(absences.userId, ids), eq(absences.date, date)));
    },
  };
}
