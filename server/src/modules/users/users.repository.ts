import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { tenantFilter, type Scope } from '../../platform/auth/scope.ts';
import { escapeLike } from '../../platform/db/catalogue.ts';
import { archivedUser } from '../../platform/db/archived-user.ts';
import { boundedRead, LIST_TIMEOUT_MS, type Db } from '../../platform/db/client.ts';
import { images, organizations, regions, schools } from '../../platform/db/schema.ts';
import { cards, classrooms, foodCategories, users, watches } from '../../platform/db/schema-people.ts';

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
  /** What the search matches, by context (spec 1 §2.10, §2.12). */
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
  hasPassword: sql<boolean>`${users.passwordHash} is not null`.mapWith(Boolean),
};

/** What an import needs of an existing person to match and update them. */
export interface ImportCandidate {
  id: number;
  name: string;
  iin: string | null;
  schoolId: number | null;
  classroomId: number | null;
  roleId: number | null;
  jobTitle: string | null;
  foodCategoryId: number | null;
  foodCategoryType: 'sw' | 'common' | null;
  socialWalletSetDate: string | null;
  socialWalletResetDate: string | null;
}

/** What a change of food category reads of a person (with `foodCategories` joined). */
const categoryColumns = {
  classroomId: users.classroomId,
  roleId: users.roleId,
  foodCategoryId: users.foodCategoryId,
  foodCategoryType: foodCategories.type,
  socialWalletSetDate: users.socialWalletSetDate,
  socialWalletResetDate: users.socialWalletResetDate,
};

