import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { everywhere, tenantFilter, type Scope } from '../../platform/auth/scope.ts';
import { escapeLike } from '../../platform/db/catalogue.ts';
import { archivedUser } from '../../platform/db/archived-user.ts';
import { classroomInScope, classroomNameColumns, schoolInScope } from '../../platform/db/places.ts';
import { boundedRead, LIST_TIMEOUT_MS, type Db } from '../../platform/db/client.ts';
import { images, organizations, regions, schools } from '../../platform/db/schema.ts';
import { cards, classrooms, foodCategories, users, watches } from '../../platform/db/schema-people.ts';
import { categoryColumns, createUsersImportRepository } from './users-import.repository.ts';
import { alphabetically, nameColumnForReader } from '../../platform/db/alphabet.ts';

export type { ImportCandidate, ImportedUser } from './users-import.repository.ts';
export { IMPORT_CHUNK } from './users-import.repository.ts';

export type UserValues = Partial<Omit<typeof users.$inferInsert, 'id' | 'createdAt'>>;

export interface UserFilter {
  /** The caller's tenant condition (tenantFilter). */
  tenant: SQL | undefined;
  organizationId?: number | undefined;
  classroomId?: number | undefined;
  schoolId?: number | undefined;
  pupilsOnly: boolean;
  /** A role's id, or null for people without a role. */
  roleId?: number | null | undefined;
  /** What the search matches, by context (docs/product.md "Users", "Pupils"). */
  search?: { text: string; in: readonly ('name' | 'jobTitle' | 'iin' | 'card')[] } | undefined;
}

const live = isNull(users.deletedAt);

/**
 * The users a caller reaches: their tenant scope, and with `pupilsOnly` (a social teacher) only
 * users with a class.
 */
export const userScope = (scope: Scope, pupilsOnly: boolean): SQL | undefined =>
  and(tenantFilter(users, scope), pupilsOnly ? isNotNull(users.classroomId) : undefined);

const cardsCount = sql<number>`(select count(*) from ${cards} where ${cards.userId} = ${users.id})`.mapWith(Number);

