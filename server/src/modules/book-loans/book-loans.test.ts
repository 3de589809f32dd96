import { randomUUID } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { and, eq, isNull } from 'drizzle-orm';
import {
  LIBRARY_MESSAGES,
  LOAN_MESSAGES as M,
  libraryChannel,
  type Book,
  type BookHistory,
  type LibraryStudent,
  type OnHandList,
  type ScannedBookBarcode,
} from '@tamaq/contract/library';
import { KEY_REUSED } from '../../platform/http/idempotency.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookBarcodes, bookLoans } from '../../platform/db/schema-library.ts';
import { schools } from '../../platform/db/schema.ts';
import { classrooms } from '../../platform/db/schema-people.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, linkToken, signedIn } from '../../../test/factories.ts';
import { createCard, createClassroom, createPupil } from '../../../test/factories-people.ts';

let t: TestContext;
let orgId: number;
let schoolId: number;
let school2Id: number;
let admin: string;
let librarian: string;
let cashier: string;
let aigerim: { id: number; card: string };
let bolat: { id: number; card: string };
let elsewhere: { id: number; card: string; classroomId: number };

/** 09:00 in Almaty on the first week of school. */
const START = new Date('2026-09-02T04:00:00Z');
const DAY = 86_400_000;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  payload === undefined ? t.call({ method, url, token }) : t.call({ method, url, token, payload });

const pupil = async (school: number, name: string) => {
  const classroom = await createClassroom(t.db, { organizationId: orgId, schoolId: school, name: `7 ${name[0]}` });
  const user = await createPupil(t.db, { organizationId: orgId, schoolId: school, classroomId: classroom.id, name });
  const card = await createCard(t.db, { organizationId: orgId, userId: user.id });
  return { id: user.id, card: card.number, classroomId: classroom.id };
};

/** A book with `n` copies in the school; answers the copies' ids and barcodes. */
const copies = async (school: number, n: number, name = 'Алгебра 7') => {
  const book = await call('POST', '/api/book', admin, {
    schoolId: school,
    name,
    authors: 'Абылкасымова',
    publisher: 'Мектеп',
    year: 2017,
  });
  expect(book.statusCode, book.body).toBe(200);
  const made = await call('POST', '/api/book/count', admin, { book_id: book.json().id, count: n });
  return (made.json() as Book).barcodes;
};

const openLoans = () => t.db.select().from(bookLoans).where(isNull(bookLoans.returnedAt));

beforeAll(async () => {
  t = await createTestContext();
  orgId = (await createOrganization(t.db, { modules: ['library'] })).id;
  schoolId = (await createSchool(t.db, { organizationId: orgId, name: 'Гимназия №7' })).id;
  school2Id = (await createSchool(t.db, { organizationId: orgId, name: 'Школа №9' })).id;
  ({ token: admin } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId }));
  ({ token: librarian } = await signedIn(t.platform, { role: 'EducationLibrarian', organizationId: orgId, schoolId }));
  ({ token: cashier } = await signedIn(t.platform, { role: 'EducationCashier', organizationId: orgId }));
  aigerim = await pupil(schoolId, 'Айгерим Сапарова');
  bolat = await pupil(schoolId, 'Болат Ахметов');
  elsewhere = await pupil(school2Id, 'Дана Ким');
});
beforeEach(() => {
  t.clock.now = START;
});
afterAll(() => t.close());

