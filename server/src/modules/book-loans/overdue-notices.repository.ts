import { classroomNameColumns } from '../../platform/db/places.ts';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OverdueNoticeStatus } from '@tamaq/contract/library';
import { tenantFilter, type Scope } from '../../platform/auth/scope.ts';
import { containsPattern, listPage } from '../../platform/db/catalogue.ts';
import type { Db } from '../../platform/db/client.ts';
import { organizations, schools } from '../../platform/db/schema.ts';
import { classrooms, parentChildren, users } from '../../platform/db/schema-people.ts';
import { bookBarcodes, bookLoans, bookOverdueNotices, books } from '../../platform/db/schema-library.ts';
import { bookSummary } from './book-loans.repository.ts';
import { alphabetically } from '../../platform/db/alphabet.ts';

/** A claimed notice with what its e-mail says. */
export interface NoticeToSend {
  id: number;
  day: string;
  pupilId: number;
  pupilName: string;
  classroomName: string | null;
  classroomNameKk: string | null;
  classroomNameRuMissing: boolean | null;
  schoolName: string;
  schoolNameKk: string | null;
  schoolNameRuMissing: boolean;
  bookName: string;
  authors: string;
  barcode: string;
  expiredAt: string;
}

export function createOverdueNoticesRepository(db: Db) {
  return {
    /**
     * Claims today's notices: one row per open loan past its due date, in the organizations where it
     * is `hour` o'clock or later and that have the library module. The unique (loan, day) key makes the claim: rows another instance
     * claimed first are skipped. Answers the ids claimed here.
     */
    async claim(at: Date, hour: number): Promise<number[]> {
      const local = sql`(${at.toISOString()}::timestamptz at time zone ${organizations.timeZone})`;
      const result = await db.execute(sql`
        insert into ${bookOverdueNotices} (organization_id, school_id, loan_id, day)
        select ${bookLoans.organizationId}, ${bookLoans.schoolId}, ${bookLoans.id}, (${local})::date
        from ${bookLoans} join ${organizations} on ${organizations.id} = ${bookLoans.organizationId}
        where ${bookLoans.returnedAt} is null and ${bookLoans.expiredAt} < (${local})::date
          and extract(hour from ${local}) >= ${hour}
          and 'library' = any(${organizations.modules})
        on conflict (loan_id, day) do nothing
        returning id`);
      return (result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
    },

    /** The claimed notices with their pupil, book and copy. */
    async toSend(ids: number[]): Promise<NoticeToSend[]> {
      if (ids.length === 0) return [];
      return db
        .select({
          id: bookOverdueNotices.id,
          day: bookOverdueNotices.day,
          pupilId: users.id,
          pupilName: users.name,
          ...classroomNameColumns,
          schoolName: schools.name,
          schoolNameKk: schools.nameKk,
          schoolNameRuMissing: schools.nameRuMissing,
          bookName: books.name,
          authors: books.authors,
          barcode: bookBarcodes.barcode,
          expiredAt: bookLoans.expiredAt,
        })
        .from(bookOverdueNotices)
        .innerJoin(bookLoans, eq(bookLoans.id, bookOverdueNotices.loanId))
        .innerJoin(bookBarcodes, eq(bookBarcodes.id, bookLoans.barcodeId))
        .innerJoin(books, eq(books.id, bookBarcodes.bookId))
        .innerJoin(users, eq(users.id, bookLoans.userId))
        .innerJoin(schools, eq(schools.id, bookOverdueNotices.schoolId))
        .leftJoin(classrooms, eq(classrooms.id, users.classroomId))
        .where(inArray(bookOverdueNotices.id, ids))
        .orderBy(asc(users.id), asc(bookLoans.expiredAt), asc(bookBarcodes.barcode));
    },

    /**
     * The e-mail addresses of the pupils' live parents, by pupil, each with the language its owner
     * reads: their own choice, else the pupil's organization's default, else Russian.
     */
    async parentEmails(pupilIds: number[]): Promise<Map<number, { email: string; language: 'ru' | 'kk' }[]>> {
      const byPupil = new Map<number, { email: string; language: 'ru' | 'kk' }[]>();
      if (pupilIds.length === 0) return byPupil;
      const pupils = alias(users, 'pupils');
      const rows = await db
        .select({
          pupilId: parentChildren.pupilId,
          email: users.email,
          language: sql<'ru' | 'kk'>`coalesce(${users.language}, ${organizations.language}, 'ru')`,
        })
        .from(parentChildren)
        .innerJoin(users, eq(users.id, parentChildren.parentId))
        .innerJoin(pupils, eq(pupils.id, parentChildren.pupilId))
        .leftJoin(organizations, eq(organizations.id, pupils.organizationId))
        .where(
          and(
            inArray(parentChildren.pupilId, pupilIds),
            isNull(users.deletedAt),
            sql`coalesce(${users.email}, '') <> ''`,
          ),
        )
        .orderBy(asc(users.id));
      for (const r of rows) {
        byPupil.set(r.pupilId, [...(byPupil.get(r.pupilId) ?? []), { email: r.email!, language: r.language }]);
      }
      return byPupil;
    },

    async finish(
      ids: number[],
      outcome: { status: OverdueNoticeStatus; recipients: string[]; error: string | null; sentAt: Date | null },
    ) {
      if (ids.length === 0) return;
      await db.update(bookOverdueNotices).set(outcome).where(inArray(bookOverdueNotices.id, ids));
    },

    /** The notices of the schools in scope, newest day first, searched by pupil, book or barcode. */
    async list(scope: Scope, filter: { query?: string; schoolId?: number; limit: number; offset: number }) {
      const pattern = filter.query ? containsPattern(filter.query) : undefined;
      const where = and(
        tenantFilter(bookOverdueNotices, scope),
        filter.schoolId !== undefined ? eq(bookOverdueNotices.schoolId, filter.schoolId) : undefined,
        pattern
          ? or(ilike(users.name, pattern), ilike(books.name, pattern), ilike(bookBarcodes.barcode, pattern))
          : undefined,
      );
      return listPage(db, {
        rows: (tx) =>
          tx
            .select({
              id: bookOverdueNotices.id,
              day: bookOverdueNotices.day,
              status: bookOverdueNotices.status,
              userId: users.id,
              userName: users.name,
              ...classroomNameColumns,
              book: bookSummary,
              barcode: bookBarcodes.barcode,
              expiredAt: bookLoans.expiredAt,
              recipients: bookOverdueNotices.recipients,
              error: bookOverdueNotices.error,
              sentAt: bookOverdueNotices.sentAt,
            })
            .from(bookOverdueNotices)
            .innerJoin(bookLoans, eq(bookLoans.id, bookOverdueNotices.loanId))
            .innerJoin(bookBarcodes, eq(bookBarcodes.id, bookLoans.barcodeId))
            .innerJoin(books, eq(books.id, bookBarcodes.bookId))
            .innerJoin(users, eq(users.id, bookLoans.userId))
            .leftJoin(classrooms, eq(classrooms.id, users.classroomId))
            .where(where)
            .orderBy(desc(bookOverdueNotices.day), alphabetically(users.name), asc(bookOverdueNotices.id)),
        table: bookOverdueNotices,
        count: (tx) =>
          tx
            .select({ n: count() })
            .from(bookOverdueNotices)
            .innerJoin(bookLoans, eq(bookLoans.id, bookOverdueNotices.loanId))
            .innerJoin(bookBarcodes, eq(bookBarcodes.id, bookLoans.barcodeId))
            .innerJoin(books, eq(books.id, bookBarcodes.bookId))
            .innerJoin(users, eq(users.id, bookLoans.userId))
            .where(where),
        where,
        limit: filter.limit,
        offset: filter.offset,
      });
    },
  };
}
