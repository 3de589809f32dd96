import { nameForReader } from '../../platform/db/alphabet.ts';
import { classroomNames } from '../../platform/db/places.ts';
import { imageUrl } from '@tamaq/contract/images';
import {
  BOOK_USER_AUTOCOMPLETE_MAX,
  LIBRARY_MESSAGES,
  type BookUserAutocomplete,
  type BookUserAutocompleteQuery,
  LOAN_MAX_DAYS,
  LOAN_MESSAGES as M,
  libraryChannel,
  type BookByBarcodeQuery,
  type BookCheckIn,
  type BookCheckedIn,
  type BookIssuance,
  type LibrarySettings,
  type LibrarySettingsBody,
  type LibrarySettingsQuery,
  type BookReturning,
  type LibraryReaderScan,
  type LibraryStudent,
  type LibraryStudentQuery,
  type LoanResult,
  type OnHandList,
  type OnHandQuery,
  type OnHandExportQuery,
  ON_HAND_EXPORT,
  type ScannedBookBarcode,
} from '@tamaq/contract/library';
import type { Actor } from '../../platform/auth/actors.ts';
import { inScope, scopeOf } from '../../platform/auth/scope.ts';
import { ruDate, safeFileName, type XlsxReport } from '../../platform/spreadsheet.ts';
import { localDate } from '../../platform/time.ts';
import { writeNotices } from '../../platform/db/notices.ts';
import type { Db } from '../../platform/db/client.ts';
import { conflict, isUniqueViolation, notFound, ValidationError } from '../../platform/http/errors.ts';
import { createOnce, requestDigest } from '../../platform/http/idempotency.ts';
import type { Platform } from '../../platform/platform.ts';
import type { SchoolsService } from '../schools/schools.service.ts';
import { createBookLoansRepository, toStudent, type LockedCopy, type StudentLookup } from './book-loans.repository.ts';

const ON_HAND_KEY = 'book_loans_on_hand_key';

const addDays = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * Issuing and taking back a school library's copies (docs/product.md "States", docs/domain.md "Library").
 * A copy is on hand with at most one student: the copies are locked while the desk decides, and the
 * partial unique index on open loans refuses whatever slipped past. Every change writes history.
 */