const userColumns = {
  id: users.id,
  name: users.name,
  jobTitle: users.jobTitle,
  iin: users.iin,
  email: users.email,
  language: users.language,
  roleId: users.roleId,
  imageId: users.imageId,
  imageKey: images.key,
  watchId: users.watchId,
  organizationId: users.organizationId,
  schoolId: users.schoolId,
  classroomId: users.classroomId,
  regionId: users.regionId,
  foodCategoryId: users.foodCategoryId,
  socialWalletSetDate: users.socialWalletSetDate,
  socialWalletResetDate: users.socialWalletResetDate,
  socialWalletOrder: users.socialWalletOrder,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`.mapWith(Boolean),
};

export function createUsersRepository(db: Db) {
  const where = (f: UserFilter): SQL => {
    const conds: (SQL | undefined)[] = [live, f.tenant];
    if (f.organizationId !== undefined) conds.push(eq(users.organizationId, f.organizationId));
    if (f.classroomId !== undefined) conds.push(eq(users.classroomId, f.classroomId));
    if (f.schoolId !== undefined) conds.push(eq(users.schoolId, f.schoolId));
    if (f.pupilsOnly) conds.push(isNotNull(users.classroomId));
    if (f.roleId !== undefined) conds.push(f.roleId === null ? isNull(users.roleId) : eq(users.roleId, f.roleId));
    if (f.search?.text) {
      const like = `%${escapeLike(f.search.text)}%`;
      const matches = f.search.in.map((field) => {
        if (field === 'name') return ilike(users.name, like);
        if (field === 'jobTitle') return ilike(users.jobTitle, like);
        if (field === 'iin') return sql`${users.iin} like ${`${escapeLike(f.search!.text)}%`}`;
        return sql`exists (select 1 from ${cards} where ${cards.userId} = ${users.id} and ${cards.number} like ${`${escapeLike(f.search!.text.toUpperCase())}%`})`;
      });
      conds.push(or(...matches));
    }
    return and(...conds)!;
  };

  return {
    ...createUsersImportRepository(db),

    async list(filter: UserFilter, limit: number, offset: number) {
      const condition = where(filter);
      return boundedRead(db, LIST_TIMEOUT_MS, async (tx) => {
        const [totalRow] = await tx.select({ total: count() }).from(users).where(condition);
        const rows = await tx
          .select({
            ...userColumns,
            foodCategoryName: foodCategories.name,
            foodCategoryType: foodCategories.type,
            regionName: regions.name,
            schoolName: schools.name,
            schoolNameKk: schools.nameKk,
            schoolNameRuMissing: schools.nameRuMissing,
            schoolBin: schools.bin,
            ...classroomNameColumns,
            cardsCount,
          })
          .from(users)
          .leftJoin(images, eq(images.id, users.imageId))
          .leftJoin(foodCategories, eq(foodCategories.id, users.foodCategoryId))
          .leftJoin(regions, eq(regions.id, users.regionId))
          .leftJoin(schools, eq(schools.id, users.schoolId))
          .leftJoin(classrooms, eq(classrooms.id, users.classroomId))
          .where(condition)
          .orderBy(alphabetically(users.name), asc(users.id))
          .limit(limit)
          .offset(offset);
        return { total: totalRow?.total ?? 0, rows };
      });
    },

    /** The live pupils of a school or a class (inside `tenant`) with what the export shows. */
    pupilsToExport(tenant: SQL | undefined, schoolId: number, classroomId: number | null) {
      return boundedRead(db, LIST_TIMEOUT_MS, (tx) =>
        tx
          .select({
            name: users.name,
            iin: users.iin,
            // In the reader's language: the sheet is read, not loaded back.
            classroomName: nameColumnForReader(classrooms.name, classrooms.nameKk).mapWith(String),
            categoryName: nameColumnForReader(foodCategories.name, foodCategories.nameKk).mapWith(String),
            cards: sql<
              string | null
            >`(select string_agg(${cards.number}, ', ' order by ${cards.id}) from ${cards} where ${cards.userId} = ${users.id})`,
          })
          .from(users)
          .innerJoin(classrooms, eq(classrooms.id, users.classroomId))
          .leftJoin(foodCategories, eq(foodCategories.id, users.foodCategoryId))
          .where(
            and(
              live,
              tenant,
              eq(users.schoolId, schoolId),
              classroomId === null ? undefined : eq(users.classroomId, classroomId),
            ),
          ),
      );
    },

    /** The live users among `ids` inside `tenant`, locked for a change of their food category. */
    forCategoryChange(ids: readonly number[], tenant: SQL | undefined, tx: Db) {
      return tx
        .select({
          id: users.id,
          organizationId: users.organizationId,
          ...categoryColumns,
        })
        .from(users)
        .leftJoin(foodCategories, eq(foodCategories.id, users.foodCategoryId))
        .where(and(inArray(users.id, [...ids]), live, tenant))
        .for('update', { of: users });
    },

    /** Sets each user's food category and social wallet dates, one statement. */
    async setCategories(
      rows: readonly {
        id: number;
        food_category_id: number | null;
        sw_set: string | null;
        sw_reset: string | null;
        sw_order: string | null;
      }[],
      at: Date,
      tx: Db,
    ) {
      if (!rows.length) return;
      const values = rows.map(({ id, food_category_id, sw_set, sw_reset, sw_order }) => ({
        id,
        food_category_id,
        sw_set,
        sw_reset,
        sw_order,
      }));
      await tx.execute(sql`
        update users u set food_category_id = r.food_category_id,
               social_wallet_set_date = r.sw_set::date, social_wallet_reset_date = r.sw_reset::date,
               social_wallet_order = r.sw_order, updated_at = ${at.toISOString()}::timestamptz
        from json_to_recordset(${JSON.stringify(values)}::json)
          as r(id int, food_category_id int, sw_set text, sw_reset text, sw_order text)
        where u.id = r.id`);
    },

    /** A live user inside the caller's scope, or null (another tenant's user is "not found"). */
    async find(id: number, tenant: SQL | undefined, tx: Db = db) {
      const [row] = await tx
        .select(userColumns)
        .from(users)
        .leftJoin(images, eq(images.id, users.imageId))
        .where(and(eq(users.id, id), live, tenant))
        .limit(1);
      return row ?? null;
    },

    /** A live class the scope sees (`everywhere`: any, for a check made once its organization is known). */
    classroom: (id: number, scope: Scope, tx: Db = db) => classroomInScope(tx, scope, id),

    findSchool: (id: number, tx: Db = db) => schoolInScope(tx, everywhere, id),

    async findFoodCategory(id: number, tx: Db = db) {
      const [row] = await tx
        .select({ id: foodCategories.id, organizationId: foodCategories.organizationId, type: foodCategories.type })
        .from(foodCategories)
        .where(and(eq(foodCategories.id, id), isNull(foodCategories.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    /** The type of a category, archived or not (a pupil may still hold an archived one). */
    async foodCategoryType(id: number, tx: Db = db) {
      const [row] = await tx
        .select({ type: foodCategories.type })
        .from(foodCategories)
        .where(eq(foodCategories.id, id))
        .limit(1);
      return row?.type ?? null;
    },

    async findWatch(id: number, tx: Db = db) {
      const [row] = await tx
        .select({ id: watches.id, organizationId: watches.organizationId })
        .from(watches)
        .where(and(eq(watches.id, id), isNull(watches.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    async regionExists(id: number, tx: Db = db) {
      const [row] = await tx.select({ id: regions.id }).from(regions).where(eq(regions.id, id)).limit(1);
      return Boolean(row);
    },

    async findOrganization(id: number, tx: Db = db) {
      const [row] = await tx
        .select({ id: organizations.id, timeZone: organizations.timeZone, type: organizations.type })
        .from(organizations)
        .where(eq(organizations.id, id))
        .limit(1);
      return row ?? null;
    },

    async findImage(id: number, tx: Db = db) {
      const [row] = await tx
        .select({ id: images.id, ownerId: images.ownerId })
        .from(images)
        .where(eq(images.id, id))
        .limit(1);
      return row ?? null;
    },

    async emailTaken(email: string, exceptId: number | null, tx: Db = db) {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), exceptId === null ? undefined : ne(users.id, exceptId)))
        .limit(1);
      return Boolean(row);
    },

    async iinTaken(organizationId: number | null, iin: string, exceptId: number | null, tx: Db = db) {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            organizationId === null ? isNull(users.organizationId) : eq(users.organizationId, organizationId),
            eq(users.iin, iin),
            live,
            exceptId === null ? undefined : ne(users.id, exceptId),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    async insert(values: UserValues & { name: string }, tx: Db = db) {
      const [row] = await tx.insert(users).values(values).returning({ id: users.id });
      return row!.id;
    },

    /** `bumpTokens` ends the user's sessions (a new password or role given by an admin). */
    async update(id: number, values: UserValues, bumpTokens: boolean, tx: Db = db) {
      await tx
        .update(users)
        .set(bumpTokens ? { ...values, tokenVersion: sql`${users.tokenVersion} + 1` } : values)
        .where(and(eq(users.id, id), live));
    },

    /**
     * Archives a user: the row stays for the visits and reports that name it, but it can no longer
     * sign in (e-mail and password cleared, token version bumped) and holds no card.
     */
    async archive(id: number, at: Date, tx: Db = db): Promise<{ cardsUnlinked: number }> {
      await tx
        .update(users)
        .set(archivedUser(at))
        .where(and(eq(users.id, id), live));
      const unlinked = await tx
        .update(cards)
        .set({ userId: null, linkedAt: null })
        .where(eq(cards.userId, id))
        .returning({ id: cards.id });
      return { cardsUnlinked: unlinked.length };
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
export type UserRecord = NonNullable<Awaited<ReturnType<UsersRepository['find']>>>;
export type UserListRecord = Awaited<ReturnType<UsersRepository['list']>>['rows'][number];
