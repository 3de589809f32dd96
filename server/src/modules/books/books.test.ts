import { eq } from 'drizzle-orm';
import { LIBRARY_MESSAGES as M, type Book, type BookHistory, type BookList } from '@tamaq/contract/library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookBarcodes, bookLoans, books } from '../../platform/db/schema-library.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, createUser, signedIn } from '../../../test/factories.ts';
import { generatedBarcode } from './book-copies.service.ts';

let t: TestContext;
let orgId: number;
let schoolId: number;
let school2Id: number;
let admin: string;
let librarian: string;
let cashier: string;
let categoryId: number;
let otherSchoolCategoryId: number;

beforeAll(async () => {
  t = await createTestContext();
  orgId = (await createOrganization(t.db, { modules: ['library'] })).id;
  schoolId = (await createSchool(t.db, { organizationId: orgId, name: 'Гимназия №7' })).id;
  school2Id = (await createSchool(t.db, { organizationId: orgId, name: 'Школа №9' })).id;
  ({ token: admin } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId }));
  ({ token: librarian } = await signedIn(t.platform, { role: 'EducationLibrarian', organizationId: orgId, schoolId }));
  ({ token: cashier } = await signedIn(t.platform, { role: 'EducationCashier', organizationId: orgId }));
  categoryId = (await call('POST', '/api/book/category', admin, { schoolId, name: 'Учебники' })).json().id;
  otherSchoolCategoryId = (
    await call('POST', '/api/book/category', admin, { schoolId: school2Id, name: 'Учебники' })
  ).json().id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  payload === undefined ? t.call({ method, url, token }) : t.call({ method, url, token, payload });

