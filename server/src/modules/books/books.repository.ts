import { aliasedTable, and, asc, count, desc, eq, exists, ilike, isNull, or, sql } from 'drizzle-orm';
import type { BookHistoryAction } from '@tamaq/contract/library';
import { tenantFilter, type Scope } from '../../platform/auth/scope.ts';
import { containsPattern, escapeLike, listPage } from '../../platform/db/catalogue.ts';
import type { Db } from '../../platform/db/client.ts';
import { schools } from '../../platform/db/schema.ts';
import { users } from '../../platform/db/schema-people.ts';
import {
  bookBarcodes,
  bookCategories,
  bookHistories,
  bookLoans,
  books,
  searchable,
} from '../../platform/db/schema-library.ts';

/** How many live copies a book has: the list's `count`. */
const copies = sql<number>`(select count(*)::int from ${bookBarcodes} where ${bookBarcodes.bookId} = ${books.id} and ${bookBarcodes.deletedAt} is null)`;

const columns = {
  id: books.id,
  organizationId: books.organizationId,
  schoolId: books.schoolId,
  schoolName: schools.name,
  categoryId: books.categoryId,
  categoryName: bookCategories.name,
  name: books.name,
  authors: books.authors,
  publisher: books.publisher,
  year: books.year,
  language: books.language,
  discipline: books.discipline,
  direction: books.direction,
  type: books.type,
  count: copies,
  createdAt: books.createdAt,
};

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

const live = isNull(books.deletedAt);
/**
 * How alike a typed word and a word of a book must be (0–1) to match: 0.4 takes «алгерба» for
 * «алгебра» and «Ауезов» for «Ауэзов». Set on the connection before the search; only book search
 * uses the operator.
 */
const SEARCH_THRESHOLD = sql`select set_config('pg_trgm.word_similarity_threshold', '0.4', false)`;
const librarian = aliasedTable(users, 'librarian');

