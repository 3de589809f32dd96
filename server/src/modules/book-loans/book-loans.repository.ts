import { classroomNameColumns, classroomNames } from '../../platform/db/places.ts';
import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { imageUrl } from '@tamaq/contract/images';
import { LOAN_SOON_DAYS, type LibraryStudent, type LoanStatus, type OverdueRule } from '@tamaq/contract/library';
import { tenantFilter, type Scope } from '../../platform/auth/scope.ts';
import { containsPattern, listPage } from '../../platform/db/catalogue.ts';
import type { Db } from '../../platform/db/client.ts';
import { images, organizations, schools } from '../../platform/db/schema.ts';
import { cards, classrooms, users } from '../../platform/db/schema-people.ts';
import { bookBarcodes, bookHistories, bookLoans, books } from '../../platform/db/schema-library.ts';
import { alphabetically } from '../../platform/db/alphabet.ts';

/** Copies the student holds now. */
const onHands = sql<number>`(select count(*)::int from ${bookLoans} where ${bookLoans.userId} = ${users.id} and ${bookLoans.returnedAt} is null)`;

const studentColumns = {
  id: users.id,
  name: users.name,
  organizationId: users.organizationId,
  schoolId: users.schoolId,
  imageKey: images.key,
  ...classroomNameColumns,
  timeZone: organizations.timeZone,
  overdueRule: sql<OverdueRule>`coalesce(${schools.libraryOverdueRule}, 'warn')`,
  onHands,
};

/** A person at the desk: name, picture, class, their organization's zone, the copies on hand. */
const selectStudent = (tx: Db) =>
  tx
    .select(studentColumns)
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .leftJoin(classrooms, eq(classrooms.id, users.classroomId))
    .leftJoin(images, eq(images.id, users.imageId));

type StudentRow = Awaited<ReturnType<typeof selectStudent>>[number];

export type StudentLoan = LibraryStudent['loans'][number];

export const toStudent = (r: StudentRow, loans: StudentLoan[]): LibraryStudent => ({
  id: r.id,
  name: r.name,
  image: r.imageKey ? { url: imageUrl(r.imageKey) } : null,
  classroom: classroomNames(r),
  schoolId: r.schoolId!,
  on_hands: r.onHands,
  overdue: loans.filter((l) => l.status === 'overdue').length,
  overdue_rule: r.overdueRule,
  loans,
});

/** A book as a loan row shows it. */
export const bookSummary = {
  id: books.id,
  name: books.name,
  authors: books.authors,
  publisher: books.publisher,
  year: books.year,
};

/** The copy, its book, and the loan open on it (if any) with its holder. */
const copyColumns = {
  id: bookBarcodes.id,
  organizationId: bookBarcodes.organizationId,
  schoolId: bookBarcodes.schoolId,
  bookId: bookBarcodes.bookId,
  barcode: bookBarcodes.barcode,
  book: bookSummary,
  loanId: bookLoans.id,
  holderId: bookLoans.userId,
  holderName: users.name,
  expiredAt: bookLoans.expiredAt,
};

/** What the books-on-hand list is narrowed to. */
export interface OnHandFilter {
  query?: string;
  schoolId?: number;
  overdue?: boolean;
  classroomId?: number;
}

/** At most this many rows in one sheet of books on hand (a school holds a few thousand at most). */
export const ON_HAND_EXPORT_MAX = 50_000;

function onHandWhere(scope: Scope, at: Date, filter: OnHandFilter) {
  const pattern = filter.query ? containsPattern(filter.query) : undefined;
  const today = sql`(${at.toISOString()}::timestamptz at time zone ${organizations.timeZone})::date`;
  const where = and(
    isNull(bookLoans.returnedAt),
    tenantFilter(bookLoans, scope),
    filter.schoolId !== undefined ? eq(bookLoans.schoolId, filter.schoolId) : undefined,
    filter.classroomId !== undefined ? eq(users.classroomId, filter.classroomId) : undefined,
    filter.overdue ? sql`${bookLoans.expiredAt} < ${today}` : undefined,
    pattern
      ? or(
          ilike(users.name, pattern),
          ilike(books.name, pattern),
          ilike(books.authors, pattern),
          ilike(bookBarcodes.barcode, pattern),
        )
      : undefined,
  );
  const status = sql<LoanStatus>`case when ${bookLoans.expiredAt} < ${today} then 'overdue' when ${bookLoans.expiredAt} <= ${today} + ${LOAN_SOON_DAYS}::int then 'soon' else 'normal' end`;
  return { where, status, today };
}