const algebra = {
  name: 'Алгебра 7',
  authors: 'Абылкасымова А.',
  publisher: 'Мектеп',
  year: 2017,
  language: 'Русский',
  discipline: 'Математика',
  direction: 'Естественно-математическое',
  type: 'Учебник',
};
const createBook = async (token: string, body: object = {}) => {
  const res = await call('POST', '/api/book', token, { ...algebra, schoolId, categoryId, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Book;
};
const history = async (token: string, barcodeId: number) => {
  const res = await call('POST', '/api/book/histories', token, { book_barcode_id: barcodeId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BookHistory;
};

describe('books', () => {
  it('creates with every field, lists by school with search, reads and edits', async () => {
    const book = await createBook(librarian, { year: '2019' });
    expect(book).toMatchObject({
      ...algebra,
      year: 2019,
      schoolId,
      school: { id: schoolId, name: 'Гимназия №7' },
      categoryId,
      category: { id: categoryId, name: 'Учебники' },
      count: 0,
      barcodes: [],
    });
    await createBook(admin, { name: 'Геометрия 8', authors: 'Шыныбеков А.', categoryId: null });
    await createBook(admin, { name: 'Физика 9', schoolId: school2Id, categoryId: otherSchoolCategoryId });

    const list = (await call('GET', `/api/books/list?schoolId=${schoolId}&query=шыныб`, admin)).json() as BookList;
    expect(list.rows.map((r) => r.name)).toEqual(['Геометрия 8']);
    expect(list.rows[0]!.category).toBeNull();
    const mine = (await call('GET', '/api/books/list', librarian)).json() as BookList;
    expect(mine.rows.map((r) => r.name)).not.toContain('Физика 9');

    const edited = await call('PUT', '/api/book', librarian, {
      ...algebra,
      id: book.id,
      schoolId,
      categoryId,
      name: 'Алгебра 7 (новое издание)',
      language: '',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Алгебра 7 (новое издание)', language: null });
    expect((await call('GET', `/api/book/${book.id}`, admin)).json()).toMatchObject({
      name: 'Алгебра 7 (новое издание)',
    });
  });

  it('finds a book with a typo, with Latin look-alike letters, and by a copy barcode', async () => {
    const found = async (query: string) =>
      (
        (
          await call('GET', `/api/books/list?schoolId=${school2Id}&query=${encodeURIComponent(query)}`, admin)
        ).json() as BookList
      ).rows.map((r) => r.name);
    await createBook(admin, {
      schoolId: school2Id,
      categoryId: null,
      name: 'Алгебра. 9 класс',
      authors: 'Абылкасымова А. Е.',
    });
    await createBook(admin, { schoolId: school2Id, categoryId: null, name: 'Путь Абая', authors: 'Ауэзов М.' });
    const labelled = await createBook(admin, {
      schoolId: school2Id,
      categoryId: null,
      name: 'Кочевники',
      authors: 'Есенберлин И.',
    });
    await call('POST', '/api/book/barcode', admin, { book_id: labelled.id, barcode: 'KZ-4455' });

    expect(await found('алгерба')).toEqual(['Алгебра. 9 класс']);
    expect(await found('Aлгeбpa')).toEqual(['Алгебра. 9 класс']); // Latin A, e, p, a
    expect(await found('Ауезов')).toEqual(['Путь Абая']);
    // An author's typo finds every book of theirs ('Физика 9' of the first test has her too).
    expect(await found('абылкасымава')).toContain('Алгебра. 9 класс');
    expect(await found('kz-44')).toEqual(['Кочевники']);
    expect(await found('100%_')).toEqual([]);
    expect(await found('геометрия')).toEqual([]);
    // Every typed word must hold, in any order, as a part of a word or as a close form of it.
    expect(await found('ауэзов путь')).toEqual(['Путь Абая']);
    expect(await found('алгебра ауэзов')).toEqual([]);
    // «Абая» is the closest, before a word that only shares the first letters («Абылкасымова»).
    expect((await found('абай'))[0]).toBe('Путь Абая');
    // Latin typed on a keyboard left in English: read as Cyrillic too.
    expect((await found('Abai'))[0]).toBe('Путь Абая');
    expect(await found('Auezov put')).toEqual(['Путь Абая']);
    expect(await found('Kochevniki')).toEqual(['Кочевники']);
    expect(await found('алгеб 9')).toEqual(['Алгебра. 9 класс']);
    expect(await found('алгеб 8')).toEqual([]);
  });

  it('searches books as they are now: renamed, removed, and a page past the first', async () => {
    const found = async (query: string, offset = 0) =>
      (
        await call(
          'GET',
          `/api/books/list?schoolId=${school2Id}&query=${encodeURIComponent(query)}&limit=2&offset=${offset}`,
          admin,
        )
      ).json() as BookList;
    const made = [];
    for (const n of [3, 1, 2]) {
      made.push(await createBook(admin, { schoolId: school2Id, categoryId: null, name: `Тригонометрия ${n}` }));
    }
    const first = await found('тригонометрия');
    expect(first.total).toBe(3);
    expect(first.rows.map((r) => r.name)).toEqual(['Тригонометрия 1', 'Тригонометрия 2']);
    expect(await found('тригонометрия', 2)).toMatchObject({ total: 3, rows: [{ name: 'Тригонометрия 3' }] });
    expect(await found('тригонометрия', 4)).toEqual({ total: 3, rows: [] });

    const renamed = await call('PUT', '/api/book', admin, {
      ...algebra,
      id: made[0]!.id,
      schoolId: school2Id,
      categoryId: null,
      name: 'Стереометрия',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await found('стереометрия')).rows.map((r) => r.name)).toEqual(['Стереометрия']);
    expect((await found('тригонометрия')).total).toBe(2);
    expect((await call('DELETE', `/api/book/${made[1]!.id}`, admin)).statusCode).toBe(200);
    expect(await found('тригонометрия')).toMatchObject({ total: 1, rows: [{ name: 'Тригонометрия 2' }] });
  });

  it('refuses bad input with 422 on the field and stores nothing', async () => {
    const before = (await t.db.select().from(books)).length;
    const cases: [object, string][] = [
      [{ name: ' ' }, 'name'],
      [{ year: 20_170 }, 'year'],
      [{ year: '12a' }, 'year'],
      [{ authors: undefined }, 'authors'],
      [{ categoryId: otherSchoolCategoryId }, 'categoryId'],
      [{ schoolId: 'x' }, 'schoolId'],
      [{ name: 'я'.repeat(256) }, 'name'],
    ];
    for (const [patch, field] of cases) {
      const res = await call('POST', '/api/book', admin, { ...algebra, schoolId, categoryId, ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(422);
      expect(res.json().validationErrors[field], JSON.stringify(patch)).toBeDefined();
    }
    expect(
      (await call('POST', '/api/book', admin, { ...algebra, schoolId, year: 20170 })).json().validationErrors.year,
    ).toEqual([M.year]);
    expect((await t.db.select().from(books)).length).toBe(before);
  });

  it('generates numbered barcodes, takes a scanned one, refuses a taken one and writes the history', async () => {
    const book = await createBook(librarian);
    const generated = await call('POST', '/api/book/count', librarian, { book_id: book.id, count: 3 });
    expect(generated.statusCode, generated.body).toBe(200);
    const codes = (generated.json() as Book).barcodes.map((b) => b.barcode);
    expect(codes).toHaveLength(3);
    expect(new Set(codes).size).toBe(3);
    for (const code of codes) expect(code).toMatch(new RegExp(`^2${String(schoolId).padStart(5, '0')}\\d{6}$`));
    expect((generated.json() as Book).count).toBe(3);

    // A scanner's Enter, spaces and lower case do not make another barcode.
    const scanned = await call('POST', '/api/book/barcode', librarian, { book_id: book.id, barcode: ' ab-12 34\r\n' });
    expect(scanned.statusCode, scanned.body).toBe(200);
    expect((scanned.json() as Book).barcodes.map((b) => b.barcode)).toContain('AB-1234');
    const again = await call('POST', '/api/book/barcode', admin, { book_id: book.id, barcode: 'ab-1234' });
    expect(again.statusCode).toBe(422);
    expect(again.json().validationErrors.barcode).toEqual([M.barcodeTaken]);
    const cyrillic = await call('POST', '/api/book/barcode', admin, { book_id: book.id, barcode: 'АБ12' });
    expect(cyrillic.statusCode).toBe(422);
    expect(cyrillic.json().validationErrors.barcode).toEqual([M.barcodeChars]);
    for (const count of [0, 501, 2.5, '3']) {
      expect((await call('POST', '/api/book/count', admin, { book_id: book.id, count })).statusCode).toBe(422);
    }

    // The same label in another school is another copy.
    const physics = await createBook(admin, { schoolId: school2Id, categoryId: null });
    expect(
      (await call('POST', '/api/book/barcode', admin, { book_id: physics.id, barcode: 'AB-1234' })).statusCode,
    ).toBe(200);

    const copy = (scanned.json() as Book).barcodes.find((b) => b.barcode === 'AB-1234')!;
    expect((await call('DELETE', `/api/book/barcode/${copy.id}`, librarian)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/book/barcode/${copy.id}`, librarian)).statusCode).toBe(404);
    const after = (await call('GET', `/api/book/${book.id}`, librarian)).json() as Book;
    expect(after.barcodes.map((b) => b.barcode)).toEqual(codes);
    // A removed copy's barcode may be given to another copy; its history stays with the old one.
    expect((await call('POST', '/api/book/barcode', admin, { book_id: book.id, barcode: 'AB-1234' })).statusCode).toBe(
      200,
    );

    const removed = await history(librarian, copy.id);
    expect(removed.barcode).toEqual({ id: copy.id, barcode: 'AB-1234', deleted: true });
    expect(removed.book.id).toBe(book.id);
    expect(removed.rows.map((r) => r.action)).toEqual(['barcode_removed', 'barcode_created', 'created']);
    expect(removed.rows[0]!.librarian?.name).toBeTruthy();
    const onlyCreated = await call('POST', '/api/book/histories', librarian, {
      book_barcode_id: copy.id,
      action: 'created',
    });
    expect((onlyCreated.json() as BookHistory).rows.map((r) => r.action)).toEqual(['created']);
  });

  it('gives two presses at once distinct numbers', async () => {
    const book = await createBook(admin);
    const [a, b] = await Promise.all([
      call('POST', '/api/book/count', admin, { book_id: book.id, count: 5 }),
      call('POST', '/api/book/count', librarian, { book_id: book.id, count: 5 }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const all = ((await call('GET', `/api/book/${book.id}`, admin)).json() as Book).barcodes.map((x) => x.barcode);
    expect(all).toHaveLength(10);
    expect(new Set(all).size).toBe(10);
  });

  it('skips a generated number that a scanned label already took', async () => {
    const book = await createBook(admin);
    const n = await t.db.$count(bookBarcodes, eq(bookBarcodes.schoolId, schoolId));
    const next = generatedBarcode(schoolId, n + 2);
    expect((await call('POST', '/api/book/barcode', admin, { book_id: book.id, barcode: next })).statusCode).toBe(200);
    const res = await call('POST', '/api/book/count', admin, { book_id: book.id, count: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const codes = (res.json() as Book).barcodes.map((x) => x.barcode);
    expect(codes).toHaveLength(4);
    expect(new Set(codes).size).toBe(4);
  });

  it('refuses to delete a book or a copy on hand, and a category with books', async () => {
    const book = await createBook(admin);
    const withCopy = (await call('POST', '/api/book/count', admin, { book_id: book.id, count: 1 })).json() as Book;
    const pupil = await createUser(t.db, { organizationId: orgId, schoolId, role: 'Student' });
    await t.db.insert(bookLoans).values({
      organizationId: orgId,
      schoolId,
      barcodeId: withCopy.barcodes[0]!.id,
      userId: pupil.id,
      expiredAt: '2030-01-01',
    });
    const del = await call('DELETE', `/api/book/${book.id}`, admin);
    expect(del.statusCode).toBe(409);
    expect(del.json().errorMessage).toBe(M.bookOnHands);
    const delCopy = await call('DELETE', `/api/book/barcode/${withCopy.barcodes[0]!.id}`, admin);
    expect(delCopy.statusCode).toBe(409);
    expect(delCopy.json().errorMessage).toBe(M.copyOnHands);

    const category = await call('DELETE', `/api/book/category/${categoryId}`, admin);
    expect(category.statusCode).toBe(409);
    expect(category.json().errorMessage).toBe(M.categoryHasBooks);

    // A category whose books were all removed may go.
    const spare = (await call('POST', '/api/book/category', admin, { schoolId, name: 'Списанные' })).json();
    const old = await createBook(admin, { categoryId: spare.id });
    expect((await call('DELETE', `/api/book/${old.id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/book/${old.id}`, admin)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/book/category/${spare.id}`, admin)).statusCode).toBe(200);
  });

  it('removes several copies of a book at once, all or none, and writes each one’s history', async () => {
    const book = await createBook(librarian);
    const made = ((await call('POST', '/api/book/count', librarian, { book_id: book.id, count: 5 })).json() as Book)
      .barcodes;
    const [a, b, c, d, e] = made;
    const remove = (ids: unknown, token = librarian, bookId: unknown = book.id) =>
      call('POST', '/api/book/barcodes/remove', token, { book_id: bookId, ids });
    const live = async () =>
      ((await call('GET', `/api/book/${book.id}`, librarian)).json() as Book).barcodes.map((x) => x.id);

    for (const ids of [[], 'abc', [0], Array.from({ length: 501 }, (_, i) => i + 1)]) {
      const bad = await remove(ids);
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().validationErrors).every((k) => k.startsWith('ids'))).toBe(true);
    }
    // One copy on hand: it is named, and none is removed.
    const pupil = await createUser(t.db, { organizationId: orgId, schoolId, role: 'Student' });
    await t.db
      .insert(bookLoans)
      .values({ organizationId: orgId, schoolId, barcodeId: c!.id, userId: pupil.id, expiredAt: '2030-01-01' });
    const onHand = await remove([a!.id, c!.id]);
    expect(onHand.statusCode).toBe(409);
    expect(onHand.json().errorMessage).toBe(M.copiesOnHands([c!.barcode]));
    // A copy of another book (or another school's) is not found, and none is removed.
    const other = await createBook(admin, { schoolId: school2Id, categoryId: null });
    const theirs = ((await call('POST', '/api/book/count', admin, { book_id: other.id, count: 1 })).json() as Book)
      .barcodes[0]!;
    expect((await remove([a!.id, theirs.id])).statusCode).toBe(404);
    expect((await remove([a!.id], librarian, other.id)).statusCode).toBe(404);
    expect(await live()).toEqual(made.map((x) => x.id));

    const ok = await remove([a!.id, b!.id, a!.id, e!.id]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ success: true, count: 3 });
    expect(await live()).toEqual([c!.id, d!.id]);
    for (const gone of [a!, b!, e!]) {
      expect((await history(librarian, gone.id)).rows[0]).toMatchObject({ action: 'barcode_removed' });
    }
    // Removed ones are not found a second time.
    expect((await remove([a!.id])).statusCode).toBe(404);
    expect((await remove([d!.id], cashier)).statusCode).toBe(403);
  });

  it('keeps other roles, other schools of a locked librarian and other organizations out', async () => {
    const elsewhere = await createBook(admin, { schoolId: school2Id, categoryId: null });
    const copies = (await call('POST', '/api/book/count', admin, { book_id: elsewhere.id, count: 1 })).json() as Book;
    const copyId = copies.barcodes[0]!.id;
    const tries: [Parameters<typeof call>[0], string, object?][] = [
      ['GET', `/api/book/${elsewhere.id}`],
      ['PUT', '/api/book', { ...algebra, id: elsewhere.id, schoolId }],
      ['DELETE', `/api/book/${elsewhere.id}`],
      ['POST', '/api/book/count', { book_id: elsewhere.id, count: 1 }],
      ['POST', '/api/book/barcode', { book_id: elsewhere.id, barcode: 'X1' }],
      ['DELETE', `/api/book/barcode/${copyId}`],
      ['POST', '/api/book/histories', { book_barcode_id: copyId }],
    ];
    const other = await createOrganization(t.db, { modules: ['library'] });
    const { token: stranger } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: other.id });
    for (const [method, url, body] of tries) {
      expect((await call(method, url, librarian, body)).statusCode, `${method} ${url}`).toBe(404);
      expect((await call(method, url, stranger, body)).statusCode, `${method} ${url}`).toBe(404);
      expect((await call(method, url, cashier, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('GET', `/api/books/list?schoolId=${school2Id}`, librarian)).statusCode).toBe(404);
    expect((await call('GET', '/api/books/list', cashier)).statusCode).toBe(403);
    const intoOther = await call('POST', '/api/book', librarian, { ...algebra, schoolId: school2Id });
    expect(intoOther.statusCode).toBe(422);
    expect(intoOther.json().validationErrors.schoolId).toEqual([M.schoolNotFound]);
    expect(((await call('GET', `/api/book/${elsewhere.id}`, admin)).json() as Book).count).toBe(1);
  });
});
