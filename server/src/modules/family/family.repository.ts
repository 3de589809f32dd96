import { dishAllergensFor } from '../../platform/db/dish-allergens.ts';
import { ROLE_IDS } from '@tamaq/contract/roles';
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, between, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alphabetically } from '../../platform/db/alphabet.ts';
import { tenantFilter, type Scope } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db/client.ts';
import { classroomNameColumns, schoolNameColumns } from '../../platform/db/places.ts';
import { images, organizations, schools } from '../../platform/db/schema.ts';
import { absences } from '../../platform/db/schema-calendar.ts';
import { bookBarcodes, bookLoans, books } from '../../platform/db/schema-library.ts';
import { dishes, menuDishes } from '../../platform/db/schema-food.ts';
import { notificationChoices, notificationDeliveries } from '../../platform/db/schema-notifications.ts';
import {
  canteens,
  cards,
  childRestrictions,
  classrooms,
  mealRatings,
  fixationCategories,
  foodCategories,
  parentChildren,
  users,
  visits,
} from '../../platform/db/schema-people.ts';

/** What a parent reads of the children linked to them: nothing of anybody else's. */
export function createFamilyRepository(db: Db) {
  const childColumns = {
    id: users.id,
    name: users.name,
    iin: users.iin,
    imageKey: images.key,
    schoolId: users.schoolId,
    ...schoolNameColumns,
    classroomId: users.classroomId,
    ...classroomNameColumns,
    foodCategoryName: foodCategories.name,
    foodCategoryNameKk: foodCategories.nameKk,
    foodCategoryNameRuMissing: foodCategories.nameRuMissing,
    timeZone: organizations.timeZone,
    foodCategoryId: users.foodCategoryId,
    foodCategoryType: foodCategories.type,
    foodCategoryMeals: foodCategories.meals,
    socialWalletSetDate: users.socialWalletSetDate,
    socialWalletResetDate: users.socialWalletResetDate,
    classroomShift: classrooms.shift,
    createdAt: users.createdAt,
    updatedAt: users.updatedAt,
    organizationId: users.organizationId,
    schoolAddress: schools.address,
    schoolCity: schools.city,
    socialWalletOrder: users.socialWalletOrder,
    hasWatch: sql<boolean>`${users.watchId} is not null`,
  };

  /**
   * Every call of a parent reads the child through this: a named statement, planned once per
   * connection (seven tables joined: planning it took 3 ms of each call, running it 0.1 ms).
   */
  const childrenOf = (one: boolean) =>
    db
      .select(childColumns)
      .from(parentChildren)
      .innerJoin(users, eq(users.id, parentChildren.pupilId))
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .leftJoin(images, eq(images.id, users.imageId))
      .leftJoin(schools, eq(schools.id, users.schoolId))
      .leftJoin(classrooms, eq(classrooms.id, users.classroomId))
      .leftJoin(foodCategories, eq(foodCategories.id, users.foodCategoryId))
      .where(
        and(
          eq(parentChildren.parentId, sql.placeholder('parentId')),
          isNull(users.deletedAt),
          one ? eq(users.id, sql.placeholder('childId')) : undefined,
        ),
      )
      .orderBy(alphabetically(users.name), asc(users.id));
  const allChildren = childrenOf(false).prepare('tamaq_parent_children');
  const oneChild = childrenOf(true).prepare('tamaq_parent_child');

  return {
    /** The live children linked to the parent, by name, with their organization's time zone. */
    children(parentId: number, childId?: number) {
      return childId === undefined ? allChildren.execute({ parentId }) : oneChild.execute({ parentId, childId });
    },

    /** A pupil who signs in (the Student role), read as a child is: their own row, while in a class. */
    self(userId: number) {
      return db
        .select(childColumns)
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.organizationId))
        .leftJoin(images, eq(images.id, users.imageId))
        .leftJoin(schools, eq(schools.id, users.schoolId))
        .leftJoin(classrooms, eq(classrooms.id, users.classroomId))
        .leftJoin(foodCategories, eq(foodCategories.id, users.foodCategoryId))
        .where(and(eq(users.id, userId), isNull(users.deletedAt), isNotNull(users.classroomId)));
    },

    /**
     * The meals recorded for `childIds` on the organization's days `from`..`to`, in their order, with
     * `raterId`'s rating of each; `visitId` narrows to one.
     */
    meals(childIds: number[], from: string, to: string, raterId: number, visitId?: number) {
      if (childIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: visits.id,
          userId: visits.userId,
          createdAt: visits.createdAt,
          date: visits.visitDate,
          count: visits.count,
          schoolId: visits.schoolId,
          ...schoolNameColumns,
          canteenId: visits.canteenId,
          canteenName: canteens.name,
          fixationCategoryName: fixationCategories.name,
          foodCategoryName: foodCategories.name,
          foodCategoryNameKk: foodCategories.nameKk,
          foodCategoryNameRuMissing: foodCategories.nameRuMissing,
          foodCategoryType: foodCategories.type,
          organizationId: visits.organizationId,
          score: mealRatings.score,
          comment: mealRatings.comment,
        })
        .from(visits)
        .leftJoin(schools, eq(schools.id, visits.schoolId))
        .leftJoin(canteens, eq(canteens.id, visits.canteenId))
        .leftJoin(fixationCategories, eq(fixationCategories.id, visits.fixationCategoryId))
        .leftJoin(foodCategories, eq(foodCategories.id, visits.foodCategoryId))
        .leftJoin(mealRatings, and(eq(mealRatings.visitId, visits.id), eq(mealRatings.raterId, raterId)))
        .where(
          and(
            inArray(visits.userId, childIds),
            between(visits.visitDate, from, to),
            visitId === undefined ? undefined : eq(visits.id, visitId),
          ),
        )
        .orderBy(asc(visits.createdAt), asc(visits.id));
    },

    /** What the record of a child holds beyond its row: cards, counts of records, parents, whom to ask. */
    async record(child: { id: number; organizationId: number | null; schoolId: number | null }) {
      const [own, counts, parents, contacts] = await Promise.all([
        db
          .select({ number: cards.number, linkedAt: cards.linkedAt })
          .from(cards)
          .where(eq(cards.userId, child.id))
          .orderBy(asc(cards.linkedAt), asc(cards.id)),
        db.execute(sql`
          select (select count(*) from visits where user_id = ${child.id}::int)::int as meals,
                 (select count(*) from absences where user_id = ${child.id}::int)::int as absences,
                 (select count(*) from book_loans where user_id = ${child.id}::int)::int as loans`),
        db
          .select({ name: users.name, since: parentChildren.createdAt })
          .from(parentChildren)
          .innerJoin(users, eq(users.id, parentChildren.parentId))
          .where(and(eq(parentChildren.pupilId, child.id), isNull(users.deletedAt)))
          .orderBy(asc(parentChildren.createdAt), asc(users.id)),
        child.organizationId === null
          ? Promise.resolve([])
          : db
              .select({ name: users.name, jobTitle: users.jobTitle, schoolId: users.schoolId })
              .from(users)
              .where(
                and(
                  eq(users.organizationId, child.organizationId),
                  isNull(users.deletedAt),
                  inArray(users.roleId, [ROLE_IDS.EducationAdmin, ROLE_IDS.EducationKindergartenAdmin]),
                  child.schoolId === null
                    ? isNull(users.schoolId)
                    : or(isNull(users.schoolId), eq(users.schoolId, child.schoolId)),
                ),
              )
              .orderBy(alphabetically(users.name), asc(users.id)),
      ]);
      const held = (counts as unknown as { rows: { meals: number; absences: number; loans: number }[] }).rows[0]!;
      return { cards: own, held, parents, contacts };
    },

    /** A live pupil (a person with a class) in the caller's scope. */
    async pupilInScope(pupilId: number, scope: Scope) {
      const [row] = await db
        .select({ id: users.id, organizationId: users.organizationId, schoolId: users.schoolId })
        .from(users)
        .where(
          and(eq(users.id, pupilId), isNull(users.deletedAt), isNotNull(users.classroomId), tenantFilter(users, scope)),
        )
        .limit(1);
      return row;
    },

    /** The live parents linked to a pupil, longest linked first. */
    linkedParents(pupilId: number) {
      return db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          since: parentChildren.createdAt,
          // The channels the parent chose to hear of this child by.
          channels: sql<string[]>`array(select distinct c.channel from notification_choices c
            where c.parent_id = ${users.id} and c.pupil_id = ${pupilId}::int order by c.channel)`,
        })
        .from(parentChildren)
        .innerJoin(users, eq(users.id, parentChildren.parentId))
        .where(and(eq(parentChildren.pupilId, pupilId), isNull(users.deletedAt)))
        .orderBy(asc(parentChildren.createdAt), asc(users.id));
    },

    /** Marks a child's restrictions confirmed by a certificate (`by` and `at`), or not (nulls). */
    async confirmRestrictions(tx: Db, pupilId: number, by: number | null, at: Date | null) {
      await tx
        .update(childRestrictions)
        .set({ confirmedBy: by, confirmedAt: at })
        .where(eq(childRestrictions.pupilId, pupilId));
    },

    /** Takes the link away, and with it the parent's notification choices and what waits to be sent. */
    async unlink(tx: Db, pupilId: number, parentId: number): Promise<boolean> {
      const gone = await tx
        .delete(parentChildren)
        .where(and(eq(parentChildren.pupilId, pupilId), eq(parentChildren.parentId, parentId)))
        .returning({ parentId: parentChildren.parentId });
      await tx
        .delete(notificationChoices)
        .where(and(eq(notificationChoices.pupilId, pupilId), eq(notificationChoices.parentId, parentId)));
      await tx
        .delete(notificationDeliveries)
        .where(
          and(
            eq(notificationDeliveries.pupilId, pupilId),
            eq(notificationDeliveries.parentId, parentId),
            eq(notificationDeliveries.status, 'pending'),
          ),
        );
      return gone.length > 0;
    },

    async emailOf(userId: number): Promise<string | null> {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email || null;
    },

    /** Sets `raterId`'s rating of a meal (one per meal and rater: a second one changes it). */
    async rate(r: {
      organizationId: number;
      schoolId: number | null;
      pupilId: number;
      raterId: number;
      visitId: number;
      date: string;
      score: number;
      comment: string | null;
      dishIds: number[];
      at: Date;
    }) {
      await db
        .insert(mealRatings)
        .values({ ...r, createdAt: r.at, updatedAt: r.at })
        .onConflictDoUpdate({
          target: [mealRatings.visitId, mealRatings.raterId],
          set: { score: r.score, comment: r.comment, dishIds: r.dishIds, updatedAt: r.at },
        });
    },

    /** A child's restrictions with the names of who set and who confirmed them; none set: undefined. */
    async restrictions(childId: number, tx: Db = db) {
      const setter = alias(users, 'setter');
      const confirmer = alias(users, 'confirmer');
      const [row] = await tx
        .select({
          allergens: childRestrictions.allergens,
          diets: childRestrictions.diets,
          note: childRestrictions.note,
          setBy: setter.name,
          setAt: childRestrictions.setAt,
          confirmedBy: confirmer.name,
          confirmedAt: childRestrictions.confirmedAt,
        })
        .from(childRestrictions)
        .leftJoin(setter, eq(setter.id, childRestrictions.setBy))
        .leftJoin(confirmer, eq(confirmer.id, childRestrictions.confirmedBy))
        .where(eq(childRestrictions.pupilId, childId));
      return row;
    },

    /** Sets a child's restrictions as `setBy` gives them; the certificate's confirmation goes with the old ones. */
    async saveRestrictions(
      tx: Db,
      r: { pupilId: number; allergens: string[]; diets: string[]; note: string | null; setBy: number; at: Date },
    ) {
      const values = { allergens: r.allergens, diets: r.diets, note: r.note, setBy: r.setBy, setAt: r.at };
      await tx
        .insert(childRestrictions)
        .values({ pupilId: r.pupilId, ...values })
        .onConflictDoUpdate({
          target: childRestrictions.pupilId,
          set: { ...values, confirmedBy: null, confirmedAt: null },
        });
    },

    /** Each dish's allergens on its date: the cook's and its card's foods' (docs/rules.md). */
    dishAllergens: (pairs: { dishId: number; date: string }[]) => dishAllergensFor(db, pairs),

    /** The live dishes of each menu's day of `days` at once, by menu, day, meal mode and name. */
    menuDays(days: { menuId: number; day: number }[]) {
      if (days.length === 0) return Promise.resolve([]);
      return db
        .select({
          menuId: menuDishes.menuId,
          day: menuDishes.day,
          mode: menuDishes.group,
          id: dishes.id,
          name: dishes.name,
          nameKk: dishes.nameKk,
          nameRuMissing: dishes.nameRuMissing,
          output: dishes.output,
          cost: dishes.cost,
          imageKey: images.key,
          allergens: dishes.allergens,
        })
        .from(menuDishes)
        .innerJoin(dishes, eq(dishes.id, menuDishes.dishId))
        .leftJoin(images, eq(images.id, dishes.imageId))
        .where(
          and(
            or(...days.map((d) => and(eq(menuDishes.menuId, d.menuId), eq(menuDishes.day, d.day)))),
            isNull(dishes.deletedAt),
          ),
        )
        .orderBy(asc(menuDishes.group), alphabetically(dishes.name), asc(dishes.id));
    },

    /** The child's loans: those on hand (soonest due first), or the newest `limit` returned. */
    loans(childId: number, returned: boolean, limit: number) {
      return db
        .select({
          id: bookLoans.id,
          bookName: books.name,
          authors: books.authors,
          schoolId: bookLoans.schoolId,
          ...schoolNameColumns,
          issuedAt: bookLoans.issuedAt,
          expiredAt: bookLoans.expiredAt,
          returnedAt: bookLoans.returnedAt,
        })
        .from(bookLoans)
        .innerJoin(bookBarcodes, eq(bookBarcodes.id, bookLoans.barcodeId))
        .innerJoin(books, eq(books.id, bookBarcodes.bookId))
        .innerJoin(schools, eq(schools.id, bookLoans.schoolId))
        .where(
          and(eq(bookLoans.userId, childId), returned ? isNotNull(bookLoans.returnedAt) : isNull(bookLoans.returnedAt)),
        )
        .orderBy(
          ...(returned
            ? [desc(bookLoans.returnedAt), desc(bookLoans.id)]
            : [asc(bookLoans.expiredAt), asc(bookLoans.id)]),
        )
        .limit(limit);
    },

    /** The days of `from`..`to` the school marked the child away. */
    async absentDays(childId: number, from: string, to: string): Promise<Set<string>> {
      const rows = await db
        .select({ date: absences.date })
        .from(absences)
        .where(and(eq(absences.userId, childId), between(absences.date, from, to)));
      return new Set(rows.map((r) => r.date));
    },
  };
}

export type FamilyRepository = ReturnType<typeof createFamilyRepository>;
export type ChildRow = Awaited<ReturnType<FamilyRepository['children']>>[number];
export type MealRow = Awaited<ReturnType<FamilyRepository['meals']>>[number];
export type LoanRow = Awaited<ReturnType<FamilyRepository['loans']>>[number];
