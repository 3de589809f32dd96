import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { BOOK_IMPORT_MESSAGES as M, type Book, type BookImportResult, type BookList } from '@tamaq/contract/library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookBarcodes, books } from '../../platform/db/schema-library.ts';
import { parseSpreadsheet, workbookOf } from '../../platform/spreadsheet.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, signedIn } from '../../../test/factories.ts';

let t: TestContext;
let orgId: number;
let schoolId: number;
let school2Id: number;
let admin: string;
let librarian: string;
let cashier: string;

beforeAll(async () => {
  t = await createTestContext();
  orgId = (await createOrganization(t.db)).id;
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
const upload = (rows: (string | number)[][], opts: { token?: string; field?: number; query?: number } = {}) =>
  t.call({
    method: 'POST',
    url: `/api/books/upload${opts.query ? `?school_id=${opts.query}` : ''}`,
    token: opts.token ?? admin,
    ...form(workbookOf(rows), opts.field ? { school_id: String(opts.field) } : {}),
  });

const HEADER = ['Название', 'Авторы', 'Издательство', 'Год', 'Категория', 'Штрихкоды', 'Количество'];
const count = async () => (await t.db.select().from(books)).length;

describe('POST /api/books/upload', () => {
  it('imports every row with its labels, generated copies and categories by name', async () => {
    const res = await upload(
      [
        HEADER,
        ['Алгебра. 7 класс', 'Абылкасымова', 'Мектеп', 2017, 'Учебники', '4607001, 4607002;4607003', ''],
        ['Путь Абая', 'Ауэзов М.', 'Жазушы', '2015', 'Художественная литература', '', 2],
        ['Словарь', 'Ожегов', 'Мектеп', 2020, 'учебники', 'ab-77', ''],
      ],
      { field: schoolId },
    );
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as BookImportResult;
    expect(result).toMatchObject({ imported: 3, created: 3, updated: 0, copies: 6 });
    expect(result.labels.map((l) => l.barcode)).toEqual(
      expect.arrayContaining(['4607001', '4607002', '4607003', 'AB-77']),
    );
    expect(result.labels.filter((l) => l.name === 'Путь Абая')).toHaveLength(2);

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
    ]);
    expect(await count()).toBe(before);

    // A label the school's library already has is found only against the database.
    const taken = await upload([HEADER, ['Книга 5', 'Автор', 'Изд', 2019, '', '4607001', '']], { query: schoolId });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().validationErrors.file).toEqual([`строка 2: ${M.barcodeTaken('4607001')}`]);
    expect(await count()).toBe(before);
    // ...and is another copy in another school.
    expect(
      (await upload([HEADER, ['Книга 5', 'Автор', 'Изд', 2019, '', '4607001', '']], { query: school2Id })).statusCode,
    ).toBe(200);
  });

  it('imports a whole library in one file: more copies than one statement takes parameters', async () => {
    // 16,400 labelled copies are 65,600 values, past PostgreSQL's 65,535 parameters of a statement.
    const rows: (string | number)[][] = [HEADER];
    for (let i = 0; i < 16_400; i++) rows.push([`Том ${i}`, 'Автор', 'Мектеп', 2010, '', `BIG-${i}`, '']);
    const res = await upload(rows, { query: school2Id });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toMatchObject({ imported: 16_400, copies: 16_400 });
  }, 120_000);

  it('keeps other roles and schools out, and asks for the school', async () => {
    const rows = [HEADER, ['Книга', 'Автор', 'Изд', 2019, '', '', '']];
    expect((await upload(rows, { token: cashier, query: schoolId })).statusCode).toBe(403);
    const locked = await upload(rows, { token: librarian, query: school2Id });
    expect(locked.statusCode).toBe(422);
    expect(locked.json().validationErrors.school_id).toBeDefined();
    expect((await upload(rows)).json().validationErrors.school_id).toBeDefined();
    const stranger = await createOrganization(t.db);
    const { token } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: stranger.id });
    expect((await upload(rows, { token, query: schoolId })).statusCode).toBe(422);
  });

  it('gives a template whose sheet the import reads', async () => {
    const res = await t.call({ method: 'GET', url: `/api/books/template?token=${librarian}` });
    expect(res.statusCode).toBe(200);
    const [header] = await parseSpreadsheet(res.rawPayload);
    expect(header).toEqual(expect.arrayContaining(['Название', 'Авторы', 'Издательство', 'Год издания', 'Штрихкоды']));
    const gone = await t.db.select().from(bookBarcodes).where(eq(bookBarcodes.schoolId, -1));
    expect(gone).toEqual([]);
  });
});
