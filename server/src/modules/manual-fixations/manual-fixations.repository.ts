import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';

import type { Fixation } from '@tamaq/contract/fixations';
import { MANUAL_MAX_ROWS } from '@tamaq/contract/manual-fixations';
import type { Db } from '../../platform/db/client.ts';
import { images } from '../../platform/db/schema.ts';
import { classrooms, fixationCategories, foodCategories, users, visits } from '../../platform/db/schema-people.ts';
import { everywhere, type Scope } from '../../platform/auth/scope.ts';
import { canteenInScope, classroomInScope, classroomNameColumns, schoolInScope } from '../../platform/db/places.ts';
import { selectVisitAnswers, toFixation } from '../../platform/db/visit-answer.ts';
import { alphabetically } from '../../platform/db/alphabet.ts';

/** Whose visits one manual list shows: a canteen's meal time, or a school's pupils by class and/or food category. */
export type ManualPlace =
  | { kind: 'canteen'; organizationId: number; canteenId: number; fixationCategoryId: number }
  | {
      kind: 'school';
      organizationId: number;
      schoolId: number;
      classroomId: number | null;
      foodCategoryId: number | null;
    };

/** One person of the list with what a save needs: their card, the snapshot and the visits already there. */
export interface ManualPerson {
  id: number;
  name: string;
  jobTitle: string | null;
  imageKey: string | null;
  classroomId: number | null;
  classroomName: string | null;
  classroomNameKk: string | null;
  classroomNameRuMissing: boolean | null;
  foodCategoryId: number | null;
  foodCategoryName: string | null;
  foodCategoryCost: string | null;
  endless: boolean;
  cardId: number | null;
  /** How many visits the person has in this place that day, and the servings they count. */
  visits: number;
  servings: number;
}

export type VisitRow = typeof visits.$inferSelect;
export type NewManualVisit = typeof visits.$inferInsert & { createdAt: Date; createdBy: number };

/** The visits of a place on a day: the same rule for the list, the removal and the replacement. */
const visitsHere = (place: ManualPlace, date: string): SQL =>
  place.kind === 'canteen'
    ? and(
        eq(visits.visitDate, date),
        eq(visits.canteenId, place.canteenId),
        eq(visits.fixationCategoryId, place.fixationCategoryId),
      )!
    : and(eq(visits.visitDate, date), eq(visits.schoolId, place.schoolId))!;