/** The organization's live users that `where` picks for any chunk of `values`. */
async function importCandidates(
  tx: Db,
  organizationId: number,
  values: readonly string[],
  where: (chunk: string[]) => SQL,
): Promise<ImportCandidate[]> {
  const out: ImportCandidate[] = [];
  for (let i = 0; i < values.length; i += IMPORT_CHUNK) {
    out.push(
      ...(await tx
        .select({
          id: users.id,
          name: users.name,
          iin: users.iin,
          schoolId: users.schoolId,
          jobTitle: users.jobTitle,
          ...categoryColumns,
        })
        .from(users)
        .leftJoin(foodCategories, eq(foodCategories.id, users.foodCategoryId))
        .where(and(eq(users.organizationId, organizationId), live, where(values.slice(i, i + IMPORT_CHUNK))))),
    );
  }
  return out;
}

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
            schoolBin: schools.bin,
            classroomName: classrooms.name,
            cardsCount,
          })
          .from(users)
          .leftJoin(images, eq(images.id, users.imageId))
          .leftJoin(foodCategories, eq(foodCategories.id, users.foodCategoryId))
          .leftJoin(regions, eq(regions.id, users.regionId))
          .leftJoin(schools, eq(schools.id, users.schoolId))
          .leftJoin(classrooms, eq(classrooms.id, users.classroomId))
          .where(condition)
          .orderBy(asc(users.name), asc(users.id))
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
            classroomName: classrooms.name,
            categoryName: foodCategories.name,
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
      rows: readonly { id: number; food_category_id: number | null; sw_set: string | null; sw_reset: string | null }[],
      at: Date,
      tx: Db,
    ) {
      if (!rows.length) return;
      await tx.execute(sql`
        update users u set food_category_id = r.food_category_id,
               social_wallet_set_date = r.sw_set::date, social_wallet_reset_date = r.sw_reset::date,
               updated_at = ${at.toISOString()}::timestamptz
        from json_to_recordset(${JSON.stringify(rows)}::json) as r(id int, food_category_id int, sw_set text, sw_reset text)
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

    async findClassroom(id: number, tx: Db = db) {
      const [row] = await tx
        .select({
          id: classrooms.id,
          organizationId: classrooms.organizationId,
          schoolId: classrooms.schoolId,
          name: classrooms.name,
        })
        .from(classrooms)
        .where(and(eq(classrooms.id, id), isNull(classrooms.archivedAt)))
        .limit(1);
      return row ?? null;
    },

    async findSchool(id: number, tx: Db = db) {
      const [row] = await tx
        .select({ id: schools.id, organizationId: schools.organizationId, name: schools.name })
        .from(schools)
        .where(eq(schools.id, id))
        .limit(1);
      return row ?? null;
    },

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

    // ---- import ----

    async classroomsOf(organizationId: number, schoolId: number | null, tx: Db = db) {
      return tx
        .select({ id: classrooms.id, schoolId: classrooms.schoolId, name: classrooms.name })
        .from(classrooms)
        .where(
          and(
            eq(classrooms.organizationId, organizationId),
            isNull(classrooms.archivedAt),
            schoolId === null ? undefined : eq(classrooms.schoolId, schoolId),
          ),
        );
    },

    async foodCategoriesOf(organizationId: number, tx: Db = db) {
      return tx
        .select({ id: foodCategories.id, name: foodCategories.name, type: foodCategories.type })
        .from(foodCategories)
        .where(and(eq(foodCategories.organizationId, organizationId), isNull(foodCategories.deletedAt)));
    },

    /** The live users of the organization holding any of these IINs, with their category's type. */
    byIins: (organizationId: number, iins: readonly string[], tx: Db = db) =>
      importCandidates(tx, organizationId, iins, (chunk) => inArray(users.iin, chunk)),

    /**
     * The live users of the organization whose name is one of `names`, trimmed and in lower case on
     * both sides (as the database lowers letters: the caller compares again).
     */
    byNames: (organizationId: number, names: readonly string[], tx: Db = db) =>
      importCandidates(tx, organizationId, names, (chunk) =>
        inArray(
          sql`lower(btrim(${users.name}))`,
          chunk.map((n) => sql`lower(btrim(${n}))`),
        ),
      ),

    /**
     * Creates many users with one statement per chunk: the rows travel as one JSON parameter and
     * `json_to_recordset` turns them into a table (no parameter limit, no SQL built per row).
     */
    async insertMany(organizationId: number, rows: readonly ImportedUser[], at: Date, tx: Db = db) {
      for (let i = 0; i < rows.length; i += IMPORT_CHUNK) {
        const json = JSON.stringify(rows.slice(i, i + IMPORT_CHUNK));
        await tx.execute(sql`
          insert into users (organization_id, school_id, classroom_id, name, iin, job_title, food_category_id,
                             social_wallet_set_date, social_wallet_reset_date, created_at, updated_at)
          select ${organizationId}::int, r.school_id, r.classroom_id, r.name, r.iin, r.job_title, r.food_category_id,
                 r.sw_set::date, r.sw_reset::date, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
          from json_to_recordset(${json}::json) as r(school_id int, classroom_id int, name text, iin text,
               job_title text, food_category_id int, sw_set text, sw_reset text)`);
      }
    },

    /** Updates many users by id, one statement per chunk, every column given its final value. */
    async updateMany(rows: readonly (ImportedUser & { id: number })[], at: Date, tx: Db = db) {
      for (let i = 0; i < rows.length; i += IMPORT_CHUNK) {
        const json = JSON.stringify(rows.slice(i, i + IMPORT_CHUNK));
        await tx.execute(sql`
          update users u set name = r.name, iin = r.iin, school_id = r.school_id, classroom_id = r.classroom_id,
                 job_title = r.job_title, food_category_id = r.food_category_id,
                 social_wallet_set_date = r.sw_set::date, social_wallet_reset_date = r.sw_reset::date,
                 updated_at = ${at.toISOString()}::timestamptz
          from json_to_recordset(${json}::json) as r(id int, school_id int, classroom_id int, name text,
               iin text, job_title text, food_category_id int, sw_set text, sw_reset text)
          where u.id = r.id and u.deleted_at is null`);
      }
    },
  };
}

export const IMPORT_CHUNK = 2000;

/** One imported row as the bulk statements take it (snake case: it travels as JSON). */
export interface ImportedUser {
  school_id: number | null;
  classroom_id: number | null;
  name: string;
  iin: string | null;
  job_title: string | null;
  food_category_id: number | null;
  sw_set: string | null;
  sw_reset: string | null;
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
export type UserRecord = NonNullable<Awaited<ReturnType<UsersRepository['find']>>>;
export type UserListRecord = Awaited<ReturnType<UsersRepository['list']>>['rows'][number];
