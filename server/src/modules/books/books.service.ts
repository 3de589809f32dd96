import type { Ok } from '@tamaq/contract/common';
import {
  LIBRARY_MESSAGES as M,
  type Book,
  type BookBarcodeCreate,
  type BookBarcodesRemove,
  type BookBarcodesRemoved,
  type BookCount,
  type BookCreate,
  type BookHistory,
  type BookHistoryQuery,
  type BookList,
  type BookListQuery,
  type BookListRow,
  type BookUpdate,
} from '@tamaq/contract/library';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db/client.ts';
import {
  conflict,
  isForeignKeyViolation,
  isUniqueViolation,
  notFound,
  ValidationError,
} from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import type { SchoolsService } from '../schools/schools.service.ts';
import { createBooksRepository, type BookRow, type BookValues, type HistoryRow } from './books.repository.ts';

const BARCODE_KEY = 'book_barcodes_school_barcode_key';

const toListRow = (row: BookRow): BookListRow => ({
  id: row.id,
  name: row.name,
  categoryId: row.categoryId,
  category:
    row.categoryId !== null && row.categoryName !== null ? { id: row.categoryId, name: row.categoryName } : null,
  authors: row.authors,
  publisher: row.publisher,
  year: row.year,
  language: row.language,
  discipline: row.discipline,
  direction: row.direction,
  type: row.type,
  schoolId: row.schoolId,
  school: { id: row.schoolId, name: row.schoolName },
  count: row.count,
  created_at: row.createdAt.toISOString(),
});

const toHistoryRow = (row: HistoryRow) => ({
  id: row.id,
  action: row.action,
  barcode: row.barcode,
  librarian:
    row.librarianId !== null && row.librarianName !== null ? { id: row.librarianId, name: row.librarianName } : null,
  user: row.userId !== null && row.userName !== null ? { id: row.userId, name: row.userName } : null,
  created_at: row.createdAt.toISOString(),
  data: row.data ?? null,
});

/**
 * A generated barcode: «2», the school's id in five digits, a running number in six — digits only,
 * so a scanner types it the same under any keyboard layout, and another school's label never
 * matches a copy here.
 */
export const generatedBarcode = (schoolId: number, n: number): string =>
  `2${String(schoolId).padStart(5, '0')}${String(n).padStart(6, '0')}`;

/**
 * A school library's catalogue (spec 2): books, their copies (one barcode each) and the
 * history of both. Every read and write stays in the schools the actor sees; a removed book or copy
 * is archived, so its history keeps its name.
 */
