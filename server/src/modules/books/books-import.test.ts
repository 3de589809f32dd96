import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  BOOK_IMPORT_MESSAGES as M,
  type Book,
  type BookImportLabels,
  type BookImportResult,
  type BookList,
} from '@tamaq/contract/library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookBarcodes, books } from '../../platform/db/schema-library.ts';
import { parseSpreadsheet, workbookOf } from '../../platform/spreadsheet.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, signedIn, linkToken } from '../../../test/factories.ts';

let t: TestContext;
let orgId: number;
let schoolId: number;
let school2Id: number;
let admin: string;
let librarian: string;
let cashier: string;

beforeAll(async () => {
  t = await createTestContext();
  orgId = (await createOrganization(t.db, { modules: ['library'] })).id;
  schoolId = (await createSchool(t.db, { organizationId: orgId })).id;
  school2Id = (await createSchool(t.db, { organizationId: orgId })).id;
  ({ token: admin } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId }));
  ({ token: librarian } = await signedIn(t.platform, { role: 'EducationLibrarian', organizationId: orgId, schoolId }));
  ({ token: cashier } = await signedIn(t.platform, { role: 'EducationCashier', organizationId: orgId }));
});
afterAll(() => t.close());

/** A multipart body with the file and, when given, the spec's `school_id` field. */
function form(data: Buffer, fields: Record<string, string> = {}) {
  const boundary = `----tamaq${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="books.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(parts.join('') + head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const upload = (
  rows: (string | number)[][],
  opts: { token?: string; field?: number; query?: number; confirm?: number; plan?: string } = {},
) =>
  t.call({
    method: 'POST',
    url: `/api/books/upload?${new URLSearchParams({
      ...(opts.query ? { school_id: String(opts.query) } : {}),
      ...(opts.confirm !== undefined ? { confirm_copies: String(opts.confirm) } : {}),
      ...(opts.plan !== undefined ? { confirm_plan: opts.plan } : {}),
    })}`,
    token: opts.token ?? admin,
    ...form(workbookOf(rows), opts.field ? { school_id: String(opts.field) } : {}),
  });

const HEADER = ['Название', 'Авторы', 'Издательство', 'Год', 'Категория', 'Штрихкоды', 'Количество'];
const count = async () => (await t.db.select().from(books)).length;

describe('POST /api/books/upload', () => {
  it('keeps every column of each book, in its own field', async () => {
    const res = await upload(
      [
        ['Название', 'Авторы', 'Издательство', 'Год', 'Язык', 'Предмет', 'Направление', 'Вид', 'Количество'],
        ['Физика 9', 'Кронгарт Б.', 'Мектеп', 2019, 'казахский', 'Физика', 'ЕМН', 'Учебник', 1],
        ['Атлас мира', 'Коллектив', 'Картография', 2021, '', '', '', '', 1],
      ],
      { field: schoolId },
    );
    expect(res.statusCode, res.body).toBe(200);
    const list = (
      await t.call({ method: 'GET', url: `/api/books/list?schoolId=${schoolId}&search=Физика 9`, token: librarian })
    ).json() as BookList;
    expect(list.rows.find((r) => r.name === 'Физика 9')).toMatchObject({
      authors: 'Кронгарт Б.',
      publisher: 'Мектеп',
      year: 2019,
      language: 'казахский',
      discipline: 'Физика',
      direction: 'ЕМН',
      type: 'Учебник',
      category: null,
    });
    const atlas = (
      await t.call({ method: 'GET', url: `/api/books/list?schoolId=${schoolId}&search=Атлас мира`, token: librarian })
    ).json() as BookList;
    expect(atlas.rows.find((r) => r.name === 'Атлас мира')).toMatchObject({
      authors: 'Коллектив',
      publisher: 'Картография',
      year: 2021,
      language: null,
      discipline: null,
      type: null,
    });
  });

  it('imports every row with its labels, generated copies and categories by name', async () => {
    const rows = [
      HEADER,
      ['Алгебра. 7 класс', 'Абылкасымова', 'Мектеп', 2017, 'Учебники', '4607001, 4607002;4607003', ''],
      ['Путь Абая', 'Ауэзов М.', 'Жазушы', '2015', 'Художественная литература', '', 2],
      ['Словарь', 'Ожегов', 'Мектеп', 2020, 'учебники', 'ab-77', ''],
    ];
    // The categories the file would create are named first (a typo would make a new one): nothing written.
    const before = await count();
    const asked = await upload(rows, { field: schoolId });
    expect(asked.statusCode).toBe(409);
    expect(asked.json().errorMessage).toBe(
      `${M.newCategories(['Учебники', 'Художественная литература'])} ${M.proceed}`,
    );
    expect(await count()).toBe(before);
    // An answer to another question agrees to nothing.
    expect((await upload(rows, { field: schoolId, plan: '0123456789abcdef' })).statusCode).toBe(409);
    const res = await upload(rows, { field: schoolId, plan: asked.json().confirm.confirm_plan });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as BookImportResult;
    expect(result).toMatchObject({ imported: 3, created: 3, updated: 0, copies: 6 });
    // The labels are not in the answer: they are printed from the import, in the file's order.
    expect(result).not.toHaveProperty('labels');
    const labels = (
      await t.call({ method: 'GET', url: `/api/books/import/${result.import_id}/labels`, token: librarian })
    ).json() as BookImportLabels;
    expect(labels).toMatchObject({ id: result.import_id, school_id: schoolId, books: 3, copies: 6, total: 6 });
    expect(labels.rows.slice(0, 3)).toEqual(
      ['4607001', '4607002', '4607003'].map((barcode) => ({ barcode, name: 'Алгебра. 7 класс' })),
    );
    expect(labels.rows.slice(3, 5).map((l) => l.name)).toEqual(['Путь Абая', 'Путь Абая']);
    expect(labels.rows[5]).toEqual({ barcode: 'AB-77', name: 'Словарь' });

    const list = (
      await t.call({ method: 'GET', url: `/api/books/list?schoolId=${schoolId}`, token: librarian })
    ).json() as BookList;
    const byName = new Map(list.rows.map((r) => [r.name, r]));
    expect(byName.get('Алгебра. 7 класс')).toMatchObject({ year: 2017, count: 3, category: { name: 'Учебники' } });
    // 'учебники' is the same category whatever the letter case: two categories were made, not three.
    expect(byName.get('Словарь')!.category?.id).toBe(byName.get('Алгебра. 7 класс')!.category?.id);
    const cats = (
      await t.call({ method: 'GET', url: `/api/book/categories?schoolId=${schoolId}`, token: admin })
    ).json();
    expect(cats.total).toBe(2);
    // The imported labels are found by the list's search.
    const found = (
      await t.call({ method: 'GET', url: `/api/books/list?schoolId=${schoolId}&query=4607002`, token: admin })
    ).json();
    expect(found.rows.map((r: Book) => r.name)).toEqual(['Алгебра. 7 класс']);
  });

  it('refuses the whole file with every bad row and writes nothing', async () => {
    const before = await count();
    const res = await upload(
      [
        HEADER,
        ['Хорошая книга', 'Автор', 'Изд', 2019, '', 'Z1', ''],
        ['', 'Автор', 'Изд', 2019, '', '', ''],
        ['Книга', 'Автор', 'Изд', 20190, '', '', ''],
        ['Книга 2', 'Автор', 'Изд', 2019, '', 'Z1', ''],
        ['Книга 3', 'Автор', 'Изд', 2019, '', 'АБВ', ''],
        ['Книга 4', 'Автор', 'Изд', 2019, '', 'Z9', 2],
        ['Книга 5', 'Автор', 'Изд', 2019, '', '4607001', ''],
      ],
      { query: schoolId },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors.file).toEqual([
      `строка 3: ${M.missing('Название')}`,
      `строка 4: ${M.year}`,
      `строка 5: ${M.barcodeTwice('Z1', 2)}`,
      `строка 6: ${M.barcode('АБВ')}`,
      `строка 7: ${M.countAndBarcodes}`,
      // A label the school's library already has: said with the others, not after they are fixed.
      `строка 8: ${M.barcodeTaken('4607001')}`,
    ]);
    expect(await count()).toBe(before);

    // A label the school's library already has is found against the database.
    const taken = await upload([HEADER, ['Книга 5', 'Автор', 'Изд', 2019, '', '4607001', '']], { query: schoolId });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().validationErrors.file).toEqual([`строка 2: ${M.barcodeTaken('4607001')}`]);
    expect(await count()).toBe(before);
    // ...and is another copy in another school.
    expect(
      (await upload([HEADER, ['Книга 5', 'Автор', 'Изд', 2019, '', '4607001', '']], { query: school2Id })).statusCode,
    ).toBe(200);
  });

  it('checks a file without writing, loads its valid rows on rows=valid (asked as ever), and gives the bad ones back', async () => {
    const school = (await createSchool(t.db, { organizationId: orgId })).id;
    const rows = [
      HEADER,
      ['Алгебра 7', 'Автор', 'Изд', 2017, '', 'VA1, VA2', ''],
      ['', 'Автор', 'Изд', 2019, '', '', ''],
      ['Геометрия', 'Автор', 'Изд', 20171, '', '', ''],
      ['Физика', 'Автор', 'Изд', 2018, 'Учебники', '', 3],
    ];
    const send = (query: Record<string, string>, token = admin) =>
      t.call({
        method: 'POST',
        url: `/api/books/upload?${new URLSearchParams({ school_id: String(school), ...query })}`,
        token,
        ...form(workbookOf(rows)),
      });
    const reasons = [`строка 3: ${M.missing('Название')}`, `строка 4: ${M.year}`];
    const before = await count();
    expect((await send({})).statusCode).toBe(422);
    const check = await send({ mode: 'check' });
    expect(check.statusCode, check.body).toBe(200);
    // A check asks nothing: the question about the new category comes with the write.
    expect(check.json()).toEqual({
      imported: 2,
      created: 2,
      updated: 0,
      copies: 5,
      rejected_rows: 2,
      rejected: reasons,
    });
    expect(await count()).toBe(before);
    const asked = await send({ rows: 'valid' });
    expect(asked.statusCode).toBe(409);
    const plan = asked.json().confirm.confirm_plan;
    expect(await count()).toBe(before);
    const valid = await send({ rows: 'valid', confirm_plan: plan });
    expect(valid.statusCode, valid.body).toBe(200);
    expect(valid.json()).toEqual({
      imported: 2,
      created: 2,
      updated: 0,
      copies: 5,
      import_id: expect.any(Number),
      rejected_rows: 2,
      skipped: reasons,
    });
    expect(await count()).toBe(before + 2);

    const rejected = await t.call({
      method: 'POST',
      url: `/api/books/upload/rejected?school_id=${school}`,
      token: admin,
      ...form(workbookOf(rows)),
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await parseSpreadsheet(rejected.rawPayload)).toEqual([
      [...HEADER, 'Ошибка'],
      ['', 'Автор', 'Изд', '2019', '', '', '', M.missing('Название')],
      ['Геометрия', 'Автор', 'Изд', '20171', '', '', '', M.year],
    ]);
    const bad = await send({ mode: 'maybe' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().validationErrors)).toEqual(['mode']);
    expect((await send({ mode: 'check' }, cashier)).statusCode).toBe(403);
    // The librarian of another school reads nothing of this one.
    expect((await send({ mode: 'check' }, librarian)).statusCode).toBe(422);
  });

  it('matches the books the library has already: a file imported again makes no book twice', async () => {
    const school = (await createSchool(t.db, { organizationId: orgId })).id;
    const labelled = [HEADER, ['Геометрия 8', 'Шыныбеков', 'Атамұра', 2018, '', 'GEO-1, GEO-2', '']];
    expect((await upload(labelled, { query: school })).statusCode).toBe(200);
    const books = async () =>
      (await t.call({ method: 'GET', url: `/api/books/list?schoolId=${school}`, token: admin })).json() as BookList;
    // The same labelled file again, the title in another case: nothing new, nothing asked.
    const again = await upload([HEADER, ['геометрия 8 ', 'Шыныбеков', 'АТАМҰРА', 2018, '', 'GEO-2, GEO-1', '']], {
      query: school,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ imported: 1, created: 0, updated: 1, copies: 0 });
    expect((await books()).rows.map((b) => [b.name, b.count])).toEqual([['Геометрия 8', 2]]);

    // A new label for it, and copies to generate for it: asked first, naming the book, then added to it.
    const more = [
      HEADER,
      ['Геометрия 8', 'Шыныбеков', 'Атамұра', 2018, '', 'GEO-1, GEO-3', ''],
      ['Геометрия 8', 'Шыныбеков', 'Атамұра', 2018, '', '', 2],
    ];
    const asked = await upload(more, { query: school });
    expect(asked.statusCode).toBe(409);
    expect(asked.json().errorMessage).toBe(`${M.booksAgain(['Геометрия 8'], 3)} ${M.proceed}`);
    const added = await upload(more, { query: school, plan: asked.json().confirm.confirm_plan });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ imported: 2, created: 0, updated: 1, copies: 3 });
    expect((await books()).rows.map((b) => [b.name, b.count])).toEqual([['Геометрия 8', 5]]);

    // Another book's label on it is still refused, with the other problems of the file.
    const clash = await upload(
      [
        HEADER,
        ['Химия 8', 'Оспанова', 'Мектеп', 2019, '', 'GEO-1', ''],
        ['', 'Оспанова', 'Мектеп', 2019, '', 'GEO-3', ''],
      ],
      { query: school },
    );
    expect(clash.json().validationErrors.file).toEqual([
      `строка 2: ${M.barcodeTaken('GEO-1')}`,
      `строка 3: ${M.missing('Название')}`,
      `строка 3: ${M.barcodeTaken('GEO-3')}`,
    ]);
  });

  it('imports a whole library in one file: more copies than one statement takes parameters', async () => {
    // 16,400 labelled copies are 65,600 values, past PostgreSQL's 65,535 parameters of a statement.
    const rows: (string | number)[][] = [HEADER];
    for (let i = 0; i < 16_400; i++) rows.push([`Том ${i}`, 'Автор', 'Мектеп', 2010, '', `BIG-${i}`, '']);
    const res = await upload(rows, { query: school2Id, confirm: 16_400 });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toMatchObject({ imported: 16_400, copies: 16_400 });
  }, 120_000);

  it('asks before creating thousands of copies, and writes them only for the count agreed to', async () => {
    const before = await count();
    // 4 × 500 generated + 1 labelled = 2,001 copies: one over the threshold.
    const rows: (string | number)[][] = [HEADER];
    for (let i = 0; i < 4; i++) rows.push([`Учебник ${i}`, 'Автор', 'Мектеп', 2020, '', '', 500]);
    rows.push(['Атлас', 'Автор', 'Мектеп', 2020, '', 'ATLAS-1', '']);
    const asked = await upload(rows, { query: schoolId });
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toEqual({
      error: 'Conflict',
      errorMessage: M.confirmCopies(5, 2001),
      confirm: { confirm_copies: '2001' },
    });
    expect(asked.json().errorMessage).toContain('2\u00a0001');
    expect(await count()).toBe(before);
    // An answer given for another file (another count) confirms nothing.
    expect((await upload(rows, { query: schoolId, confirm: 2000 })).statusCode).toBe(409);
    expect(await count()).toBe(before);
    const bad = await upload(rows, { query: schoolId, confirm: 'много' as unknown as number });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().validationErrors.confirm_copies).toBeDefined();

    const done = await upload(rows, { query: schoolId, confirm: 2001 });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ imported: 5, copies: 2001 });
    expect(await count()).toBe(before + 5);
    const { import_id } = done.json() as BookImportResult;
    const page = async (q: string) =>
      (await t.call({ method: 'GET', url: `/api/books/import/${import_id}/labels?${q}`, token: admin })).json();
    // A page is at most 20 sheets; the last one holds the rest.
    expect((await page('')).rows).toHaveLength(480);
    const last = (await page('offset=1920')) as BookImportLabels;
    expect(last.total).toBe(2001);
    expect(last.rows).toHaveLength(81);
    expect(last.rows.at(-1)).toEqual({ barcode: 'ATLAS-1', name: 'Атлас' });
  });

  it('refuses a file that would create more copies than one import may, and writes nothing', async () => {
    const before = await count();
    const rows: (string | number)[][] = [HEADER];
    for (let i = 0; i < 41; i++) rows.push([`Пособие ${i}`, 'Автор', 'Мектеп', 2020, '', '', 500]);
    const res = await upload(rows, { query: schoolId });
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors.file).toEqual([M.tooManyCopies(20_500)]);
    expect(await count()).toBe(before);
  });

  it('keeps other roles and schools out, and asks for the school', async () => {
    const rows = [HEADER, ['Книга', 'Автор', 'Изд', 2019, '', '', '']];
    expect((await upload(rows, { token: cashier, query: schoolId })).statusCode).toBe(403);
    const locked = await upload(rows, { token: librarian, query: school2Id });
    expect(locked.statusCode).toBe(422);
    expect(locked.json().validationErrors.school_id).toBeDefined();
    expect((await upload(rows)).json().validationErrors.school_id).toBeDefined();
    const stranger = await createOrganization(t.db, { modules: ['library'] });
    const { token } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: stranger.id });
    expect((await upload(rows, { token, query: schoolId })).statusCode).toBe(422);
  });

  it("shows an import's labels to its school's library only", async () => {
    const res = await upload([HEADER, ['Азбука', 'Автор', 'Изд', 2019, '', 'ABC-1', '']], { query: schoolId });
    const url = `/api/books/import/${(res.json() as BookImportResult).import_id}/labels`;
    expect((await t.call({ method: 'GET', url, token: librarian })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url, token: cashier })).statusCode).toBe(403);
    const bad = await t.call({ method: 'GET', url: `${url}?limit=481`, token: admin });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().validationErrors.limit).toBeDefined();
    // The librarian of another school, another organization's admin, and no such import: one answer.
    const { token: other } = await signedIn(t.platform, {
      role: 'EducationLibrarian',
      organizationId: orgId,
      schoolId: school2Id,
    });
    const stranger = await createOrganization(t.db, { modules: ['library'] });
    const { token: foreign } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: stranger.id });
    const missing = await t.call({ method: 'GET', url: '/api/books/import/999999/labels', token: admin });
    expect(missing.statusCode).toBe(404);
    for (const token of [other, foreign]) {
      const r = await t.call({ method: 'GET', url, token });
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual(missing.json());
    }
  });

  it('gives a template whose sheet the import reads', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/books/template?token=${await linkToken(t.platform, librarian)}`,
    });
    expect(res.statusCode).toBe(200);
    const [header] = await parseSpreadsheet(res.rawPayload);
    expect(header).toEqual(expect.arrayContaining(['Название', 'Авторы', 'Издательство', 'Год издания', 'Штрихкоды']));
    const gone = await t.db.select().from(bookBarcodes).where(eq(bookBarcodes.schoolId, -1));
    expect(gone).toEqual([]);
  });
});
