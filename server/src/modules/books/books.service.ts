import { schoolRef } from '../../platform/db/places.ts';
import type { Ok } from '@tamaq/contract/common';
import {
  LIBRARY_MESSAGES as M,
  type Book,
  type BookCreate,
  type BookList,
  type BookListQuery,
  type BookListRow,
  type BookUpdate,
} from '@tamaq/contract/library';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db/client.ts';
import { conflict, isForeignKeyViolation, notFound, ValidationError } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import type { SchoolsService } from '../schools/schools.service.ts';
import { createBookCopies } from './book-copies.service.ts';
import { createBooksRepository, type BookRow, type BookValues } from './books.repository.ts';

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
  school: schoolRef(row.schoolId, row),
  count: row.count,
  created_at: row.createdAt.toISOString(),
});

/**
 * A school library's catalogue (docs/product.md): books, their copies (one barcode each) and the
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

  return {
    ...createBookCopies(platform, repo, { visible, toBook, toListRow }),

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
  };
}
