import { aliasedTable, and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { BookHistoryAction } from '@tamaq/contract/library';
import type { HistoryEntry } from './books.repository.ts';
import { tenantFilter, type Scope } from '../../platform/auth/scope.ts';
import { listPage } from '../../platform/db/catalogue.ts';
import { type Db } from '../../platform/db/client.ts';

import { users } from '../../platform/db/schema-people.ts';
import { bookBarcodes, bookHistories, bookImports, bookLoans, books } from '../../platform/db/schema-library.ts';

const librarian = aliasedTable(users, 'librarian');

/** Copies per statement of an import. */
const IMPORT_BATCH = 2_000;

/** A library's copies: their barcodes, their loans, the imports that made them and their history. */
export function createBookCopiesRepository(db: Db) {
  return {
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

    /** The live copies of a book among `ids` the scope sees, locked for a change, by barcode. */
    async lockCopies(scope: Scope, bookId: number, ids: number[], tx: Db) {
      return tx
        .select({ id: bookBarcodes.id, organizationId: bookBarcodes.organizationId, barcode: bookBarcodes.barcode })
        .from(bookBarcodes)
        .where(
          and(
            inArray(bookBarcodes.id, ids),
            eq(bookBarcodes.bookId, bookId),
            isNull(bookBarcodes.deletedAt),
            tenantFilter(bookBarcodes, scope),
          ),
        )
        .orderBy(asc(bookBarcodes.barcode))
        .for('update', { of: bookBarcodes });
    },

    /** The barcodes among `ids` that are on hand now. */
    async copiesOnHand(ids: number[], tx: Db = db) {
      const rows = await tx
        .select({ barcode: bookBarcodes.barcode })
        .from(bookLoans)
        .innerJoin(bookBarcodes, eq(bookBarcodes.id, bookLoans.barcodeId))
        .where(and(inArray(bookLoans.barcodeId, ids), isNull(bookLoans.returnedAt)))
        .orderBy(asc(bookBarcodes.barcode));
      return rows.map((r) => r.barcode);
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

    /** The live copies of the school carrying these barcodes: barcode → its book. */
    async barcodeOwners(schoolId: number, barcodes: string[], tx: Db = db) {
      if (barcodes.length === 0) return new Map<string, number>();
      const rows = await tx
        .select({ barcode: bookBarcodes.barcode, bookId: bookBarcodes.bookId })
        .from(bookBarcodes)
        .where(
          and(
            eq(bookBarcodes.schoolId, schoolId),
            isNull(bookBarcodes.deletedAt),
            sql`${bookBarcodes.barcode} in (select jsonb_array_elements_text(${JSON.stringify(barcodes)}::jsonb))`,
          ),
        );
      return new Map(rows.map((r) => [r.barcode, r.bookId]));
    },

    /**
     * The school's live books that a file's rows name again: the same name, authors and publisher
     * (case and spaces at the ends aside) and year. Answers each row's index with the book's id and
     * name (the oldest such book).
     */
    async matchingBooks(
      schoolId: number,
      rows: { name: string; authors: string; publisher: string; year: number }[],
      tx: Db = db,
    ) {
      if (rows.length === 0) return new Map<number, { id: number; name: string }>();
      const result = await tx.execute(sql`
        select distinct on (r.i) r.i, b.id, b.name
        from jsonb_to_recordset(${JSON.stringify(rows.map((r, i) => ({ ...r, i })))}::jsonb)
          as r(i int, name text, authors text, publisher text, year int)
        join books b on b.school_id = ${schoolId}::int and b.deleted_at is null and b.year = r.year
          and lower(btrim(b.name)) = lower(btrim(r.name))
          and lower(btrim(b.authors)) = lower(btrim(r.authors))
          and lower(btrim(b.publisher)) = lower(btrim(r.publisher))
        order by r.i, b.id`);
      const found = (result as unknown as { rows: { i: number; id: number; name: string }[] }).rows;
      return new Map(found.map((f) => [Number(f.i), { id: Number(f.id), name: f.name }]));
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

    async insertImport(
      values: { organizationId: number; schoolId: number; librarianId: number; books: number; copies: number },
      tx: Db,
    ) {
      const [row] = await tx.insert(bookImports).values(values).returning({ id: bookImports.id });
      return row!.id;
    },

    async findImport(id: number) {
      const [row] = await db.select().from(bookImports).where(eq(bookImports.id, id));
      return row ?? null;
    },

    /** An import's copies still in the library, in the order they were made, with their book's name. */
    async importLabels(importId: number, page: { limit: number; offset: number }) {
      const live = and(eq(bookBarcodes.importId, importId), isNull(bookBarcodes.deletedAt));
      const [rows, [counted]] = await Promise.all([
        db
          .select({ barcode: bookBarcodes.barcode, name: books.name })
          .from(bookBarcodes)
          .innerJoin(books, eq(books.id, bookBarcodes.bookId))
          .where(live)
          .orderBy(bookBarcodes.id)
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(bookBarcodes).where(live),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },

    /**
     * An import's copies, each with its 'barcode_created' history row, in statements of
     * IMPORT_BATCH: the rows travel as one JSON parameter and the history is made by the database
     * from the inserted ids, so building the statements costs the server's thread next to nothing
     * (a drizzle insert of 1,000 rows took tens of milliseconds of it, with the scans waiting).
     * The copies get their ids in the order given. Answers how many were made.
     */
    async insertImportCopies(
      copy: { organizationId: number; schoolId: number; importId: number; librarianId: number },
      labels: { bookId: number; barcode: string }[],
      tx: Db,
    ) {
      let made = 0;
      for (let i = 0; i < labels.length; i += IMPORT_BATCH) {
        const rows = JSON.stringify(labels.slice(i, i + IMPORT_BATCH).map((l) => [l.bookId, l.barcode]));
        const result = await tx.execute(sql`
          with r as (
            select (e->>0)::int as book_id, e->>1 as barcode, n
            from jsonb_array_elements(${rows}::jsonb) with ordinality as a(e, n)
          ), made as (
            insert into book_barcodes (organization_id, school_id, book_id, barcode, import_id)
            select ${copy.organizationId}::int, ${copy.schoolId}::int, book_id, barcode, ${copy.importId}::int
            from r order by n
            returning id, book_id
          )
          insert into book_histories (organization_id, book_id, barcode_id, action, librarian_id)
          select ${copy.organizationId}::int, book_id, id, 'barcode_created', ${copy.librarianId}::int from made`);
        made += (result as { rowCount?: number | null }).rowCount ?? 0;
      }
      return made;
    },

    async insertBarcodes(
      values: { organizationId: number; schoolId: number; bookId: number; barcode: string; importId?: number }[],
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

    async archiveBarcode(id: number | number[], tx: Db = db) {
      await tx
        .update(bookBarcodes)
        .set({ deletedAt: sql`now()` })
        .where(Array.isArray(id) ? inArray(bookBarcodes.id, id) : eq(bookBarcodes.id, id));
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
