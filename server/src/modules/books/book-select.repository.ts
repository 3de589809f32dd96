import { schoolNameColumns } from '../../platform/db/places.ts';
import { eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { schools } from '../../platform/db/schema.ts';
import { bookBarcodes, bookCategories, books } from '../../platform/db/schema-library.ts';

/** A book as the library's screens read it: with its school's and category's names and its copies. */

/** How many live copies a book has: the list's `count`. */
const copies = sql<number>`(select count(*)::int from ${bookBarcodes} where ${bookBarcodes.bookId} = ${books.id} and ${bookBarcodes.deletedAt} is null)`;

const columns = {
  id: books.id,
  organizationId: books.organizationId,
  schoolId: books.schoolId,
  ...schoolNameColumns,
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

/** Books not removed. */
export const live = isNull(books.deletedAt);
export const selectBooks = (tx: Db) =>
  tx
    .select(columns)
    .from(books)
    .innerJoin(schools, eq(schools.id, books.schoolId))
    .leftJoin(bookCategories, eq(bookCategories.id, books.categoryId));