export function createManualFixationsRepository(db: Db) {
  return {
    canteen: (id: number, scope: Scope, tx: Db = db) => canteenInScope(tx, scope, id),

    /** A school in scope: the actor's organization and, for a profile locked to a school, that school. */
    school: (id: number, scope: Scope, tx: Db = db) => schoolInScope(tx, scope, id),

    async hasFixationCategory(organizationId: number, id: number, tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: fixationCategories.id })
        .from(fixationCategories)
        .where(
          and(
            eq(fixationCategories.id, id),
            eq(fixationCategories.organizationId, organizationId),
            isNull(fixationCategories.deletedAt),
          ),
        )
        .limit(1);
      return !!row;
    },

    /** A live class of the school (already read in the caller's scope). */
    hasClassroom: async (schoolId: number, id: number, tx: Db = db) =>
      (await classroomInScope(tx, everywhere, id, { school: schoolId })) !== null,

    /** Archived categories count too: a pupil may still hold one. */
    async hasFoodCategory(organizationId: number, id: number, tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: foodCategories.id })
        .from(foodCategories)
        .where(and(eq(foodCategories.id, id), eq(foodCategories.organizationId, organizationId)))
        .limit(1);
      return !!row;
    },

    /**
     * The people the filters select, by name and id, at most MANUAL_MAX_ROWS, with their visits in the
     * place that day. Canteen: the organization's live card holders without a role. School: the live
     * pupils of the school, by class and/or food category.
     */
    async people(place: ManualPlace, date: string, tx: Db = db): Promise<{ total: number; rows: ManualPerson[] }> {
      const org = place.organizationId;
      const hisCards = sql`from cards c where c.user_id = ${users.id} and c.organization_id = ${org}`;
      const hisVisits = sql`from visits v where v.user_id = ${users.id} and v.visit_date = ${date}::date and ${
        place.kind === 'canteen'
          ? sql`v.canteen_id = ${place.canteenId} and v.fixation_category_id = ${place.fixationCategoryId}`
          : sql`v.school_id = ${place.schoolId}`
      }`;
      const who =
        place.kind === 'canteen'
          ? and(isNull(users.roleId), sql`exists (select 1 ${hisCards})`)
          : and(
              eq(users.schoolId, place.schoolId),
              isNotNull(users.classroomId),
              place.classroomId !== null ? eq(users.classroomId, place.classroomId) : undefined,
              place.foodCategoryId !== null ? eq(users.foodCategoryId, place.foodCategoryId) : undefined,
            );
      const rows = await tx
        .select({
          id: users.id,
          name: users.name,
          jobTitle: users.jobTitle,
          imageKey: images.key,
          classroomId: classrooms.id,
          ...classroomNameColumns,
          foodCategoryId: foodCategories.id,
          foodCategoryName: foodCategories.name,
          foodCategoryCost: foodCategories.cost,
          endless: sql<boolean>`exists (select 1 ${hisCards} and c.endless_use)`.mapWith(Boolean),
          cardId: sql<number | null>`(select c.id ${hisCards} order by c.endless_use desc, c.id limit 1)`.mapWith(
            Number,
          ),
          visits: sql<number>`(select count(*) ${hisVisits})`.mapWith(Number),
          servings: sql<number>`(select coalesce(sum(v.count), 0) ${hisVisits})`.mapWith(Number),
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(users)
        .leftJoin(images, eq(images.id, users.imageId))
        .leftJoin(classrooms, eq(classrooms.id, users.classroomId))
        .leftJoin(foodCategories, eq(foodCategories.id, users.foodCategoryId))
        .where(and(eq(users.organizationId, org), isNull(users.deletedAt), who))
        .orderBy(alphabetically(users.name), asc(users.id))
        .limit(MANUAL_MAX_ROWS);
      return {
        total: rows[0]?.total ?? 0,
        rows: rows.map(({ total: _total, ...person }) => person),
      };
    },

    /**
     * Serialises manual saves of one list (two admins saving the same canteen and day at once would
     * both add an endless holder's visit); scans are kept out by the one-time index, not by this lock.
     */
    async lock(place: ManualPlace, date: string, tx: Db): Promise<void> {
      const key =
        place.kind === 'canteen'
          ? `manual-fixation:canteen:${place.canteenId}:${date}`
          : `manual-fixation:school:${place.schoolId}:${date}`;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    },

    async visitsOf(place: ManualPlace, date: string, userIds: number[], tx: Db): Promise<VisitRow[]> {
      if (userIds.length === 0) return [];
      return tx
        .select()
        .from(visits)
        .where(and(visitsHere(place, date), inArray(visits.userId, userIds)))
        .orderBy(asc(visits.createdAt), asc(visits.id));
    },

    /**
     * Records the visits; a one-time slot already used (a scan that came first, even one committing
     * right now) is skipped by the unique index, not by a read, so a person never gets a double.
     */
    async insert(rows: NewManualVisit[], tx: Db): Promise<VisitRow[]> {
      if (rows.length === 0) return [];
      return tx.insert(visits).values(rows).onConflictDoNothing().returning();
    },

    /** The visit holding a person's one-time slot of a day (what made an insert skip). */
    async slotHolder(userId: number, date: string, fixationCategoryId: number | null, tx: Db) {
      const [row] = await tx
        .select()
        .from(visits)
        .where(
          and(
            eq(visits.userId, userId),
            eq(visits.visitDate, date),
            eq(visits.oneTime, true),
            sql`coalesce(${visits.fixationCategoryId}, 0) = ${fixationCategoryId ?? 0}`,
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async remove(ids: number[], tx: Db): Promise<VisitRow[]> {
      if (ids.length === 0) return [];
      return tx.delete(visits).where(inArray(visits.id, ids)).returning();
    },

    async setCount(id: number, count: number, tx: Db): Promise<VisitRow> {
      const [row] = await tx.update(visits).set({ count, oneTime: false }).where(eq(visits.id, id)).returning();
      return row!;
    },

    /** Visits in the shape of the history and the live list (as a scan answers them). */
    async fixations(ids: number[], tx: Db = db): Promise<Fixation[]> {
      if (ids.length === 0) return [];
      const rows = await selectVisitAnswers(tx).where(inArray(visits.id, ids)).orderBy(asc(visits.id));
      return rows.map(toFixation);
    },
  };
}

export type ManualFixationsRepository = ReturnType<typeof createManualFixationsRepository>;