export function createBookLoansService(
  platform: Pick<Platform, 'config' | 'db' | 'now' | 'realtime' | 'tickets'>,
  schools: SchoolsService,
) {
  const repo = createBookLoansRepository(platform.db);

  const visibleSchool = async (actor: Actor, schoolId: number) => {
    const school = await schools.findVisible(actor, schoolId);
    if (!school) throw notFound(LIBRARY_MESSAGES.schoolNotFound);
    return school;
  };

  const byCard = async (actor: Actor, schoolId: number, card: string): Promise<LibraryStudent> => {
    await visibleSchool(actor, schoolId);
    const row = await repo.studentByCard(schoolId, card);
    if (!row) throw notFound(M.studentNotFound);
    return toStudent(row, await repo.loansOf(row.id, platform.now()));
  };

  /** The list's filter: the school seen, and the class one of that school (else 422 on `classroomId`). */
  const onHandFilter = async (actor: Actor, q: Omit<OnHandQuery, 'limit' | 'offset'>) => {
    if (q.schoolId !== undefined) await visibleSchool(actor, q.schoolId);
    const classroom = q.classroomId === undefined ? null : await repo.classroom(q.classroomId);
    if (
      q.classroomId !== undefined &&
      (!classroom ||
        !inScope(classroom, scopeOf(actor)) ||
        (q.schoolId !== undefined && classroom.schoolId !== q.schoolId))
    ) {
      throw ValidationError.field('classroomId', LIBRARY_MESSAGES.classroomNotFound);
    }
    return {
      query: q.query || undefined,
      schoolId: q.schoolId,
      overdue: q.overdue,
      classroomId: classroom?.id,
      classroom,
    };
  };

  /** The student a body names: one the actor does not see is a mistake in `user_id`. */
  const studentFor = async (actor: Actor, userId: number): Promise<StudentLookup> => {
    const row = await repo.student(scopeOf(actor), userId);
    if (!row) throw ValidationError.field('user_id', M.studentNotFound);
    return row;
  };

  /** The copies a body names, locked; each must be a live copy of the student's school. */
  const copiesFor = async (actor: Actor, student: StudentLookup, ids: number[], tx: Db): Promise<LockedCopy[]> => {
    const copies = await repo.lockCopies(scopeOf(actor), ids, tx);
    if (copies.length !== ids.length) throw ValidationError.field('book_ids', LIBRARY_MESSAGES.barcodeNotFound);
    if (copies.some((c) => c.schoolId !== student.schoolId)) throw ValidationError.field('book_ids', M.otherSchool);
    return copies;
  };

  /** A due date from the school's today up to LOAN_MAX_DAYS ahead. */
  const checkDueDate = async (student: StudentLookup, expiredAt: string) => {
    const today = await repo.today(student.schoolId!, platform.now());
    if (expiredAt < today) throw ValidationError.field('expired_at', M.dueDatePast);
    if (expiredAt > addDays(today, LOAN_MAX_DAYS)) throw ValidationError.field('expired_at', M.dueDateFar);
  };

  const history = (
    actor: Actor,
    student: StudentLookup,
    copies: LockedCopy[],
    action: 'took' | 'returned',
    data?: object,
  ) =>
    copies.map((c) => ({
      organizationId: c.organizationId,
      bookId: c.bookId,
      barcodeId: c.id,
      action,
      librarianId: actor.userId,
      userId: student.id,
      data: data ?? null,
    }));

  /** The pupil's parents who chose to hear of it are told, in the transaction of the issue or return. */
  const tellParents = (
    tx: Db,
    event: 'book_issued' | 'book_returned',
    pupilId: number,
    copies: LockedCopy[],
    due: string | null,
  ) =>
    writeNotices(tx, {
      event,
      organizationId: copies[0]!.organizationId,
      at: platform.now(),
      items: [
        {
          pupilId,
          data: {
            schoolId: copies[0]!.schoolId,
            books: copies.map((c) => ({ name: c.book.name, authors: c.book.authors ?? null, due })),
          },
        },
      ],
    });

  /**
   * An issue, renewal or return at most once per Idempotency-Key (the desk keeps one for its retries):
   * a retry whose first answer was lost gets that answer (the count it wrote), not «Книга уже выдана».
   */
  const once = async (
    actor: Actor,
    key: string | null,
    kind: string,
    body: unknown,
    work: (tx: Db) => Promise<number>,
  ): Promise<LoanResult> => {
    const count = await createOnce(platform.db, { userId: actor.userId, key, kind, digest: requestDigest(body) }, work);
    return { success: true as const, count };
  };

  return {
    student: (actor: Actor, q: LibraryStudentQuery) => byCard(actor, q.schoolId, q.card),

    /** `GET /api/book/user/autocomplete`: the school's students by a part of a name, class or card. */
    async autocomplete(actor: Actor, q: BookUserAutocompleteQuery): Promise<BookUserAutocomplete> {
      await visibleSchool(actor, q.school_id);
      const rows = await repo.studentsMatching(q.school_id, q.query, BOOK_USER_AUTOCOMPLETE_MAX);
      return {
        rows: rows.map((r) => ({
          id: r.id,
          name: r.name,
          classroom: classroomNames(r),
          image: r.imageKey ? { url: imageUrl(r.imageKey) } : null,
        })),
      };
    },

    /** A card read at the library's desk reader: the student goes to every issuance screen of the school. */
    async reader(actor: Actor, body: LibraryReaderScan): Promise<LibraryStudent> {
      const student = await byCard(actor, body.schoolId, body.card);
      platform.realtime.publish(libraryChannel(body.schoolId), { type: 'student', student });
      return student;
    },

    async subscribe(actor: Actor, schoolId: number) {
      const school = await schools.findVisible(actor, schoolId);
      if (!school) throw ValidationError.field('schoolId', LIBRARY_MESSAGES.schoolNotFound);
      const channel = libraryChannel(school.id);
      return { channel, ticket: platform.tickets.issue(actor, channel), port: platform.config.livePort, path: '/ws' };
    },

    /** `GET /api/book/by/barcode`: the copy in the student's school, whether on hand and with whom. */
    async byBarcode(actor: Actor, q: BookByBarcodeQuery): Promise<ScannedBookBarcode> {
      const student = await repo.student(scopeOf(actor), q.user_id);
      if (!student) throw notFound(M.studentNotFound);
      const copy = await repo.copyByBarcode(student.schoolId!, q.barcode);
      if (!copy) throw notFound(LIBRARY_MESSAGES.barcodeNotFound);
      return {
        id: copy.id,
        barcode: copy.barcode,
        book: copy.book,
        is_on_hands: copy.loanId !== null,
        holder:
          copy.holderId !== null && copy.holderName !== null ? { id: copy.holderId, name: copy.holderName } : null,
        is_own: copy.holderId === student.id,
        expired_at: copy.expiredAt,
      };
    },

    async issue(actor: Actor, body: BookIssuance, key: string | null = null): Promise<LoanResult> {
      const student = await studentFor(actor, body.user_id);
      await checkDueDate(student, body.expired_at);
      // The school's rule may refuse a student with overdue books until they are back.
      if (student.overdueRule === 'refuse') {
        const overdue = (await repo.loansOf(student.id, platform.now())).filter((l) => l.status === 'overdue');
        if (overdue.length > 0) throw conflict(M.overdueRefused(overdue.length));
      }
      try {
        return await once(actor, key, 'book-issue', body, async (tx) => {
          const copies = await copiesFor(actor, student, body.book_ids, tx);
          const held = copies.find((c) => c.loanId !== null);
          if (held) throw conflict(`${M.alreadyIssued}: ${held.book.name} (${held.barcode})`);
          await repo.openLoans(
            copies.map((c) => ({
              organizationId: c.organizationId,
              schoolId: c.schoolId,
              barcodeId: c.id,
              userId: student.id,
              issuedBy: actor.userId,
              expiredAt: body.expired_at,
            })),
            tx,
          );
          await repo.addHistory(history(actor, student, copies, 'took', { expired_at: body.expired_at }), tx);
          await tellParents(tx, 'book_issued', student.id, copies, body.expired_at);
          return copies.length;
        });
      } catch (err) {
        if (isUniqueViolation(err, ON_HAND_KEY)) throw conflict(M.alreadyIssued);
        throw err;
      }
    },

    /**
     * The books on hand (or overdue) of a school or one of its classes as a sheet: the list a class
     * teacher is handed, by class and pupil, with the days each copy is late.
     */
    async onHandSheet(actor: Actor, q: OnHandExportQuery): Promise<{ fileName: string; sheet: XlsxReport }> {
      const filter = await onHandFilter(actor, q);
      const schoolId = filter.schoolId ?? filter.classroom?.schoolId ?? scopeOf(actor).schoolId;
      if (schoolId === undefined || schoolId === null) {
        throw ValidationError.field('schoolId', LIBRARY_MESSAGES.chooseSchool);
      }
      const school = await visibleSchool(actor, schoolId);
      const now = platform.now();
      const rows = await repo.onHandAll(scopeOf(actor), now, { ...filter, schoolId });
      const today = await repo.today(schoolId, now);
      const classroom = filter.classroom ? nameForReader(filter.classroom) : null;
      const schoolName = nameForReader(school);
      const overdue = q.overdue;
      const W = ON_HAND_EXPORT;
      const [n, pupil, classTitle, book, authors, barcode, issued, due, late] = W.columns;
      const daysLate = (d: string) => Math.round((Date.parse(today) - Date.parse(d)) / 86_400_000);
      return {
        fileName: W.file(overdue, safeFileName(schoolName), classroom ? safeFileName(classroom) : null),
        sheet: {
          sheetName: W.sheet(overdue),
          heading: [W.title(overdue, schoolName, classroom), W.asOf(ruDate(today))],
          columns: [
            { header: n, width: 6 },
            { header: pupil, width: 32 },
            { header: classTitle, width: 10 },
            { header: book, width: 36 },
            { header: authors, width: 24 },
            { header: barcode, width: 16, numFmt: '@' },
            { header: issued, width: 12 },
            { header: due, width: 14 },
            { header: late, width: 14 },
          ],
          rows: rows.map((r, i) => [
            i + 1,
            r.userName,
            r.classroomName === null
              ? null
              : nameForReader({
                  name: r.classroomName,
                  nameKk: r.classroomNameKk,
                  nameRuMissing: !!r.classroomNameRuMissing,
                }),
            r.book.name,
            r.book.authors,
            r.barcode,
            ruDate(localDate(r.issuedAt, r.timeZone)),
            ruDate(r.expiredAt),
            r.expiredAt < today ? daysLate(r.expiredAt) : null,
          ]),
        },
      };
    },

    async settings(actor: Actor, q: LibrarySettingsQuery): Promise<LibrarySettings> {
      await visibleSchool(actor, q.schoolId);
      return { schoolId: q.schoolId, overdue_rule: await repo.overdueRule(q.schoolId) };
    },

    async saveSettings(actor: Actor, body: LibrarySettingsBody): Promise<LibrarySettings> {
      await visibleSchool(actor, body.schoolId);
      await repo.setOverdueRule(body.schoolId, body.overdue_rule);
      return { schoolId: body.schoolId, overdue_rule: body.overdue_rule };
    },

    /** A new due date for copies the student holds (renewal): written as `took` with `renewed`. */
    async renew(actor: Actor, body: BookIssuance, key: string | null = null): Promise<LoanResult> {
      const student = await studentFor(actor, body.user_id);
      await checkDueDate(student, body.expired_at);
      return once(actor, key, 'book-renew', body, async (tx) => {
        const copies = await copiesFor(actor, student, body.book_ids, tx);
        const notHeld = copies.find((c) => c.holderId !== student.id);
        if (notHeld) {
          throw conflict(notHeld.loanId === null ? M.alreadyAccepted : M.heldByOther(notHeld.holderName ?? ''));
        }
        await repo.renewLoans(
          copies.map((c) => c.loanId!),
          body.expired_at,
          tx,
        );
        await repo.addHistory(
          history(actor, student, copies, 'took', { expired_at: body.expired_at, renewed: true }),
          tx,
        );
        return copies.length;
      });
    },

    async takeBack(actor: Actor, body: BookReturning, key: string | null = null): Promise<LoanResult> {
      const student = await studentFor(actor, body.user_id);
      return once(actor, key, 'book-return', body, async (tx) => {
        const copies = await copiesFor(actor, student, body.book_ids, tx);
        const free = copies.find((c) => c.loanId === null);
        if (free) throw conflict(`${M.alreadyAccepted}: ${free.book.name} (${free.barcode})`);
        const other = copies.find((c) => c.holderId !== student.id);
        if (other) throw conflict(M.heldByOther(other.holderName ?? ''));
        await repo.closeLoans(
          copies.map((c) => c.loanId!),
          actor.userId,
          tx,
        );
        await repo.addHistory(history(actor, student, copies, 'returned'), tx);
        await tellParents(tx, 'book_returned', student.id, copies, null);
        return copies.length;
      });
    },

    /**
     * A copy scanned with nobody at the desk (a pile of returned books): taken back from whoever
     * holds it, said with the book, the holder and whether it came back late. A copy not on hand
     * answers so (a second scan of it, or an answer lost and asked again, changes nothing).
     */
    async checkIn(actor: Actor, body: BookCheckIn): Promise<BookCheckedIn> {
      await visibleSchool(actor, body.schoolId);
      const copy = await repo.copyByBarcode(body.schoolId, body.barcode);
      if (!copy) throw notFound(LIBRARY_MESSAGES.barcodeNotFound);
      const answer = { barcode: copy.barcode, book: copy.book };
      if (copy.holderId === null || copy.holderName === null) {
        return { ...answer, returned: false, holder: null, was_overdue: false };
      }
      const student = await studentFor(actor, copy.holderId);
      const today = await repo.today(body.schoolId, platform.now());
      const returned = await platform.db.transaction(async (tx) => {
        const [locked] = await copiesFor(actor, student, [copy.id], tx);
        // Taken back meanwhile, at another desk: nothing to do.
        if (!locked || locked.loanId === null || locked.holderId !== student.id) return false;
        await repo.closeLoans([locked.loanId], actor.userId, tx);
        await repo.addHistory(history(actor, student, [locked], 'returned'), tx);
        await tellParents(tx, 'book_returned', student.id, [locked], null);
        return true;
      });
      return {
        ...answer,
        returned,
        holder: { id: copy.holderId, name: copy.holderName },
        was_overdue: returned && copy.expiredAt !== null && copy.expiredAt < today,
      };
    },

    async onHand(actor: Actor, q: OnHandQuery): Promise<OnHandList> {
      const filter = await onHandFilter(actor, q);
      const { total, rows } = await repo.onHand(scopeOf(actor), platform.now(), {
        ...filter,
        limit: q.limit,
        offset: q.offset,
      });
      return {
        total,
        rows: rows.map((r) => ({
          id: r.id,
          user: {
            id: r.userId,
            name: r.userName,
            classroom: classroomNames(r),
          },
          book: r.book,
          barcode: r.barcode,
          barcode_id: r.barcodeId,
          expired_at: r.expiredAt,
          issued_at: r.issuedAt.toISOString(),
          status: r.status,
        })),
      };
    },
  };
}