export function createBooksRepository(db: Db) {
  const selectBooks = (tx: Db) =>
    tx
      .select(columns)
      .from(books)
      .innerJoin(schools, eq(schools.id, books.schoolId))
      .leftJoin(bookCategories, eq(bookCategories.id, books.categoryId));

  return {
    /**
     * A school's live books, searched by a part of the name or the authors, by a word of them with a
     * typo (trigram word similarity), with Latin look-alike letters read as Cyrillic, or by a copy's
     * barcode; the best matches first, then by name.
     */
    async list(scope: Scope, filter: { query?: string; schoolId?: number; limit: number; offset: number }) {
      const text = filter.query;
      const doc = searchable(sql`${books.name} || ' ' || ${books.authors}`);
      const wanted = text ? searchable(sql`${text}`) : undefined;
      const where = and(
        live,
        tenantFilter(books, scope),
        filter.schoolId !== undefined ? eq(books.schoolId, filter.schoolId) : undefined,
        text && wanted
          ? or(
              sql`${doc} like ${sql`'%' || ${searchable(sql`${escapeLike(text)}`)} || '%'`}`,
              sql`${wanted} <% ${doc}`,
              exists(
                db
                  .select({ one: sql`1` })
                  .from(bookBarcodes)
                  .where(
                    and(
                      eq(bookBarcodes.bookId, books.id),
                      isNull(bookBarcodes.deletedAt),
                      ilike(bookBarcodes.barcode, containsPattern(text)),
                    ),
                  ),
              ),
            )
          : undefined,
      );
      return listPage(db, {
        setup: (tx) => (text ? tx.execute(SEARCH_THRESHOLD) : Promise.resolve()),
        rows: (tx) =>
          selectBooks(tx)
            .where(where)
            .orderBy(
              ...(wanted ? [sql`word_similarity(${wanted}, ${doc}) desc`] : []),
              sql`lower(${books.name})`,
              asc(books.id),
            ),
        table: books,
        where,
        limit: filter.limit,
        offset: filter.offset,
      });
    },

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

    /** Many books at once; the ids come back in the order of `values`. */
    async insertMany(values: (BookValues & { organizationId: number; schoolId: number })[], tx: Db) {
      const ids: number[] = [];
      for (let i = 0; i < values.length; i += 1000) {
        const rows = await tx
          .insert(books)
          .values(values.slice(i, i + 1000))
          .returning({ id: books.id });
        ids.push(...rows.map((r) => r.id));
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

    /** A copy in the scope (live unless `withRemoved`); `lock` holds it. */
    async findBarcode(scope: Scope, id: number, tx: Db = db, { lock = false, withRemoved = false } = {}) {
      const query = tx
        .select({
          id: bookBarcodes.id,
          organizationId: bookBarcodes.organizationId,
          schoolId: bookBarcodes.schoolId,
          bookId: bookBarcodes.bookId,
          barcode: bookBarcodes.barcode,
          total: bookBarcodes.total,
          deletedAt: bookBarcodes.deletedAt,
        })
        .from(bookBarcodes)
        .where(
          and(
            eq(bookBarcodes.id, id),
            withRemoved ? undefined : isNull(bookBarcodes.deletedAt),
            tenantFilter(bookBarcodes, scope),
          ),
        )
        .limit(1);
      const [row] = lock ? await query.for('update', { of: bookBarcodes }) : await query;
      return row ?? null;
    },

    async copyOnHand(barcodeId: number, tx: Db = db) {
      const [row] = await tx
        .select({ id: bookLoans.id })
        .from(bookLoans)
        .where(and(eq(bookLoans.barcodeId, barcodeId), isNull(bookLoans.returnedAt)))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Serialises the barcode writes of one school, so that generated numbers are chosen against
     * what is stored and two presses cannot pick the same ones.
     */
    async lockSchoolBarcodes(schoolId: number, tx: Db) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`book-barcodes:${schoolId}`}))`);
    },

    /** How many copies the school has ever had: where generated numbers start. */
    async barcodesEver(schoolId: number, tx: Db = db) {
      const [row] = await tx.select({ n: count() }).from(bookBarcodes).where(eq(bookBarcodes.schoolId, schoolId));
      return row?.n ?? 0;
    },

    /** Which of these barcodes a live copy of the school already carries. */
    async takenBarcodes(schoolId: number, barcodes: string[], tx: Db = db) {
      if (barcodes.length === 0) return new Set<string>();
      const rows = await tx
        .select({ barcode: bookBarcodes.barcode })
        .from(bookBarcodes)
        .where(
          and(
            eq(bookBarcodes.schoolId, schoolId),
            isNull(bookBarcodes.deletedAt),
            // One parameter however many barcodes an import brings (a statement takes at most 65,535).
            sql`${bookBarcodes.barcode} in (select jsonb_array_elements_text(${JSON.stringify(barcodes)}::jsonb))`,
          ),
        );
      return new Set(rows.map((r) => r.barcode));
    },

    async insertBarcodes(
      values: { organizationId: number; schoolId: number; bookId: number; barcode: string }[],
      tx: Db = db,
    ) {
      // In slices: one statement takes at most 65,535 parameters, and an import brings thousands.
      const made: { id: number; barcode: string }[] = [];
      for (let i = 0; i < values.length; i += 1000) {
        made.push(
          ...(await tx
            .insert(bookBarcodes)
            .values(values.slice(i, i + 1000))
            .returning({ id: bookBarcodes.id, barcode: bookBarcodes.barcode })),
        );
      }
      return made;
    },

    async archiveBarcode(id: number, tx: Db = db) {
      await tx
        .update(bookBarcodes)
        .set({ deletedAt: sql`now()` })
        .where(eq(bookBarcodes.id, id));
    },

    async addHistory(entries: HistoryEntry[], tx: Db = db) {
      for (let i = 0; i < entries.length; i += 1000) await tx.insert(bookHistories).values(entries.slice(i, i + 1000));
    },

    /** A copy's own rows and its book's catalogue rows (no copy), newest first. */
    async history(
      copy: { id: number; bookId: number },
      filter: { action?: BookHistoryAction | null; limit: number; offset: number },
    ) {
      const where = and(
        eq(bookHistories.bookId, copy.bookId),
        or(eq(bookHistories.barcodeId, copy.id), isNull(bookHistories.barcodeId)),
        filter.action ? eq(bookHistories.action, filter.action) : undefined,
      );
      return listPage(db, {
        rows: (tx) =>
          tx
            .select({
              id: bookHistories.id,
              action: bookHistories.action,
              barcode: bookBarcodes.barcode,
              librarianId: librarian.id,
              librarianName: librarian.name,
              userId: users.id,
              userName: users.name,
              data: bookHistories.data,
              createdAt: bookHistories.createdAt,
            })
            .from(bookHistories)
            .leftJoin(bookBarcodes, eq(bookBarcodes.id, bookHistories.barcodeId))
            .leftJoin(librarian, eq(librarian.id, bookHistories.librarianId))
            .leftJoin(users, eq(users.id, bookHistories.userId))
            .where(where)
            .orderBy(desc(bookHistories.id)),
        table: bookHistories,
        where,
        limit: filter.limit,
        offset: filter.offset,
      });
    },
  };
}

export type BookRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createBooksRepository>['find']>>>;
export type HistoryRow = Awaited<ReturnType<ReturnType<typeof createBooksRepository>['history']>>['rows'][number];
