import { schoolNameColumns } from '../../platform/db/places.ts';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { tenantFilter, type Scope } from '../../platform/auth/scope.ts';
import { listPage, searchIn } from '../../platform/db/catalogue.ts';
import type { Db } from '../../platform/db/client.ts';
import { schools } from '../../platform/db/schema.ts';
import { bookCategories, books } from '../../platform/db/schema-library.ts';

const columns = {
  id: bookCategories.id,
  organizationId: bookCategories.organizationId,
  schoolId: bookCategories.schoolId,
  ...schoolNameColumns,
  name: bookCategories.name,
  createdAt: bookCategories.createdAt,
};

export function createBookCategoriesRepository(db: Db) {
  return {
    async list(scope: Scope, filter: { query?: string; schoolId?: number; limit: number; offset: number }) {
      const where = and(
        tenantFilter(bookCategories, scope),
        filter.schoolId !== undefined ? eq(bookCategories.schoolId, filter.schoolId) : undefined,
        searchIn(filter.query, bookCategories.name),
      );
      return listPage(db, {
        rows: (tx) =>
          tx
            .select(columns)
            .from(bookCategories)
            .innerJoin(schools, eq(schools.id, bookCategories.schoolId))
            .where(where)
            .orderBy(sql`lower(${bookCategories.name})`, asc(bookCategories.id)),
        table: bookCategories,
        where,
        limit: filter.limit,
        offset: filter.offset,
      });
    },

    /** `lock` holds the row until the transaction ends, so a delete and its checks see one state. */
    async find(scope: Scope, id: number, tx: Db = db, lock = false) {
      const query = tx
        .select(columns)
        .from(bookCategories)
        .innerJoin(schools, eq(schools.id, bookCategories.schoolId))
        .where(and(eq(bookCategories.id, id), tenantFilter(bookCategories, scope)))
        .limit(1);
      const [row] = lock ? await query.for('update', { of: bookCategories }) : await query;
      return row ?? null;
    },

    async insert(values: { organizationId: number; schoolId: number; name: string }, tx: Db = db) {
      const [row] = await tx.insert(bookCategories).values(values).returning({ id: bookCategories.id });
      return row!.id;
    },

    async update(id: number, values: { schoolId: number; name: string }, tx: Db = db) {
      await tx.update(bookCategories).set(values).where(eq(bookCategories.id, id));
    },

    /** Whether live books are filed under the category (then it may not go). */
    async hasBooks(id: number, tx: Db = db) {
      const [row] = await tx
        .select({ id: books.id })
        .from(books)
        .where(and(eq(books.categoryId, id), isNull(books.deletedAt)))
        .limit(1);
      return row !== undefined;
    },

    /** Deletes the category; removed books that still name it lose the name. */
    async delete(id: number, tx: Db = db) {
      await tx
        .update(books)
        .set({ categoryId: null })
        .where(and(eq(books.categoryId, id), isNotNull(books.deletedAt)));
      await tx.delete(bookCategories).where(eq(bookCategories.id, id));
    },
  };
}

export type BookCategoryRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createBookCategoriesRepository>['find']>>
>;
