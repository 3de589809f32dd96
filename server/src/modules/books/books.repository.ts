import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';

import type { BookHistoryAction } from '@tamaq/contract/library';
import { tenantFilter, type Scope } from '../../platform/auth/scope.ts';

import { type Db } from '../../platform/db/client.ts';

import { bookBarcodes, bookCategories, bookLoans, books } from '../../platform/db/schema-library.ts';
import { createBookCopiesRepository } from './book-copies.repository.ts';
import { createBookSearchRepository } from './book-search.repository.ts';
import { live, selectBooks } from './book-select.repository.ts';

export interface BookValues {
  categoryId: number | null;
  name: string;
  authors: string;
  publisher: string;
  year: number;
  language: string | null;
  discipline: string | null;
  direction: string | null;
  type: string | null;
}

export interface HistoryEntry {
  organizationId: number;
  bookId: number;
  barcodeId?: number | null;
  action: BookHistoryAction;
  librarianId: number | null;
  userId?: number | null;
  data?: { expired_at?: string; renewed?: boolean } | null;
}

export function createBooksRepository(db: Db) {
  return {
    ...createBookCopiesRepository(db),
    ...createBookSearchRepository(db),

    /** A live book in the scope; `lock` holds it until the transaction ends. */
    async find(scope: Scope, id: number, tx: Db = db, lock = false) {
      const query = selectBooks(tx)
        .where(and(eq(books.id, id), live, tenantFilter(books, scope)))
        .limit(1);
      const [row] = lock ? await query.for('update', { of: books }) : await query;
      return row ?? null;
    },

    /** A book whatever its state (a removed book's copies still have a history). */
    async findAny(id: number, tx: Db = db) {
      const [row] = await selectBooks(tx).where(eq(books.id, id)).limit(1);
      return row ?? null;
    },

    barcodesOf: (bookId: number, tx: Db = db) =>
      tx
        .select({ id: bookBarcodes.id, barcode: bookBarcodes.barcode, total: bookBarcodes.total })
        .from(bookBarcodes)
        .where(and(eq(bookBarcodes.bookId, bookId), isNull(bookBarcodes.deletedAt)))
        .orderBy(asc(bookBarcodes.id)),

    async categoryInSchool(categoryId: number, schoolId: number, tx: Db = db) {
      const [row] = await tx
        .select({ id: bookCategories.id })
        .from(bookCategories)
        .where(and(eq(bookCategories.id, categoryId), eq(bookCategories.schoolId, schoolId)))
        .limit(1);
      return row !== undefined;
    },

    categoriesOf: (schoolId: number, tx: Db = db) =>
      tx
        .select({ id: bookCategories.id, name: bookCategories.name })
        .from(bookCategories)
        .where(eq(bookCategories.schoolId, schoolId)),

    async insertCategories(values: { organizationId: number; schoolId: number; name: string }[], tx: Db) {
      if (values.length === 0) return [];
      return tx.insert(bookCategories).values(values).returning({ id: bookCategories.id, name: bookCategories.name });
    },

    /**
     * Many books at once; the ids come back in the order of `values`. A thousand at a time as one JSON
     * parameter: drizzle's builder spent some 25 ms of the server's thread on an import's hundred
     * books as separate parameters, with the scans waiting.
     */
    async insertMany(values: (BookValues & { organizationId: number; schoolId: number })[], tx: Db) {
      const ids: number[] = [];
      for (let i = 0; i < values.length; i += 1000) {
        const rows = JSON.stringify(
          values
            .slice(i, i + 1000)
            .map((v) => [
              v.organizationId,
              v.schoolId,
              v.categoryId,
              v.name,
              v.authors,
              v.publisher,
              v.year,
              v.language,
              v.discipline,
              v.direction,
              v.type,
            ]),
        );
        const result = await tx.execute(sql`
          insert into books (organization_id, school_id, category_id, name, authors, publisher, year,
                             language, discipline, direction, type)
          select (e->>0)::int, (e->>1)::int, (e->>2)::int, e->>3, e->>4, e->>5, (e->>6)::int,
                 e->>7, e->>8, e->>9, e->>10
          from jsonb_array_elements(${rows}::jsonb) with ordinality as a(e, n)
          order by n
          returning id`);
        ids.push(...(result as unknown as { rows: { id: number }[] }).rows.map((r) => r.id));
      }
      return ids;
    },

    async insert(values: BookValues & { organizationId: number; schoolId: number }, tx: Db = db) {
      const [row] = await tx.insert(books).values(values).returning({ id: books.id });
      return row!.id;
    },

    async update(id: number, values: BookValues & { schoolId: number }, tx: Db = db) {
      await tx.update(books).set(values).where(eq(books.id, id));
    },

    /** Archives the book and its copies; their history stays. */
    async archive(id: number, tx: Db = db) {
      await tx
        .update(bookBarcodes)
        .set({ deletedAt: sql`now()` })
        .where(and(eq(bookBarcodes.bookId, id), isNull(bookBarcodes.deletedAt)));
      await tx
        .update(books)
        .set({ deletedAt: sql`now()` })
        .where(eq(books.id, id));
    },

    /** How many of the book's copies are on hand. */
    async onHand(bookId: number, tx: Db = db) {
      const [row] = await tx
        .select({ n: count() })
        .from(bookLoans)
        .innerJoin(bookBarcodes, eq(bookBarcodes.id, bookLoans.barcodeId))
        .where(and(eq(bookBarcodes.bookId, bookId), isNull(bookLoans.returnedAt)));
      return row?.n ?? 0;
    },
  };
}

export type BookRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createBooksRepository>['find']>>>;
export type HistoryRow = Awaited<ReturnType<ReturnType<typeof createBookCopiesRepository>['history']>>['rows'][number];
export type BooksRepository = ReturnType<typeof createBooksRepository>;