export function createBooksService(platform: Pick<Platform, 'db'>, schools: SchoolsService) {
  const repo = createBooksRepository(platform.db);

  const schoolFor = async (actor: Actor, schoolId: number) => {
    const school = await schools.findVisible(actor, schoolId);
    if (!school) throw ValidationError.field('schoolId', M.schoolNotFound);
    return school;
  };

  const visible = async (actor: Actor, id: number, tx: Db = platform.db, lock = false) => {
    const row = await repo.find(scopeOf(actor), id, tx, lock);
    if (!row) throw notFound(M.bookNotFound);
    return row;
  };

  const toBook = async (row: BookRow, tx: Db = platform.db): Promise<Book> => ({
    ...toListRow(row),
    barcodes: await repo.barcodesOf(row.id, tx),
  });

  const valuesOf = (body: BookCreate): BookValues => ({
    categoryId: body.categoryId,
    name: body.name,
    authors: body.authors,
    publisher: body.publisher,
    year: body.year,
    language: body.language,
    discipline: body.discipline,
    direction: body.direction,
    type: body.type,
  });

  /** The category must be one of the book's school; one deleted meanwhile is the same mistake. */
  const checkCategory = async (body: BookCreate, tx: Db) => {
    if (body.categoryId !== null && !(await repo.categoryInSchool(body.categoryId, body.schoolId, tx))) {
      throw ValidationError.field('categoryId', M.categoryNotFound);
    }
  };
  const saving = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (err) {
      if (isForeignKeyViolation(err)) throw ValidationError.field('categoryId', M.categoryNotFound);
      throw err;
    }
  };

  /** Stores copies under the school's barcode lock; a barcode a live copy carries is a 422. */
  const addCopies = async (actor: Actor, book: BookRow, barcodes: (n: number) => Promise<string[]>, tx: Db) => {
    await repo.lockSchoolBarcodes(book.schoolId, tx);
    const wanted = await barcodes(await repo.barcodesEver(book.schoolId, tx));
    if ((await repo.takenBarcodes(book.schoolId, wanted, tx)).size > 0) {
      throw ValidationError.field('barcode', M.barcodeTaken);
    }
    const made = await repo.insertBarcodes(
      wanted.map((barcode) => ({
        organizationId: book.organizationId,
        schoolId: book.schoolId,
        bookId: book.id,
        barcode,
      })),
      tx,
    );
    await repo.addHistory(
      made.map((copy) => ({
        organizationId: book.organizationId,
        bookId: book.id,
        barcodeId: copy.id,
        action: 'barcode_created' as const,
        librarianId: actor.userId,
      })),
      tx,
    );
  };

  return {
    async list(actor: Actor, query: BookListQuery): Promise<BookList> {
      if (query.schoolId !== undefined && !(await schools.findVisible(actor, query.schoolId))) {
        throw notFound(M.schoolNotFound);
      }
      const { total, rows } = await repo.list(scopeOf(actor), {
        query: query.query || undefined,
        schoolId: query.schoolId,
        limit: query.limit,
        offset: query.offset,
      });
      return { total, rows: rows.map(toListRow) };
    },

    get: async (actor: Actor, id: number): Promise<Book> => toBook(await visible(actor, id)),

    async create(actor: Actor, body: BookCreate): Promise<Book> {
      const school = await schoolFor(actor, body.schoolId);
      return saving(() =>
        platform.db.transaction(async (tx) => {
          await checkCategory(body, tx);
          const id = await repo.insert(
            { organizationId: school.organizationId, schoolId: school.id, ...valuesOf(body) },
            tx,
          );
          await repo.addHistory(
            [{ organizationId: school.organizationId, bookId: id, action: 'created', librarianId: actor.userId }],
            tx,
          );
          return toBook((await repo.find(scopeOf(actor), id, tx))!, tx);
        }),
      );
    },

    async update(actor: Actor, body: BookUpdate): Promise<Book> {
      // The book first: another school's book is not found, whatever school the body names.
      await visible(actor, body.id);
      const school = await schoolFor(actor, body.schoolId);
      return saving(() =>
        platform.db.transaction(async (tx) => {
          const before = await visible(actor, body.id, tx, true);
          // Copies carry their school's barcodes and loans: a book with copies stays in its school.
          if (school.id !== before.schoolId && before.count > 0) {
            throw ValidationError.field('schoolId', M.bookSchoolFixed);
          }
          await checkCategory(body, tx);
          await repo.update(body.id, { schoolId: school.id, ...valuesOf(body) }, tx);
          await repo.addHistory(
            [{ organizationId: before.organizationId, bookId: body.id, action: 'updated', librarianId: actor.userId }],
            tx,
          );
          return toBook((await repo.find(scopeOf(actor), body.id, tx))!, tx);
        }),
      );
    },

    remove: (actor: Actor, id: number): Promise<Ok> =>
      platform.db.transaction(async (tx) => {
        const book = await visible(actor, id, tx, true);
        if ((await repo.onHand(id, tx)) > 0) throw conflict(M.bookOnHands);
        await repo.archive(id, tx);
        await repo.addHistory(
          [{ organizationId: book.organizationId, bookId: id, action: 'removed', librarianId: actor.userId }],
          tx,
        );
        return { success: true as const };
      }),

    /** `POST /api/book/count`: `count` new copies with the school's next free generated numbers. */
    generate: (actor: Actor, body: BookCount): Promise<Book> =>
      platform.db.transaction(async (tx) => {
        const book = await visible(actor, body.book_id, tx, true);
        await addCopies(
          actor,
          book,
          async (ever) => {
            const picked: string[] = [];
            for (let n = ever + 1; picked.length < body.count; n += body.count) {
              const batch = Array.from({ length: body.count }, (_, i) => generatedBarcode(book.schoolId, n + i));
              const taken = await repo.takenBarcodes(book.schoolId, batch, tx);
              picked.push(...batch.filter((b) => !taken.has(b)).slice(0, body.count - picked.length));
            }
            return picked;
          },
          tx,
        );
        return toBook((await repo.find(scopeOf(actor), book.id, tx))!, tx);
      }),

    /** `POST /api/book/barcode`: a copy with the barcode already on its label. */
    async addBarcode(actor: Actor, body: BookBarcodeCreate): Promise<Book> {
      try {
        return await platform.db.transaction(async (tx) => {
          const book = await visible(actor, body.book_id, tx, true);
          await addCopies(actor, book, async () => [body.barcode], tx);
          return toBook((await repo.find(scopeOf(actor), book.id, tx))!, tx);
        });
      } catch (err) {
        if (isUniqueViolation(err, BARCODE_KEY)) throw ValidationError.field('barcode', M.barcodeTaken);
        throw err;
      }
    },

    removeBarcode: (actor: Actor, id: number): Promise<Ok> =>
      platform.db.transaction(async (tx) => {
        const copy = await repo.findBarcode(scopeOf(actor), id, tx, { lock: true });
        if (!copy) throw notFound(M.barcodeNotFound);
        if (await repo.copyOnHand(id, tx)) throw conflict(M.copyOnHands);
        await repo.archiveBarcode(id, tx);
        await repo.addHistory(
          [
            {
              organizationId: copy.organizationId,
              bookId: copy.bookId,
              barcodeId: id,
              action: 'barcode_removed',
              librarianId: actor.userId,
            },
          ],
          tx,
        );
        return { success: true as const };
      }),

    /**
     * `POST /api/book/barcodes/remove`: several copies of one book at once, all or none. A copy not
     * among the book's live ones the actor sees is not found (404, nothing removed); copies on hand
     * are named in the 409 and nothing is removed.
     */
    removeBarcodes: (actor: Actor, body: BookBarcodesRemove): Promise<BookBarcodesRemoved> =>
      platform.db.transaction(async (tx) => {
        const copies = await repo.lockCopies(scopeOf(actor), body.book_id, body.ids, tx);
        if (copies.length !== body.ids.length) throw notFound(M.barcodeNotFound);
        const onHand = await repo.copiesOnHand(body.ids, tx);
        if (onHand.length) throw conflict(M.copiesOnHands(onHand));
        await repo.archiveBarcode(body.ids, tx);
        await repo.addHistory(
          copies.map((c) => ({
            organizationId: c.organizationId,
            bookId: body.book_id,
            barcodeId: c.id,
            action: 'barcode_removed' as const,
            librarianId: actor.userId,
          })),
          tx,
        );
        return { success: true as const, count: copies.length };
      }),

    /** `POST /api/book/histories`: a copy's history (a removed copy's too) with its book. */
    async history(actor: Actor, query: BookHistoryQuery): Promise<BookHistory> {
      const copy = await repo.findBarcode(scopeOf(actor), query.book_barcode_id, platform.db, { withRemoved: true });
      if (!copy) throw notFound(M.barcodeNotFound);
      const book = (await repo.findAny(copy.bookId))!;
      const { total, rows } = await repo.history(copy, {
        action: query.action,
        limit: query.limit,
        offset: query.offset,
      });
      return {
        book: toListRow(book),
        barcode: { id: copy.id, barcode: copy.barcode, deleted: copy.deletedAt !== null },
        total,
        rows: rows.map(toHistoryRow),
      };
    },
  };
}
