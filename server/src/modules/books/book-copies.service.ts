/** The copies of a book: generated or labelled barcodes, their removal, and a copy's history. */
import type { Ok } from '@tamaq/contract/common';
import {
  LIBRARY_MESSAGES as M,
  type Book,
  type BookBarcodeCreate,
  type BookBarcodesRemove,
  type BookBarcodesRemoved,
  type BookCount,
  type BookHistory,
  type BookHistoryQuery,
  type BookListRow,
} from '@tamaq/contract/library';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db/client.ts';
import { conflict, isUniqueViolation, notFound, ValidationError } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import type { BookRow, BooksRepository, HistoryRow } from './books.repository.ts';

const BARCODE_KEY = 'book_barcodes_school_barcode_key';

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

/** What the copies need of the books' service: a book in scope (locked), and how a book is answered. */
interface BookReads {
  visible: (actor: Actor, id: number, tx?: Db, lock?: boolean) => Promise<BookRow>;
  toBook: (row: BookRow, tx?: Db) => Promise<Book>;
  toListRow: (row: BookRow) => BookListRow;
}

export function createBookCopies(
  platform: Pick<Platform, 'db'>,
  repo: BooksRepository,
  { visible, toBook, toListRow }: BookReads,
) {
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
