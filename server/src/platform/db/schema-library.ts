import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { BOOK_HISTORY_ACTIONS, OVERDUE_NOTICE_STATUSES } from '@tamaq/contract/library';
import { createdAt, deletedAt, orgId } from './columns.ts';
import { users } from './schema-people.ts';
import { schools } from './schema.ts';

/**
 * The school library (docs/product.md "School library"): each school keeps its own catalogue.
 * Categories come first; books, copies with barcodes and their history follow.
 */
export const bookCategories = pgTable(
  'book_categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: orgId(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // One name once per school, whatever the letter case: an import finds a category by its name.
    uniqueIndex('book_categories_school_name_key').on(t.schoolId, sql`lower(${t.name})`),
    index('book_categories_organization_idx').on(t.organizationId),
  ],
);

/** Latin letters that look like Cyrillic ones, and those Cyrillic letters: a search reads both as one. */
export const LOOK_ALIKE_LATIN = 'aceopxykmthb';
export const LOOK_ALIKE_CYRILLIC = 'асеорхукмтнв';

/** Lower case with look-alike Latin letters read as Cyrillic: what book search compares. */
export const searchable = (text: SQL) =>
  sql`translate(lower(${text}), ${sql.raw(`'${LOOK_ALIKE_LATIN}'`)}, ${sql.raw(`'${LOOK_ALIKE_CYRILLIC}'`)})`;

/**
 * A title in a school's catalogue. Removing a book archives it (`deleted_at`): its history and the
 * loans of its copies keep pointing at it. A category with live books may not be deleted.
 */
export const books = pgTable(
  'books',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: orgId(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'restrict' }),
    categoryId: integer('category_id').references(() => bookCategories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    authors: text('authors').notNull(),
    publisher: text('publisher').notNull(),
    year: integer('year').notNull(),
    language: text('language'),
    discipline: text('discipline'),
    direction: text('direction'),
    type: text('type'),
    /** What search reads: name and authors, lower case, look-alike Latin letters read as Cyrillic. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(searchable(sql`name || ' ' || authors`)),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('books_school_idx')
      .on(t.schoolId)
      .where(sql`${t.deletedAt} is null`),
    index('books_category_idx').on(t.categoryId),
    index('books_organization_idx').on(t.organizationId),
  ],
);

/**
 * Book search reads words, not rows (50,000 books on the embedded database). Both tables
 * below are derived from `books.search_text` by the trigger of migration 0016 on every insert and
 * update of books, and hold words of three letters or more.
 *
 * `book_words` is a school's vocabulary: a typed word is matched against it for a typo or as a part
 * of a word. Words of removed books stay, and only widen a search to words no live book holds.
 */
export const bookWords = pgTable(
  'book_words',
  {
    organizationId: orgId(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.word] }),
    index('book_words_word_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
    index('book_words_organization_idx').on(t.organizationId),
  ],
);

/**
 * Which live books hold a word, with the book's name for the order: a search counts and pages its
 * books here, and reads `books` only for the page. No foreign keys: the trigger is the only writer,
 * and books are archived, never deleted.
 */
export const bookWordBooks = pgTable(
  'book_word_books',
  {
    organizationId: integer('organization_id').notNull(),
    schoolId: integer('school_id').notNull(),
    word: text('word').notNull(),
    bookId: integer('book_id').notNull(),
    nameKey: text('name_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.word, t.schoolId, t.bookId] }), index('book_word_books_book_idx').on(t.bookId)],
);

/**
 * One physical copy, known by the barcode on its label (docs/domain.md "Library"): unique among a
 * school's live copies; `total` counts how many times it has been issued. Removing a copy archives it.
 */
/** One book file loaded by a librarian: its copies' labels are printed from it, sheet by sheet. */
export const bookImports = pgTable(
  'book_imports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: orgId(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'restrict' }),
    librarianId: integer('librarian_id').references(() => users.id, { onDelete: 'set null' }),
    books: integer('books').notNull(),
    copies: integer('copies').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('book_imports_school_idx').on(t.schoolId, t.id)],
);

export const bookBarcodes = pgTable(
  'book_barcodes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: orgId(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'restrict' }),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'restrict' }),
    barcode: text('barcode').notNull(),
    total: integer('total').notNull().default(0),
    /** The book file that made this copy, if one did. */
    importId: integer('import_id').references(() => bookImports.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('book_barcodes_import_idx')
      .on(t.importId, t.id)
      .where(sql`${t.importId} is not null`),
    uniqueIndex('book_barcodes_school_barcode_key')
      .on(t.schoolId, t.barcode)
      .where(sql`${t.deletedAt} is null`),
    index('book_barcodes_book_idx').on(t.bookId),
    index('book_barcodes_barcode_trgm_idx').using('gin', sql`${t.barcode} gin_trgm_ops`),
  ],
);

/**
 * A copy in a student's hands: open until `returned_at`. The partial unique index is the rule "a
 * copy is on hand with at most one student", so two librarians issuing it at once cannot both win.
 */
export const bookLoans = pgTable(
  'book_loans',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: orgId(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'restrict' }),
    barcodeId: integer('barcode_id')
      .notNull()
      .references(() => bookBarcodes.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    issuedBy: integer('issued_by').references(() => users.id, { onDelete: 'set null' }),
    expiredAt: date('expired_at', { mode: 'string' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    returnedBy: integer('returned_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('book_loans_on_hand_key')
      .on(t.barcodeId)
      .where(sql`${t.returnedAt} is null`),
    index('book_loans_school_open_idx')
      .on(t.schoolId, t.expiredAt)
      .where(sql`${t.returnedAt} is null`),
    index('book_loans_user_open_idx')
      .on(t.userId)
      .where(sql`${t.returnedAt} is null`),
  ],
);

/**
 * An overdue notice: one row per loan and school day. The unique key is the claim: of several server
 * instances only the one whose insert lands sends it. `recipients` are the parents' addresses it
 * went to; `pending` means claimed and not yet sent (an instance stopped in between).
 */
export const bookOverdueNotices = pgTable(
  'book_overdue_notices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: orgId(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'restrict' }),
    loanId: integer('loan_id')
      .notNull()
      .references(() => bookLoans.id, { onDelete: 'restrict' }),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status', { enum: OVERDUE_NOTICE_STATUSES }).notNull().default('pending'),
    recipients: text('recipients')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('book_overdue_notices_loan_day_key').on(t.loanId, t.day),
    index('book_overdue_notices_school_day_idx').on(t.schoolId, t.day),
  ],
);

/**
 * What happened to a book or a copy (docs/product.md "States"): catalogue changes carry the book, copy events the
 * barcode too; `took` and `returned` name the student, `data` holds the due date of `took`.
 */
export const bookHistories = pgTable(
  'book_histories',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    organizationId: orgId(),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'restrict' }),
    barcodeId: integer('barcode_id').references(() => bookBarcodes.id, { onDelete: 'restrict' }),
    action: text('action', { enum: BOOK_HISTORY_ACTIONS }).notNull(),
    librarianId: integer('librarian_id').references(() => users.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    data: jsonb('data').$type<{ expired_at?: string; renewed?: boolean }>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('book_histories_barcode_idx').on(t.barcodeId, t.id),
    index('book_histories_book_idx').on(t.bookId, t.id),
  ],
);
