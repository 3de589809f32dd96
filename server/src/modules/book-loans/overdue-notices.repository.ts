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
  organizationId: number;
  schoolId: number;
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

    /**
     * Notices of the books due in two days, for the pupils a parent asked it of: one per open loan and
     * due day, from `hour` o'clock in the organization's time (the event's key makes it once however
     * many instances look). Answers how many were written.
     */
    async writeDueSoon(at: Date, hour: number, days: number): Promise<number> {
      const local = sql`(${at.toISOString()}::timestamptz at time zone ${organizations.timeZone})`;
      const result = await db.execute(sql`
        insert into notification_events (event, organization_id, pupil_id, at, data, key)
        select 'book_due', ${bookLoans.organizationId}, ${bookLoans.userId}, ${at.toISOString()}::timestamptz,
          jsonb_build_object('schoolId', ${bookLoans.schoolId}, 'books',
            jsonb_build_array(jsonb_build_object('name', ${books.name}, 'authors', ${books.authors},
              'due', ${bookLoans.expiredAt}))),
          'book_due:' || ${bookLoans.id} || ':' || ${bookLoans.expiredAt}
        from ${bookLoans}
        join ${organizations} on ${organizations.id} = ${bookLoans.organizationId}
        join ${bookBarcodes} on ${bookBarcodes.id} = ${bookLoans.barcodeId}
        join ${books} on ${books.id} = ${bookBarcodes.bookId}
        where ${bookLoans.returnedAt} is null and ${bookLoans.expiredAt} = (${local})::date + ${days}::int
          and extract(hour from ${local}) >= ${hour}
          and 'library' = any(${organizations.modules})
          and exists (select 1 from notification_choices c where c.pupil_id = ${bookLoans.userId} and c.event = 'book_due')
        on conflict (key) where key is not null do nothing`);
      return (result as unknown as { rowCount: number | null }).rowCount ?? 0;
    },

    /** The claimed notices with their pupil, book and copy. */
    async toSend(ids: number[]): Promise<NoticeToSend[]> {
      if (ids.length === 0) return [];
      return db
        .select({
          id: bookOverdueNotices.id,
          day: bookOverdueNotices.day,
          organizationId: bookOverdueNotices.organizationId,
          schoolId: bookOverdueNotices.schoolId,
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
    async parentEmails(
      pupilIds: number[],
    ): Promise<Map<number, { email: string; language: 'ru' | 'kk'; chosen: boolean }[]>> {
      const byPupil = new Map<number, { email: string; language: 'ru' | 'kk'; chosen: boolean }[]>();
      if (pupilIds.length === 0) return byPupil;
      const pupils = alias(users, 'pupils');
      const rows = await db
        .select({
          pupilId: parentChildren.pupilId,
          email: users.email,
          language: sql<'ru' | 'kk'>`coalesce(${users.language}, ${organizations.language}, 'ru')`,
          // Chose overdue books by e-mail: that notice reaches them instead (not two letters).
          chosen: sql<boolean>`exists (select 1 from notification_choices c where c.parent_id = ${users.id}
            and c.pupil_id = ${parentChildren.pupilId} and c.event = 'book_overdue' and c.channel = 'email')`,
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
        byPupil.set(r.pupilId, [
          ...(byPupil.get(r.pupilId) ?? []),
          { email: r.email!, language: r.language, chosen: r.chosen },
        ]);
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