describe('library desk', () => {
  it('finds a student by card in the school, and nobody elsewhere', async () => {
    const res = await call(
      'GET',
      `/api/book/student?schoolId=${schoolId}&card=${aigerim.card.toLowerCase()}%0D`,
      librarian,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: aigerim.id,
      name: 'Айгерим Сапарова',
      classroom: { name: '7 А' },
      schoolId,
    });
    const other = await call('GET', `/api/book/student?schoolId=${schoolId}&card=${elsewhere.card}`, admin);
    expect(other.statusCode).toBe(404);
    expect(other.json().errorMessage).toBe(M.studentNotFound);
    expect(
      (await call('GET', `/api/book/student?schoolId=${school2Id}&card=${elsewhere.card}`, librarian)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/book/student?schoolId=${school2Id}&card=${elsewhere.card}`, admin)).statusCode,
    ).toBe(200);
    expect((await call('GET', `/api/book/student?schoolId=${schoolId}&card=${aigerim.card}`, cashier)).statusCode).toBe(
      403,
    );
  });

  it('finds the school’s students by a part of a name, class or card (GET /api/book/user/autocomplete)', async () => {
    const find = (query: string, school = schoolId, token = librarian) =>
      call('GET', `/api/book/user/autocomplete?school_id=${school}&query=${encodeURIComponent(query)}`, token);
    const names = async (query: string) => ((await find(query)).json().rows as { name: string }[]).map((r) => r.name);
    const res = await find('сапар');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows).toEqual([
      {
        id: aigerim.id,
        name: 'Айгерим Сапарова',
        classroom: { name: '7 А', name_ru: '7 А', name_kk: null },
        image: null,
      },
    ]);
    expect(await names('7 Б')).toEqual(['Болат Ахметов']);
    expect(await names(bolat.card.toLowerCase())).toEqual(['Болат Ахметов']);
    // Another school's student is not found from this one; a pattern's % is a letter.
    expect(await names('Дана')).toEqual([]);
    expect(await names('%')).toEqual([]);
    // No text, or a school of another organization, or another role.
    expect((await find('')).json().validationErrors).toHaveProperty('query');
    expect((await call('GET', `/api/book/user/autocomplete?query=abc`, librarian)).statusCode).toBe(422);
    const foreign = (
      await createSchool(t.db, { organizationId: (await createOrganization(t.db, { modules: ['library'] })).id })
    ).id;
    expect((await find('Айгерим', foreign, admin)).statusCode).toBe(404);
    expect((await find('Айгерим', schoolId, cashier)).statusCode).toBe(403);
  });

  it('issues and takes back once per Idempotency-Key: a retry whose answer was lost gets that answer', async () => {
    const [a, b] = await copies(schoolId, 2, 'Геометрия 7');
    const keyed = (url: string, key: string, payload: object) =>
      t.call({ method: 'POST', url, token: librarian, payload, headers: { 'idempotency-key': key } });
    const issue = { user_id: bolat.id, book_ids: [a!.id, b!.id], expired_at: '2026-09-30' };
    const key = randomUUID();
    const first = await keyed('/api/book/issuance', key, issue);
    expect(first.statusCode, first.body).toBe(200);
    // The retry: the same answer, not «Книга уже выдана», and no second loan.
    const retry = await keyed('/api/book/issuance', key, issue);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual({ success: true, count: 2 });
    expect((await openLoans()).filter((l) => l.userId === bolat.id)).toHaveLength(2);
    // The same key with another request is refused, and writes nothing.
    const other = await keyed('/api/book/issuance', key, { ...issue, expired_at: '2026-10-30' });
    expect(other.statusCode).toBe(422);
    expect(other.json().validationErrors.idempotencyKey).toEqual([KEY_REUSED]);
    // Without a key a second issue is what it always was.
    expect((await call('POST', '/api/book/issuance', librarian, issue)).statusCode).toBe(409);

    const back = { user_id: bolat.id, book_ids: [a!.id, b!.id] };
    const returnKey = randomUUID();
    expect((await keyed('/api/book/returning', returnKey, back)).json()).toEqual({ success: true, count: 2 });
    const again = await keyed('/api/book/returning', returnKey, back);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ success: true, count: 2 });
    expect((await openLoans()).filter((l) => l.userId === bolat.id)).toHaveLength(0);
  });

  it('issues copies until a due date, shows them on hand and in history, and takes them back', async () => {
    const [a, b] = await copies(schoolId, 2);
    const scanned = await call('GET', `/api/book/by/barcode?barcode=${a!.barcode}&user_id=${aigerim.id}`, librarian);
    expect(scanned.json()).toMatchObject({
      id: a!.id,
      is_on_hands: false,
      holder: null,
      is_own: false,
      book: { name: 'Алгебра 7' },
    });

    const issued = await call('POST', '/api/book/issuance', librarian, {
      user_id: aigerim.id,
      book_ids: [a!.id, b!.id],
      expired_at: '2026-09-30',
    });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json()).toEqual({ success: true, count: 2 });

    const held = (
      await call('GET', `/api/book/by/barcode?barcode=${a!.barcode}&user_id=${aigerim.id}`, librarian)
    ).json() as ScannedBookBarcode;
    expect(held).toMatchObject({
      is_on_hands: true,
      is_own: true,
      holder: { id: aigerim.id },
      expired_at: '2026-09-30',
    });
    const byOther = (
      await call('GET', `/api/book/by/barcode?barcode=${a!.barcode}&user_id=${bolat.id}`, librarian)
    ).json();
    expect(byOther).toMatchObject({ is_on_hands: true, is_own: false, holder: { name: 'Айгерим Сапарова' } });
    const student = (
      await call('GET', `/api/book/student?schoolId=${schoolId}&card=${aigerim.card}`, librarian)
    ).json() as LibraryStudent;
    expect(student.on_hands).toBe(2);

    const onHand = (
      await call('GET', `/api/books/on/hand?schoolId=${schoolId}&query=сапар`, librarian)
    ).json() as OnHandList;
    expect(onHand.total).toBe(2);
    expect(onHand.rows[0]).toMatchObject({
      user: { name: 'Айгерим Сапарова', classroom: { name: '7 А' } },
      book: { name: 'Алгебра 7' },
      expired_at: '2026-09-30',
      status: 'normal',
    });

    const took = (
      await call('POST', '/api/book/histories', librarian, { book_barcode_id: a!.id })
    ).json() as BookHistory;
    expect(took.rows[0]).toMatchObject({
      action: 'took',
      user: { name: 'Айгерим Сапарова' },
      data: { expired_at: '2026-09-30' },
    });

    const back = await call('POST', '/api/book/returning', librarian, {
      user_id: aigerim.id,
      book_ids: [a!.id, b!.id],
      expired_at: '',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await call('GET', `/api/books/on/hand?schoolId=${schoolId}&query=сапар`, librarian)).json()).toMatchObject({
      total: 0,
    });
    const returned = (
      await call('POST', '/api/book/histories', librarian, { book_barcode_id: a!.id })
    ).json() as BookHistory;
    expect(returned.rows.map((r) => r.action).slice(0, 2)).toEqual(['returned', 'took']);
    const [row] = await t.db.select({ total: bookBarcodes.total }).from(bookBarcodes).where(eq(bookBarcodes.id, a!.id));
    expect(row!.total).toBe(1);
  });

  it('refuses what the desk must not do, with the spec texts, and changes nothing', async () => {
    const [a, b] = await copies(schoolId, 2, 'Физика 7');
    const [foreign] = await copies(school2Id, 1);
    expect(
      (
        await call('POST', '/api/book/issuance', admin, {
          user_id: aigerim.id,
          book_ids: [a!.id],
          expired_at: '2026-10-01',
        })
      ).statusCode,
    ).toBe(200);
    const before = (await openLoans()).length;

    const again = await call('POST', '/api/book/issuance', admin, {
      user_id: bolat.id,
      book_ids: [b!.id, a!.id],
      expired_at: '2026-10-01',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorMessage).toContain(M.alreadyIssued);
    const notHeld = await call('POST', '/api/book/returning', admin, { user_id: bolat.id, book_ids: [b!.id] });
    expect(notHeld.statusCode).toBe(409);
    expect(notHeld.json().errorMessage).toContain(M.alreadyAccepted);
    const someoneElses = await call('POST', '/api/book/returning', admin, { user_id: bolat.id, book_ids: [a!.id] });
    expect(someoneElses.statusCode).toBe(409);
    expect(someoneElses.json().errorMessage).toBe(M.heldByOther('Айгерим Сапарова'));

    const bad: [object, string, string][] = [
      [{ expired_at: '2026-09-01' }, 'expired_at', M.dueDatePast],
      [{ expired_at: '2028-01-01' }, 'expired_at', M.dueDateFar],
      [{ expired_at: '2026-02-30' }, 'expired_at', M.dueDate],
      [{ expired_at: '20260-01-01' }, 'expired_at', M.dueDate],
      [{ book_ids: [] }, 'book_ids', M.noBooks],
      [{ book_ids: [b!.id, b!.id] }, 'book_ids', M.alreadySelected],
      [{ book_ids: [2_000_000_000] }, 'book_ids', LIBRARY_MESSAGES.barcodeNotFound],
      [{ book_ids: [foreign!.id] }, 'book_ids', M.otherSchool],
      [{ user_id: elsewhere.id }, 'book_ids', M.otherSchool],
    ];
    for (const [patch, field, message] of bad) {
      const res = await call('POST', '/api/book/issuance', admin, {
        user_id: bolat.id,
        book_ids: [b!.id],
        expired_at: '2026-10-01',
        ...patch,
      });
      expect(res.statusCode, JSON.stringify(patch)).toBe(422);
      expect(res.json().validationErrors[field], JSON.stringify(patch)).toEqual([message]);
    }
    // A school-locked librarian does not see the other school's pupil.
    const locked = await call('POST', '/api/book/issuance', librarian, {
      user_id: elsewhere.id,
      book_ids: [foreign!.id],
      expired_at: '2026-10-01',
    });
    expect(locked.statusCode).toBe(422);
    expect(locked.json().validationErrors.user_id).toEqual([M.studentNotFound]);
    expect((await call('GET', `/api/book/by/barcode?barcode=NOPE&user_id=${bolat.id}`, admin)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/book/by/barcode?barcode=${foreign!.barcode}&user_id=${elsewhere.id}`, librarian))
        .statusCode,
    ).toBe(404);
    expect((await openLoans()).length).toBe(before);
  });

  it('lets one of two desks issuing the same copy at once win', async () => {
    const [a] = await copies(schoolId, 1, 'История Казахстана');
    const results = await Promise.all([
      call('POST', '/api/book/issuance', admin, { user_id: aigerim.id, book_ids: [a!.id], expired_at: '2026-10-01' }),
      call('POST', '/api/book/issuance', librarian, { user_id: bolat.id, book_ids: [a!.id], expired_at: '2026-10-01' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const open = await t.db
      .select()
      .from(bookLoans)
      .where(and(eq(bookLoans.barcodeId, a!.id), isNull(bookLoans.returnedAt)));
    expect(open).toHaveLength(1);
  });

  it('colours the return date: overdue after it, soon within 3 days, normal before', async () => {
    // A reader of this test alone: the copy two desks raced for above went to Bolat or to Aigerim.
    const reader = await pupil(schoolId, 'Дана Нурланова');
    const [a, b, c] = await copies(schoolId, 3, 'Литература');
    for (const [copy, due] of [
      [a!, '2026-09-03'],
      [b!, '2026-09-08'],
      [c!, '2026-09-20'],
    ] as const) {
      const res = await call('POST', '/api/book/issuance', admin, {
        user_id: reader.id,
        book_ids: [copy.id],
        expired_at: due,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    t.clock.now = new Date(START.getTime() + 3 * DAY); // 5 September
    const list = (
      await call('GET', `/api/books/on/hand?schoolId=${schoolId}&query=литература`, admin)
    ).json() as OnHandList;
    expect(list.rows.map((r) => [r.expired_at, r.status])).toEqual([
      ['2026-09-03', 'overdue'],
      ['2026-09-08', 'soon'],
      ['2026-09-20', 'normal'],
    ]);
    // The desk's lookup of the student lists the same loans, earliest first, and counts the overdue.
    const student = (
      await call('GET', `/api/book/student?schoolId=${schoolId}&card=${reader.card}`, librarian)
    ).json() as LibraryStudent;
    expect(student).toMatchObject({ on_hands: 3, overdue: 1 });
    expect(student.loans.map((l) => [l.barcode, l.name, l.expired_at, l.status])).toEqual([
      [a!.barcode, 'Литература', '2026-09-03', 'overdue'],
      [b!.barcode, 'Литература', '2026-09-08', 'soon'],
      [c!.barcode, 'Литература', '2026-09-20', 'normal'],
    ]);
  });

  it('lists only the overdue copies, or one class’s, and gives that list as a sheet for the class teacher', async () => {
    const erlan = await pupil(schoolId, 'Ерлан Серіков');
    const madi = await pupil(schoolId, 'Мади Оспанов');
    const [a, b, c] = await copies(schoolId, 3, 'Тарих 8');
    const issue = (user: number, copy: number, due: string) =>
      call('POST', '/api/book/issuance', librarian, { user_id: user, book_ids: [copy], expired_at: due });
    expect((await issue(erlan.id, a!.id, '2026-09-03')).statusCode).toBe(200);
    expect((await issue(erlan.id, b!.id, '2026-09-30')).statusCode).toBe(200);
    expect((await issue(madi.id, c!.id, '2026-09-04')).statusCode).toBe(200);
    t.clock.now = new Date(START.getTime() + 5 * DAY); // 7 September
    const list = async (filters: string) =>
      (
        (
          await call(
            'GET',
            `/api/books/on/hand?schoolId=${schoolId}&query=${encodeURIComponent('Тарих 8')}${filters}`,
            librarian,
          )
        ).json() as OnHandList
      ).rows.map((r) => [r.user.name, r.barcode, r.status]);
    expect(await list('&overdue=1')).toEqual([
      ['Ерлан Серіков', a!.barcode, 'overdue'],
      ['Мади Оспанов', c!.barcode, 'overdue'],
    ]);
    expect(await list(`&classroomId=${erlan.classroomId}`)).toEqual([
      ['Ерлан Серіков', a!.barcode, 'overdue'],
      ['Ерлан Серіков', b!.barcode, 'normal'],
    ]);
    expect(await list(`&classroomId=${erlan.classroomId}&overdue=1`)).toEqual([
      ['Ерлан Серіков', a!.barcode, 'overdue'],
    ]);
    // A class of another school, and a flag that is not one: 422 on the field.
    const bad = await call(
      'GET',
      `/api/books/on/hand?schoolId=${schoolId}&classroomId=${elsewhere.classroomId}`,
      admin,
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().validationErrors).toEqual({ classroomId: [LIBRARY_MESSAGES.classroomNotFound] });
    expect((await call('GET', `/api/books/on/hand?schoolId=${schoolId}&overdue=maybe`, admin)).statusCode).toBe(422);

    // The sheet: the class's overdue copies, with the days late, headed with the school, class and date.
    const sheet = async (query: string, token: string | null = librarian) => {
      const link = token === null ? '' : `&token=${await linkToken(t.platform, token)}`;
      return t.call({ method: 'GET', url: `/api/books/on/hand/export?${query}${link}` });
    };
    const res = await sheet(`schoolId=${schoolId}&classroomId=${erlan.classroomId}&overdue=1`);
    expect(res.statusCode, res.body).toBe(200);
    expect(decodeURIComponent(res.headers['content-disposition'] as string)).toContain(
      'Просроченные книги Гимназия №7 7 Е.xlsx',
    );
    const book = XLSX.read(res.rawPayload);
    expect(book.SheetNames).toEqual(['Просроченные книги']);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, {
      header: 1,
      blankrows: false,
    });
    expect(rows[0]).toEqual(['Просроченные книги: Гимназия №7, класс 7 Е']);
    expect(rows[1]).toEqual(['На 07.09.2026']);
    const header = rows.findIndex((r) => r[0] === '№');
    expect(rows[header]).toEqual([
      '№',
      'Ученик',
      'Класс',
      'Книга',
      'Авторы',
      'Штрихкод',
      'Выдана',
      'Срок возврата',
      'Дней просрочки',
    ]);
    // «Выдана» is when the loan row was written (the database's clock, not the test's).
    expect(
      rows.slice(header + 1).map((r) => [...r.slice(0, 6), /^\d\d\.\d\d\.\d{4}$/.test(String(r[6])), ...r.slice(7)]),
    ).toEqual([[1, 'Ерлан Серіков', '7 Е', 'Тарих 8', 'Абылкасымова', a!.barcode, true, '03.09.2026', 4]]);
    // In Kazakh, the whole school's on hand (the librarian's school by default), the school and the
    // classes named in Kazakh where they have a Kazakh name.
    await t.db.update(schools).set({ nameKk: '№7 гимназия' }).where(eq(schools.id, schoolId));
    await t.db.update(classrooms).set({ nameKk: '7-Е' }).where(eq(classrooms.id, erlan.classroomId));
    const kk = await sheet(`lang=kk&query=${encodeURIComponent('Тарих 8')}`);
    expect(kk.statusCode, kk.body).toBe(200);
    const kkBook = XLSX.read(kk.rawPayload);
    expect(kkBook.SheetNames).toEqual(['Қолдағы кітаптар']);
    const kkRows = XLSX.utils.sheet_to_json<unknown[]>(kkBook.Sheets[kkBook.SheetNames[0]!]!, {
      header: 1,
      blankrows: false,
    });
    expect(kkRows[0]).toEqual(['Қолдағы кітаптар: №7 гимназия']);
    expect(kkRows.filter((r) => r[3] === 'Тарих 8').map((r) => [r[1], r[2], r[8] ?? null])).toEqual([
      ['Ерлан Серіков', '7-Е', 4],
      ['Ерлан Серіков', '7-Е', null],
      ['Мади Оспанов', expect.any(String), 3],
    ]);
    await t.db.update(schools).set({ nameKk: null }).where(eq(schools.id, schoolId));
    await t.db.update(classrooms).set({ nameKk: null }).where(eq(classrooms.id, erlan.classroomId));
    // Without a link token, for a cashier, for another organization's admin: nothing.
    expect((await sheet(`schoolId=${schoolId}`, null)).statusCode).toBe(401);
    expect((await sheet(`schoolId=${schoolId}`, cashier)).statusCode).toBe(403);
    const other = await createOrganization(t.db, { modules: ['library'] });
    const { token: stranger } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: other.id });
    expect((await sheet(`schoolId=${schoolId}`, stranger)).statusCode).toBe(404);
    expect((await sheet(`classroomId=${erlan.classroomId}`, stranger)).statusCode).toBe(422);
    expect((await sheet('', admin)).statusCode).toBe(422);
  });

  it('renews a copy the student holds, not one somebody else holds', async () => {
    const [a] = await copies(schoolId, 1, 'География');
    await call('POST', '/api/book/issuance', admin, {
      user_id: aigerim.id,
      book_ids: [a!.id],
      expired_at: '2026-09-10',
    });
    const renewed = await call('POST', '/api/book/renewal', librarian, {
      user_id: aigerim.id,
      book_ids: [a!.id],
      expired_at: '2026-10-10',
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const copy = (await call('GET', `/api/book/by/barcode?barcode=${a!.barcode}&user_id=${aigerim.id}`, admin)).json();
    expect(copy.expired_at).toBe('2026-10-10');
    const history = (
      await call('POST', '/api/book/histories', admin, { book_barcode_id: a!.id })
    ).json() as BookHistory;
    expect(history.rows[0]).toMatchObject({ action: 'took', data: { expired_at: '2026-10-10', renewed: true } });
    const notTheirs = await call('POST', '/api/book/renewal', librarian, {
      user_id: bolat.id,
      book_ids: [a!.id],
      expired_at: '2026-10-10',
    });
    expect(notTheirs.statusCode).toBe(409);
  });

  it('sends a card read at the desk reader to the school library channel', async () => {
    const received: string[] = [];
    const leave = t.platform.realtime.join(libraryChannel(schoolId), { readyState: 1, send: (d) => received.push(d) });
    const res = await call('POST', '/api/book/reader', librarian, { schoolId, card: aigerim.card });
    leave();
    expect(res.statusCode, res.body).toBe(200);
    expect(received.map((d) => JSON.parse(d))).toEqual([{ type: 'student', student: res.json() }]);
    const sub = await call('POST', '/api/book/subscribe', librarian, { schoolId });
    expect(sub.json()).toMatchObject({ channel: libraryChannel(schoolId), path: '/ws' });
    expect((await call('POST', '/api/book/subscribe', librarian, { schoolId: school2Id })).statusCode).toBe(422);
    expect(
      (await call('POST', '/api/book/reader', librarian, { schoolId: school2Id, card: elsewhere.card })).statusCode,
    ).toBe(404);
  });

  it('takes a copy back by its barcode alone, from whoever holds it, and says who and whether it was late', async () => {
    const [a, b] = await copies(schoolId, 2, 'География 8');
    await call('POST', '/api/book/issuance', librarian, {
      user_id: bolat.id,
      book_ids: [a!.id, b!.id],
      expired_at: '2026-09-10',
    });
    t.clock.now = new Date(START.getTime() + 14 * DAY); // 16 September: both late
    const back = await call('POST', '/api/book/check-in', librarian, { schoolId, barcode: a!.barcode });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toEqual({
      returned: true,
      barcode: a!.barcode,
      book: expect.objectContaining({ name: 'География 8' }),
      holder: { id: bolat.id, name: 'Болат Ахметов' },
      was_overdue: true,
    });
    // The other copy is still on hand; the one taken back is not, and says so when scanned again.
    const onHand = (await call('GET', `/api/books/on/hand?schoolId=${schoolId}&query=${b!.barcode}`, librarian)).json();
    expect((onHand as OnHandList).rows.map((r) => r.barcode)).toEqual([b!.barcode]);
    const again = await call('POST', '/api/book/check-in', librarian, { schoolId, barcode: a!.barcode });
    expect(again.json()).toMatchObject({ returned: false, holder: null, was_overdue: false });
    // A barcode the school's library has not: 404; a bad one: 422; another school's copy: 404.
    expect((await call('POST', '/api/book/check-in', librarian, { schoolId, barcode: 'NO-SUCH-1' })).statusCode).toBe(
      404,
    );
    const bad = await call('POST', '/api/book/check-in', librarian, { schoolId, barcode: '' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().validationErrors)).toEqual(['barcode']);
    expect(
      (await call('POST', '/api/book/check-in', admin, { schoolId: school2Id, barcode: b!.barcode })).statusCode,
    ).toBe(404);
    // Another organization and other roles: nothing taken back.
    const other = await createOrganization(t.db, { modules: ['library'] });
    const { token: stranger } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: other.id });
    expect((await call('POST', '/api/book/check-in', stranger, { schoolId, barcode: b!.barcode })).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/api/book/check-in', cashier, { schoolId, barcode: b!.barcode })).statusCode).toBe(403);
    expect(
      (await openLoans()).filter((l) => l.barcodeId === b!.id),
      'the other copy stays on hand',
    ).toHaveLength(1);
  });

  it('follows the school’s rule for overdue books: warns and issues, or refuses until they are back', async () => {
    const [late, fresh, renewed] = await copies(schoolId, 3, 'Литература 9');
    const dana = await pupil(schoolId, 'Жанар Омарова');
    await call('POST', '/api/book/issuance', librarian, {
      user_id: dana.id,
      book_ids: [late!.id],
      expired_at: '2026-09-05',
    });
    t.clock.now = new Date(START.getTime() + 7 * DAY); // 9 September: that copy is late
    const settings = () => call('GET', `/api/book/settings?schoolId=${schoolId}`, librarian);
    expect((await settings()).json()).toEqual({ schoolId, overdue_rule: 'warn' });
    const atDesk = (await call('GET', `/api/book/student?schoolId=${schoolId}&card=${dana.card}`, librarian)).json();
    expect(atDesk).toMatchObject({ overdue: 1, overdue_rule: 'warn' });
    // Warned, issued.
    const issue = (id: number) =>
      call('POST', '/api/book/issuance', librarian, { user_id: dana.id, book_ids: [id], expired_at: '2026-09-20' });
    expect((await issue(renewed!.id)).statusCode).toBe(200);

    const saved = await call('PUT', '/api/book/settings', librarian, { schoolId, overdue_rule: 'refuse' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ schoolId, overdue_rule: 'refuse' });
    expect((await settings()).json().overdue_rule).toBe('refuse');
    expect(
      (await call('GET', `/api/book/student?schoolId=${schoolId}&card=${dana.card}`, librarian)).json().overdue_rule,
    ).toBe('refuse');
    const refused = await issue(fresh!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorMessage).toBe(M.overdueRefused(1));
    expect((await openLoans()).filter((l) => l.barcodeId === fresh!.id)).toHaveLength(0);
    // Renewing the late copy is how it is set right: allowed; then the rule lets the new one go.
    const renew = await call('POST', '/api/book/renewal', librarian, {
      user_id: dana.id,
      book_ids: [late!.id],
      expired_at: '2026-09-20',
    });
    expect(renew.statusCode, renew.body).toBe(200);
    expect((await issue(fresh!.id)).statusCode).toBe(200);
    // The other school keeps its own rule.
    expect((await call('GET', `/api/book/settings?schoolId=${school2Id}`, admin)).json().overdue_rule).toBe('warn');

    // A rule that is not one: 422, nothing changed; another school's librarian, another organization,
    // another role: refused.
    const bad = await call('PUT', '/api/book/settings', librarian, { schoolId, overdue_rule: 'maybe' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().validationErrors).toEqual({ overdue_rule: [M.overdueRule] });
    expect(
      (await call('PUT', '/api/book/settings', librarian, { schoolId: school2Id, overdue_rule: 'refuse' })).statusCode,
    ).toBe(404);
    const other = await createOrganization(t.db, { modules: ['library'] });
    const { token: stranger } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: other.id });
    expect((await call('PUT', '/api/book/settings', stranger, { schoolId, overdue_rule: 'warn' })).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/book/settings?schoolId=${schoolId}`, cashier)).statusCode).toBe(403);
    expect((await settings()).json().overdue_rule).toBe('refuse');
    await call('PUT', '/api/book/settings', admin, { schoolId, overdue_rule: 'warn' });
  });

  it('keeps other roles and other organizations out', async () => {
    const [a] = await copies(schoolId, 1, 'Биология');
    const other = await createOrganization(t.db, { modules: ['library'] });
    const { token: stranger } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: other.id });
    const issue = { user_id: aigerim.id, book_ids: [a!.id], expired_at: '2026-10-01' };
    expect((await call('POST', '/api/book/issuance', stranger, issue)).statusCode).toBe(422);
    expect((await call('POST', '/api/book/issuance', cashier, issue)).statusCode).toBe(403);
    expect((await call('POST', '/api/book/returning', cashier, issue)).statusCode).toBe(403);
    expect((await call('GET', `/api/books/on/hand?schoolId=${schoolId}`, stranger)).statusCode).toBe(404);
    expect((await call('GET', '/api/books/on/hand', stranger)).json()).toMatchObject({ total: 0 });
    expect((await call('GET', '/api/books/on/hand', cashier)).statusCode).toBe(403);
    expect(
      (await call('GET', `/api/book/by/barcode?barcode=${a!.barcode}&user_id=${aigerim.id}`, stranger)).statusCode,
    ).toBe(404);
    expect((await call('POST', '/api/book/reader', stranger, { schoolId, card: aigerim.card })).statusCode).toBe(404);
  });
});
