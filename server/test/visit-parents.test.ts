import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/platform/db/client.ts';
import { organizations, schools } from '../src/platform/db/schema.ts';
import {
  canteens,
  cards,
  classrooms,
  fixationCategories,
  foodCategories,
  users,
  visits,
} from '../src/platform/db/schema-people.ts';
import {
  createCanteen,
  createCard,
  createClassroom,
  createFixationCategory,
  createFoodCategory,
  createPupil,
} from './factories-people.ts';
import { openTestDatabase } from './test-db.ts';

/**
 * The places, categories and holder a visit names have no foreign key from `visits` (a scan would
 * lock the same few rows for every insert); migrations 0018 and 0020 refuse their deletes by trigger
 * instead (and forget a deleted card, as ON DELETE SET NULL did), with the
 * error and constraint name the foreign key gave, so the services' refusals read it as before.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** The Postgres error of a statement, or null when it passed. */
async function failureOf(run: () => Promise<unknown>): Promise<{ code?: string; constraint?: string } | null> {
  try {
    await run();
    return null;
  } catch (err) {
    const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
    return e.cause?.code ? e.cause : e;
  }
}

async function visitEverywhere() {
  const { db } = database;
  const classroom = await createClassroom(db);
  const { organizationId, schoolId } = classroom;
  const pupil = await createPupil(db, { classroomId: classroom.id, schoolId, organizationId });
  const food = await createFoodCategory(db, { organizationId });
  const meal = await createFixationCategory(db, { organizationId });
  const canteen = await createCanteen(db, { organizationId });
  const card = await createCard(db, { organizationId, userId: pupil.id });
  const [visit] = await db
    .insert(visits)
    .values({
      organizationId,
      schoolId,
      canteenId: canteen.id,
      userId: pupil.id,
      cardId: card.id,
      classroomId: classroom.id,
      foodCategoryId: food.id,
      fixationCategoryId: meal.id,
      visitDate: '2026-11-20',
    })
    .returning();
  return { visit: visit!, organizationId, schoolId, classroom, food, meal, canteen, pupil, card };
}

describe('a visit keeps what it names', () => {
  it('refuses to delete the organization, school, canteen, class, category or holder of a visit, as a foreign key did', async () => {
    const { db } = database;
    const v = await visitEverywhere();
    const attempts = [
      [
        'visits_organization_id_organizations_id_fk',
        () => db.delete(organizations).where(eq(organizations.id, v.organizationId)),
      ],
      ['visits_school_id_schools_id_fk', () => db.delete(schools).where(eq(schools.id, v.schoolId))],
      ['visits_canteen_id_canteens_id_fk', () => db.delete(canteens).where(eq(canteens.id, v.canteen.id))],
      ['visits_classroom_id_classrooms_id_fk', () => db.delete(classrooms).where(eq(classrooms.id, v.classroom.id))],
      [
        'visits_food_category_id_food_categories_id_fk',
        () => db.delete(foodCategories).where(eq(foodCategories.id, v.food.id)),
      ],
      [
        'visits_fixation_category_id_fixation_categories_id_fk',
        () => db.delete(fixationCategories).where(eq(fixationCategories.id, v.meal.id)),
      ],
      ['visits_user_id_users_id_fk', () => db.delete(users).where(eq(users.id, v.pupil.id))],
      // Nor is an id a visit names changed.
      [
        'visits_food_category_id_food_categories_id_fk',
        () =>
          db
            .update(foodCategories)
            .set({ id: v.food.id + 1_000_000 })
            .where(eq(foodCategories.id, v.food.id)),
      ],
    ] as const;
    for (const [constraint, run] of attempts) {
      expect(await failureOf(run)).toMatchObject({ code: '23503', constraint });
    }
    // Every refusal changed nothing.
    expect(await db.select().from(foodCategories).where(eq(foodCategories.id, v.food.id))).toHaveLength(1);
    expect(await db.select().from(schools).where(eq(schools.id, v.schoolId))).toHaveLength(1);
  });

  it('lets them go once no visit names them, and a rename passes', async () => {
    const { db } = database;
    const v = await visitEverywhere();
    expect(
      await failureOf(() =>
        db.update(foodCategories).set({ name: 'Другое имя' }).where(eq(foodCategories.id, v.food.id)),
      ),
    ).toBeNull();
    await db.delete(visits).where(eq(visits.id, v.visit.id));
    expect(await failureOf(() => db.delete(foodCategories).where(eq(foodCategories.id, v.food.id)))).toBeNull();
    expect(await failureOf(() => db.delete(fixationCategories).where(eq(fixationCategories.id, v.meal.id)))).toBeNull();
    expect(await failureOf(() => db.delete(canteens).where(eq(canteens.id, v.canteen.id)))).toBeNull();
    const left = await db.select().from(foodCategories).where(eq(foodCategories.id, v.food.id));
    expect(left).toEqual([]);
  });

  it('keeps the visit of a deleted card, without the card (as ON DELETE SET NULL did)', async () => {
    const { db } = database;
    const v = await visitEverywhere();
    await db.delete(cards).where(eq(cards.id, v.card.id));
    const [after] = await db.select().from(visits).where(eq(visits.id, v.visit.id));
    expect(after).toMatchObject({ id: v.visit.id, userId: v.pupil.id, cardId: null });
  });
});
