import { makeIin } from '@tamaq/contract/kz-id';
import type { Db } from '../src/platform/db/client.ts';
import {
  canteens,
  cards,
  classrooms,
  fixationCategories,
  foodCategories,
  parentChildren,
  users,
  watches,
} from '../src/platform/db/schema-people.ts';
import type { Platform } from '../src/platform/platform.ts';
import { createOrganization, createSchool, createUser, signedIn, tokenFor } from './factories.ts';

/** Factories of the people-and-structure tables; each makes the rows it depends on. */
let seq = 0;
const next = () => ++seq;

export async function createClassroom(db: Db, overrides: Partial<typeof classrooms.$inferInsert> = {}) {
  const school = overrides.schoolId
    ? { id: overrides.schoolId, organizationId: overrides.organizationId! }
    : await createSchool(db, overrides.organizationId ? { organizationId: overrides.organizationId } : {});
  const [row] = await db
    .insert(classrooms)
    .values({ name: `${next()} «А»`, ...overrides, schoolId: school.id, organizationId: school.organizationId })
    .returning();
  return row!;
}

export async function createFoodCategory(
  db: Db,
  overrides: Partial<typeof foodCategories.$inferInsert> & { organizationId: number },
) {
  const [row] = await db
    .insert(foodCategories)
    .values({ name: `Категория ${next()}`, cost: '650.00', type: 'common', ...overrides })
    .returning();
  return row!;
}

/** A pupil: a user without a role in a classroom (creates the classroom when none is given). */
export async function createPupil(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { classroomId?: number; organizationId?: number } = {},
) {
  const classroom = overrides.classroomId
    ? { id: overrides.classroomId, schoolId: overrides.schoolId!, organizationId: overrides.organizationId! }
    : await createClassroom(db, overrides.organizationId ? { organizationId: overrides.organizationId } : {});
  const n = next();
  const [row] = await db
    .insert(users)
    .values({
      name: `Ученик ${n}`,
      iin: makeIin('120304', 5, n * 7),
      ...overrides,
      email: overrides.email ?? null,
      roleId: null,
      organizationId: classroom.organizationId,
      schoolId: classroom.schoolId,
      classroomId: classroom.id,
    })
    .returning();
  return row!;
}

export async function createCanteen(db: Db, overrides: Partial<typeof canteens.$inferInsert> = {}) {
  const organizationId = overrides.organizationId ?? (await createOrganization(db, { type: 'company' })).id;
  const [row] = await db
    .insert(canteens)
    .values({ name: `Столовая ${next()}`, address: 'ул. Сатпаева, 30', ...overrides, organizationId })
    .returning();
  return row!;
}

export async function createWatch(
  db: Db,
  overrides: Partial<typeof watches.$inferInsert> & { organizationId: number },
) {
  const [row] = await db
    .insert(watches)
    .values({ name: `Вахта ${next()}`, days: [1, 2, 3, 15], ...overrides })
    .returning();
  return row!;
}

export async function createFixationCategory(
  db: Db,
  overrides: Partial<typeof fixationCategories.$inferInsert> & { organizationId: number },
) {
  const [row] = await db
    .insert(fixationCategories)
    .values({ name: `Обед ${next()}`, position: 99, timeStart: '12:00', timeFinish: '15:00', ...overrides })
    .returning();
  return row!;
}

export async function createCard(db: Db, overrides: Partial<typeof cards.$inferInsert> & { organizationId: number }) {
  const [row] = await db
    .insert(cards)
    .values({
      number: `CARD${String(next()).padStart(6, '0')}${Date.now() % 100000}`,
      linkedAt: overrides.userId ? new Date() : null,
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * A school of a new education organization with one pupil (social wallet, 650 тг.) holding a card,
 * and the school's cashier and admin signed in.
 */
export async function schoolWithPupil(platform: Platform) {
  const db = platform.db;
  const org = await createOrganization(db, { type: 'education' });
  const school = await createSchool(db, { organizationId: org.id });
  const classroom = await createClassroom(db, { organizationId: org.id, schoolId: school.id });
  const food = await createFoodCategory(db, { organizationId: org.id, type: 'sw', cost: '650.00' });
  const pupil = await createPupil(db, {
    organizationId: org.id,
    schoolId: school.id,
    classroomId: classroom.id,
    foodCategoryId: food.id,
  });
  const card = await createCard(db, { organizationId: org.id, userId: pupil.id });
  const cashier = await signedIn(platform, { role: 'EducationCashier', organizationId: org.id });
  const admin = await signedIn(platform, { role: 'EducationAdmin', organizationId: org.id });
  return { org, school, pupil, card, cashier: cashier.token, admin: admin.token };
}

/**
 * The notices' family: «Сапарова Дана» at «Школа №5» (№5 мектеп) of an Almaty organization, on the
 * social wallet, with a card; a parent of hers (no e-mail) in each language given (null: the
 * organization's); the school's cashier and admin signed in.
 */
export async function danaWithParents(platform: Platform, languages: ('ru' | 'kk' | null)[]) {
  const db = platform.db;
  const edu = await createOrganization(db, { type: 'education', timeZone: 'Asia/Almaty' });
  const school = await createSchool(db, { organizationId: edu.id, name: 'Школа №5', nameKk: '№5 мектеп' });
  const classroom = await createClassroom(db, { organizationId: edu.id, schoolId: school.id, name: '5 «А»' });
  const sw = await createFoodCategory(db, { organizationId: edu.id, type: 'sw', name: 'Соцкошелёк' });
  const pupil = await createPupil(db, {
    organizationId: edu.id,
    schoolId: school.id,
    classroomId: classroom.id,
    name: 'Сапарова Дана',
    foodCategoryId: sw.id,
  });
  const dana = { id: pupil.id, card: (await createCard(db, { organizationId: edu.id, userId: pupil.id })).number };
  const parents: { id: number; token: string }[] = [];
  for (const language of languages) {
    const user = await createUser(db, { role: 'Parent', organizationId: null, email: null, language });
    await db.insert(parentChildren).values({ parentId: user.id, pupilId: dana.id });
    parents.push({ id: user.id, token: await tokenFor(platform, user) });
  }
  const cashier = (await signedIn(platform, { role: 'EducationCashier', organizationId: edu.id })).token;
  const staff = (await signedIn(platform, { role: 'EducationAdmin', organizationId: edu.id })).token;
  return { schoolId: school.id, dana, parents, cashier, staff };
}
