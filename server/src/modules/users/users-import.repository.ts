import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { cards, classrooms, foodCategories, users } from '../../platform/db/schema-people.ts';

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

const live = isNull(users.deletedAt);

/** What a change of food category reads of a person (with `foodCategories` joined). */
export const categoryColumns = {
  classroomId: users.classroomId,
  roleId: users.roleId,
  foodCategoryId: users.foodCategoryId,
  foodCategoryType: foodCategories.type,
  socialWalletSetDate: users.socialWalletSetDate,
  socialWalletResetDate: users.socialWalletResetDate,
  socialWalletOrder: users.socialWalletOrder,
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

/** What an import of people reads (the classes, categories and people it matches) and writes in bulk. */
export function createUsersImportRepository(db: Db) {
  return {
    async classroomsOf(organizationId: number, schoolId: number | null, tx: Db = db) {
      return tx
        .select({ id: classrooms.id, schoolId: classrooms.schoolId, name: classrooms.name, nameKk: classrooms.nameKk })
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
        .select({
          id: foodCategories.id,
          name: foodCategories.name,
          nameKk: foodCategories.nameKk,
          type: foodCategories.type,
        })
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
    async insertMany(organizationId: number, rows: readonly ImportedUser[], at: Date, tx: Db = db): Promise<number[]> {
      // The ids are taken first, so each row knows its person (a card of the row is linked to it).
      const ids: number[] = [];
      if (rows.length === 0) return ids;
      const taken = await tx.execute(sql`
        select nextval(pg_get_serial_sequence('users', 'id'))::int as id from generate_series(1, ${rows.length}::int)`);
      for (const r of (taken as unknown as { rows: { id: number }[] }).rows) ids.push(Number(r.id));
      for (let i = 0; i < rows.length; i += IMPORT_CHUNK) {
        const json = JSON.stringify(rows.slice(i, i + IMPORT_CHUNK).map((r, k) => ({ ...r, id: ids[i + k] })));
        await tx.execute(sql`
          insert into users (id, organization_id, school_id, classroom_id, name, iin, job_title, food_category_id,
                             social_wallet_set_date, social_wallet_reset_date, created_at, updated_at)
          select r.id, ${organizationId}::int, r.school_id, r.classroom_id, r.name, r.iin, r.job_title,
                 r.food_category_id, r.sw_set::date, r.sw_reset::date, ${at.toISOString()}::timestamptz,
                 ${at.toISOString()}::timestamptz
          from json_to_recordset(${json}::json) as r(id int, school_id int, classroom_id int, name text, iin text,
               job_title text, food_category_id int, sw_set text, sw_reset text)`);
      }
      return ids;
    },

    /** The cards of these numbers, with their live holder (and the holder's school) if any. */
    async cardsByNumbers(numbers: readonly string[], tx: Db = db) {
      if (numbers.length === 0) return [];
      return tx
        .select({
          id: cards.id,
          number: cards.number,
          organizationId: cards.organizationId,
          holderId: sql<number | null>`case when ${users.deletedAt} is null then ${users.id} end`,
          holderName: sql<string | null>`case when ${users.deletedAt} is null then ${users.name} end`,
          holderSchoolId: sql<number | null>`case when ${users.deletedAt} is null then ${users.schoolId} end`,
        })
        .from(cards)
        .leftJoin(users, eq(users.id, cards.userId))
        .where(inArray(cards.number, [...numbers]));
    },

    /** Registers new numbers in the organization; their ids by number. */
    async addCards(organizationId: number, numbers: readonly string[], at: Date, tx: Db = db) {
      if (numbers.length === 0) return new Map<string, number>();
      const made = await tx
        .insert(cards)
        .values(numbers.map((number) => ({ organizationId, number, createdAt: at })))
        .returning({ id: cards.id, number: cards.number });
      return new Map(made.map((c) => [c.number, c.id]));
    },

    /** Links each card to its person. */
    async linkCards(pairs: readonly { cardId: number; userId: number }[], at: Date, tx: Db = db) {
      for (let i = 0; i < pairs.length; i += IMPORT_CHUNK) {
        const json = JSON.stringify(pairs.slice(i, i + IMPORT_CHUNK));
        await tx.execute(sql`
          update cards c set user_id = p."userId", linked_at = ${at.toISOString()}::timestamptz
          from json_to_recordset(${json}::json) as p("cardId" int, "userId" int)
          where c.id = p."cardId"`);
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