const onHandRows = (tx: Db, status: SQL<LoanStatus>) =>
  tx
    .select({
      id: bookLoans.id,
      userId: users.id,
      userName: users.name,
      ...classroomNameColumns,
      book: bookSummary,
      barcodeId: bookBarcodes.id,
      barcode: bookBarcodes.barcode,
      expiredAt: bookLoans.expiredAt,
      issuedAt: bookLoans.issuedAt,
      timeZone: organizations.timeZone,
      status,
    })
    .from(bookLoans)
    .innerJoin(bookBarcodes, eq(bookBarcodes.id, bookLoans.barcodeId))
    .innerJoin(books, eq(books.id, bookBarcodes.bookId))
    .innerJoin(users, eq(users.id, bookLoans.userId))
    .innerJoin(organizations, eq(organizations.id, bookLoans.organizationId))
    .leftJoin(classrooms, eq(classrooms.id, users.classroomId));

export function createBookLoansRepository(db: Db) {
  const selectCopies = (tx: Db) =>
    tx
      .select(copyColumns)
      .from(bookBarcodes)
      .innerJoin(books, eq(books.id, bookBarcodes.bookId))
      .leftJoin(bookLoans, and(eq(bookLoans.barcodeId, bookBarcodes.id), isNull(bookLoans.returnedAt)))
      .leftJoin(users, eq(users.id, bookLoans.userId));

  return {
    /** A live person of the school holding this card. */
    async studentByCard(schoolId: number, card: string) {
      const [row] = await selectStudent(db)
        .innerJoin(cards, eq(cards.userId, users.id))
        .where(and(eq(cards.number, card), eq(users.schoolId, schoolId), isNull(users.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    /** The copies the person holds now, the earliest return date first, with their status today. */
    async loansOf(userId: number, at: Date): Promise<StudentLoan[]> {
      const today = sql`(${at.toISOString()}::timestamptz at time zone ${organizations.timeZone})::date`;
      return db
        .select({
          book_id: books.id,
          barcode: bookBarcodes.barcode,
          name: books.name,
          authors: books.authors,
          expired_at: bookLoans.expiredAt,
          status: sql<LoanStatus>`case when ${bookLoans.expiredAt} < ${today} then 'overdue' when ${bookLoans.expiredAt} <= ${today} + ${LOAN_SOON_DAYS}::int then 'soon' else 'normal' end`,
        })
        .from(bookLoans)
        .innerJoin(bookBarcodes, eq(bookBarcodes.id, bookLoans.barcodeId))
        .innerJoin(books, eq(books.id, bookBarcodes.bookId))
        .innerJoin(organizations, eq(organizations.id, bookLoans.organizationId))
        .where(and(eq(bookLoans.userId, userId), isNull(bookLoans.returnedAt)))
        .orderBy(asc(bookLoans.expiredAt), alphabetically(books.name), asc(bookBarcodes.barcode));
    },

    /**
     * The school's live students (people in a class) whose name, class or a card number holds the
     * text, by name; at most `limit`.
     */
    async studentsMatching(schoolId: number, text: string, limit: number) {
      const pattern = containsPattern(text);
      return db
        .select({ id: users.id, name: users.name, ...classroomNameColumns, imageKey: images.key })
        .from(users)
        .innerJoin(classrooms, eq(classrooms.id, users.classroomId))
        .leftJoin(images, eq(images.id, users.imageId))
        .where(
          and(
            eq(users.schoolId, schoolId),
            isNull(users.deletedAt),
            or(
              ilike(users.name, pattern),
              ilike(classrooms.name, pattern),
              sql`exists (select 1 from ${cards} where ${cards.userId} = ${users.id} and ${cards.number} ilike ${pattern})`,
            ),
          ),
        )
        .orderBy(alphabetically(users.name), asc(users.id))
        .limit(limit);
    },

    /** A live person with a school, in the scope. */
    async student(scope: Scope, id: number, tx: Db = db) {
      const [row] = await selectStudent(tx)
        .where(and(eq(users.id, id), isNull(users.deletedAt), tenantFilter(users, scope)))
        .limit(1);
      return row && row.schoolId !== null ? row : null;
    },

    /** What the school's library desk does for a student with overdue books. */
    async overdueRule(schoolId: number): Promise<OverdueRule> {
      const [row] = await db.select({ rule: schools.libraryOverdueRule }).from(schools).where(eq(schools.id, schoolId));
      return (row?.rule as OverdueRule | undefined) ?? 'warn';
    },

    async setOverdueRule(schoolId: number, rule: OverdueRule): Promise<void> {
      await db.update(schools).set({ libraryOverdueRule: rule }).where(eq(schools.id, schoolId));
    },

    /** A live copy of the school by its barcode. */
    async copyByBarcode(schoolId: number, barcode: string) {
      const [row] = await selectCopies(db)
        .where(
          and(eq(bookBarcodes.schoolId, schoolId), eq(bookBarcodes.barcode, barcode), isNull(bookBarcodes.deletedAt)),
        )
        .limit(1);
      return row ?? null;
    },

    /**
     * Live copies in the scope, locked in id order (two desks locking the same copies wait for each
     * other instead of deadlocking), with their open loans as they stand once locked.
     */
    async lockCopies(scope: Scope, ids: number[], tx: Db) {
      await tx
        .select({ id: bookBarcodes.id })
        .from(bookBarcodes)
        .where(and(inArray(bookBarcodes.id, ids), isNull(bookBarcodes.deletedAt), tenantFilter(bookBarcodes, scope)))
        .orderBy(asc(bookBarcodes.id))
        .for('update');
      return selectCopies(tx).where(
        and(inArray(bookBarcodes.id, ids), isNull(bookBarcodes.deletedAt), tenantFilter(bookBarcodes, scope)),
      );
    },

    /** The school's today in its organization's time zone. */
    async today(schoolId: number, at: Date, tx: Db = db) {
      const [row] = await tx
        .select({
          today: sql<string>`to_char((${at.toISOString()}::timestamptz at time zone ${organizations.timeZone})::date, 'YYYY-MM-DD')`,
        })
        .from(schools)
        .innerJoin(organizations, eq(organizations.id, schools.organizationId))
        .where(eq(schools.id, schoolId));
      return row!.today;
    },

    async openLoans(
      values: {
        organizationId: number;
        schoolId: number;
        barcodeId: number;
        userId: number;
        issuedBy: number | null;
        expiredAt: string;
      }[],
      tx: Db,
    ) {
      await tx.insert(bookLoans).values(values);
      await tx
        .update(bookBarcodes)
        .set({ total: sql`${bookBarcodes.total} + 1` })
        .where(
          inArray(
            bookBarcodes.id,
            values.map((v) => v.barcodeId),
          ),
        );
    },

    async renewLoans(loanIds: number[], expiredAt: string, tx: Db) {
      await tx.update(bookLoans).set({ expiredAt }).where(inArray(bookLoans.id, loanIds));
    },

    async closeLoans(loanIds: number[], returnedBy: number | null, tx: Db) {
      await tx
        .update(bookLoans)
        .set({ returnedAt: sql`now()`, returnedBy })
        .where(and(inArray(bookLoans.id, loanIds), isNull(bookLoans.returnedAt)));
    },

    async addHistory(entries: (typeof bookHistories.$inferInsert)[], tx: Db) {
      if (entries.length > 0) await tx.insert(bookHistories).values(entries);
    },

    /** Copies on hand, soonest due first, with the status against each organization's today. */
    async onHand(scope: Scope, at: Date, filter: OnHandFilter & { limit: number; offset: number }) {
      const { where, status } = onHandWhere(scope, at, filter);
      return listPage(db, {
        rows: (tx) =>
          onHandRows(tx, status)
            .where(where)
            // A class's list reads by pupil; the school's, soonest due first.
            .orderBy(
              ...(filter.classroomId !== undefined ? [alphabetically(users.name)] : []),
              asc(bookLoans.expiredAt),
              asc(bookLoans.id),
            ),
        table: bookLoans,
        // The total counts through the same joins: the search reaches the joined names.
        count: (tx) =>
          tx
            .select({ n: count() })
            .from(bookLoans)
            .innerJoin(bookBarcodes, eq(bookBarcodes.id, bookLoans.barcodeId))
            .innerJoin(books, eq(books.id, bookBarcodes.bookId))
            .innerJoin(users, eq(users.id, bookLoans.userId))
            .innerJoin(organizations, eq(organizations.id, bookLoans.organizationId))
            .where(where),
        where,
        limit: filter.limit,
        offset: filter.offset,
      });
    },

    /** The same list whole, for its sheet: by class, then pupil, then due date. */
    async onHandAll(scope: Scope, at: Date, filter: OnHandFilter) {
      const { where, status } = onHandWhere(scope, at, filter);
      return onHandRows(db, status)
        .where(where)
        .orderBy(
          alphabetically(classrooms.name),
          alphabetically(users.name),
          asc(bookLoans.expiredAt),
          asc(bookLoans.id),
        )
        .limit(ON_HAND_EXPORT_MAX);
    },

    /** A class (archived ones too: their pupils may still hold books), with its school. */
    async classroom(id: number) {
      const [row] = await db
        .select({
          id: classrooms.id,
          name: classrooms.name,
          nameKk: classrooms.nameKk,
          nameRuMissing: classrooms.nameRuMissing,
          schoolId: classrooms.schoolId,
          organizationId: classrooms.organizationId,
        })
        .from(classrooms)
        .where(eq(classrooms.id, id));
      return row ?? null;
    },
  };
}

export type StudentLookup = NonNullable<Awaited<ReturnType<ReturnType<typeof createBookLoansRepository>['student']>>>;
export type LockedCopy = Awaited<ReturnType<ReturnType<typeof createBookLoansRepository>['lockCopies']>>[number];
