import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as XLSX from '@e965/xlsx';
import { CLASSROOM_MESSAGES } from '@tamaq/contract/classrooms';
import { IMPORT_MESSAGES } from '@tamaq/contract/imports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classrooms } from '../../platform/db/schema-people.ts';
import { workbookOf } from '../../platform/spreadsheet.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, signedIn, linkToken } from '../../../test/factories.ts';
import { createClassroom, createPupil } from '../../../test/factories-people.ts';

let t: TestContext;
let orgId: number;
let admin: string;
let otherSchoolId: number;

beforeAll(async () => {
  t = await createTestContext();
  orgId = (await createOrganization(t.db)).id;
  otherSchoolId = (await createSchool(t.db)).id;
  ({ token: admin } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId }));
});
afterAll(() => t.close());

const newSchool = async (name?: string) =>
  (await createSchool(t.db, { organizationId: orgId, ...(name ? { name } : {}) })).id;
const namesIn = async (schoolId: number) =>
  (await t.db.select({ name: classrooms.name }).from(classrooms).where(eq(classrooms.schoolId, schoolId)))
    .map((r) => r.name)
    .sort();

/** A multipart/form-data body with one file, as the browser's upload sends it. */
function fileForm(data: Buffer, filename = 'classes.xlsx') {
  const boundary = `----tamaq${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (schoolId: number, data: Buffer, token = admin) =>
  t.call({ method: 'POST', url: `/api/classroom/upload?schoolId=${schoolId}`, token, ...fileForm(data) });

const refusal = (...messages: string[]) => ({ error: 'Validation error', validationErrors: { file: messages } });

/** A sheet of a workbook (the first: the one an import reads) as rows of text. */
const readBook = (body: Buffer, sheet = 0) => {
  const book = XLSX.read(body, { type: 'buffer' });
  return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[sheet]!]!, { header: 1, raw: false });
};

describe('POST /api/classroom/upload', () => {
  it('imports one class per row, skipping blank rows and names the school already has', async () => {
    const school = await newSchool();
    await createClassroom(t.db, { organizationId: orgId, schoolId: school, name: '1 А' });
    const res = await upload(school, workbookOf([['Класс'], ['1 а'], ['1 Б'], [''], ['2 А'], ['  10   В ']]));
    expect(res.statusCode).toBe(200);
    // Every row is loaded or listed with its reason.
    expect(res.json()).toEqual({
      imported: 3,
      created: 3,
      updated: 0,
      skipped: [`строка 2: ${CLASSROOM_MESSAGES.importExists('1 а')}`],
    });
    expect(await namesIn(school)).toEqual(['1 Б', '1 А', '10 В', '2 А'].sort());
  });

  it("reads a class's shift: 1 or 2, the first when empty; a class the school has takes another shift given", async () => {
    const school = await newSchool();
    await createClassroom(t.db, { organizationId: orgId, schoolId: school, name: '5 А' });
    await createClassroom(t.db, { organizationId: orgId, schoolId: school, name: '5 Б' });
    const bad = await upload(
      school,
      workbookOf([
        ['Класс', 'Смена'],
        ['6 А', '3'],
        ['6 Б', 'вторая'],
      ]),
    );
    expect(bad.json()).toEqual(
      refusal(`строка 2: ${CLASSROOM_MESSAGES.importShift}`, `строка 3: ${CLASSROOM_MESSAGES.importShift}`),
    );
    const res = await upload(
      school,
      workbookOf([
        ['Класс', 'Смена'],
        ['5 А', '2'],
        ['5 Б', ''],
        ['6 А', '2'],
        ['6 Б', ''],
      ]),
    );
    expect(res.json()).toEqual({
      imported: 3,
      created: 2,
      updated: 1,
      skipped: [`строка 3: ${CLASSROOM_MESSAGES.importExists('5 Б')}`],
    });
    const shifts = await t.db
      .select({ name: classrooms.name, shift: classrooms.shift })
      .from(classrooms)
      .where(eq(classrooms.schoolId, school));
    expect(Object.fromEntries(shifts.map((c) => [c.name, c.shift]))).toEqual({
      '5 А': 2,
      '5 Б': 1,
      '6 А': 2,
      '6 Б': 1,
    });
  });

  it('reads the Kazakh name: a class by either name is the one there, and takes a name it lacks', async () => {
    const school = await newSchool();
    await createClassroom(t.db, { organizationId: orgId, schoolId: school, name: 'Солнышко' });
    await createClassroom(t.db, { organizationId: orgId, schoolId: school, name: 'Ромашка', nameKk: 'Түймедақ' });
    const res = await upload(
      school,
      workbookOf([
        ['Сынып орысша', 'Сынып қазақша'],
        ['Солнышко', 'Күншуақ'],
        ['', 'түймедақ'],
        ['', 'Балапан'],
        ['Берёзка', 'Қайың'],
      ]),
    );
    expect(res.json()).toEqual({
      imported: 3,
      created: 2,
      updated: 1,
      skipped: [`строка 3: ${CLASSROOM_MESSAGES.importExists('түймедақ')}`],
    });
    const rows = await t.db
      .select({ name: classrooms.name, nameKk: classrooms.nameKk, ruMissing: classrooms.nameRuMissing })
      .from(classrooms)
      .where(eq(classrooms.schoolId, school));
    expect(rows.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'Балапан', nameKk: 'Балапан', ruMissing: true },
      { name: 'Берёзка', nameKk: 'Қайың', ruMissing: false },
      { name: 'Ромашка', nameKk: 'Түймедақ', ruMissing: false },
      { name: 'Солнышко', nameKk: 'Күншуақ', ruMissing: false },
    ]);
    // A Kazakh name repeating a Russian one of the file is the same class twice.
    const twice = await upload(
      school,
      workbookOf([
        ['Класс', 'Класс на казахском'],
        ['Ива', 'Тал'],
        ['Тал', ''],
      ]),
    );
    expect(twice.json()).toEqual(refusal(`строка 3: ${CLASSROOM_MESSAGES.importDuplicate(2)}`));
  });

  it('accepts the columns «Название» and «Группа» and an .xls file', async () => {
    const school = await newSchool();
    expect((await upload(school, workbookOf([['Название'], ['Солнышко']]))).json().created).toBe(1);
    expect((await upload(school, workbookOf([['Группа'], ['Ромашка']], 'xls'))).json().created).toBe(1);
    expect(await namesIn(school)).toEqual(['Ромашка', 'Солнышко']);
  });

  it('refuses a file repeating a name, naming the later row, and imports nothing', async () => {
    const school = await newSchool();
    const res = await upload(school, workbookOf([['Класс'], ['3 А'], ['3 Б'], ['3 а']]));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(refusal(`строка 4: ${CLASSROOM_MESSAGES.importDuplicate(2)}`));
    expect(await namesIn(school)).toEqual([]);
  });

  it('lists every bad row: a name too long, a row without a name', async () => {
    const school = await newSchool();
    const res = await upload(
      school,
      workbookOf([
        ['Класс', 'Заметка'],
        ['x'.repeat(101), ''],
        ['', 'без имени'],
        ['4 А', ''],
      ]),
    );
    expect(res.json()).toEqual(
      refusal(`строка 2: ${CLASSROOM_MESSAGES.importTooLong}`, `строка 3: ${CLASSROOM_MESSAGES.importNameMissing}`),
    );
    expect(await namesIn(school)).toEqual([]);
  });

  it('refuses a row whose cell holds a NUL (`_x0000_`) with its reason, like any bad cell, and writes nothing', async () => {
    const school = await newSchool();
    const res = await upload(
      school,
      workbookOf([['Класс'], ['4 А'], ['NUL_x0000_here'], ['x'.repeat(101)], ['NUL\u0001']]),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(
      refusal(
        'строка 3: в столбце «Класс» недопустимый символ',
        `строка 4: ${CLASSROOM_MESSAGES.importTooLong}`,
        'строка 5: в столбце «Класс» недопустимый символ',
      ),
    );
    // Alone, the row used to reach the database and answer 500.
    const alone = await upload(school, workbookOf([['Класс'], ['NUL_x0000_here']]));
    expect(alone.json()).toEqual(refusal('строка 2: в столбце «Класс» недопустимый символ'));
    expect(await namesIn(school)).toEqual([]);
  });

  it('checks a file without writing, loads its valid rows on rows=valid, and gives the bad ones back with their reasons', async () => {
    const school = await newSchool();
    await createClassroom(t.db, { organizationId: orgId, schoolId: school, name: '1 А' });
    const file = workbookOf([
      ['Класс', 'Смена', 'Заметка'],
      ['1 а', '', ''],
      ['7 А', '', 'верная'],
      ['7 Б', 'вторая', 'плохая смена'],
      ['x'.repeat(101), '', 'длинное'],
      ['7 В', '2', 'верная'],
    ]);
    const send = (query: string, data = file, token = admin) =>
      t.call({ method: 'POST', url: `/api/classroom/upload?schoolId=${school}&${query}`, token, ...fileForm(data) });
    // All or nothing stays the default.
    expect((await upload(school, file)).statusCode).toBe(422);
    const check = await send('mode=check');
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toEqual({
      imported: 2,
      created: 2,
      updated: 0,
      skipped: [`строка 2: ${CLASSROOM_MESSAGES.importExists('1 а')}`],
      rejected_rows: 2,
      rejected: [`строка 4: ${CLASSROOM_MESSAGES.importShift}`, `строка 5: ${CLASSROOM_MESSAGES.importTooLong}`],
    });
    expect(await namesIn(school)).toEqual(['1 А']);
    // The same check in Kazakh says the reasons in Kazakh.
    const form = fileForm(file);
    const kk = await t.call({
      method: 'POST',
      url: `/api/classroom/upload?schoolId=${school}&mode=check`,
      token: admin,
      headers: { ...form.headers, 'accept-language': 'kk' },
      payload: form.payload,
    });
    expect(kk.json().rejected[0]).toMatch(/^4-жол: /);

    const valid = await send('rows=valid');
    expect(valid.statusCode, valid.body).toBe(200);
    expect(valid.json()).toEqual({
      imported: 2,
      created: 2,
      updated: 0,
      skipped: [
        `строка 4: ${CLASSROOM_MESSAGES.importShift}`,
        `строка 5: ${CLASSROOM_MESSAGES.importTooLong}`,
        `строка 2: ${CLASSROOM_MESSAGES.importExists('1 а')}`,
      ],
      rejected_rows: 2,
    });
    expect(await namesIn(school)).toEqual(['1 А', '7 А', '7 В'].sort());

    const rejected = await t.call({
      method: 'POST',
      url: `/api/classroom/upload/rejected?schoolId=${school}`,
      token: admin,
      ...fileForm(file),
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(readBook(rejected.rawPayload)).toEqual([
      ['Класс', 'Смена', 'Заметка', 'Ошибка'],
      ['7 Б', 'вторая', 'плохая смена', CLASSROOM_MESSAGES.importShift],
      ['x'.repeat(101), '', 'длинное', CLASSROOM_MESSAGES.importTooLong],
    ]);
    // A bad mode is a 422; a cashier and another organization's school are refused.
    const bad = await send('mode=maybe');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().validationErrors)).toEqual(['mode']);
    const { token: cashier } = await signedIn(t.platform, { role: 'Cashier', organizationId: orgId });
    expect((await send('mode=check', file, cashier)).statusCode).toBe(403);
    const other = await t.call({
      method: 'POST',
      url: `/api/classroom/upload/rejected?schoolId=${otherSchoolId}`,
      token: admin,
      ...fileForm(file),
    });
    expect(other.statusCode).toBe(404);
  });

  it('refuses a sheet without the «Класс» column', async () => {
    const school = await newSchool();
    const res = await upload(school, workbookOf([['ФИО'], ['Иванов']]));
    expect(res.json()).toEqual(refusal(IMPORT_MESSAGES.missingColumn('Класс')));
  });

  it('refuses a malformed xlsx, an executable renamed .xlsx and a sheet of 100 000 empty columns', async () => {
    const school = await newSchool();
    const zipGarbage = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(300)]);
    expect((await upload(school, zipGarbage)).json()).toEqual(refusal(IMPORT_MESSAGES.unreadable));
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), randomBytes(500)]);
    const renamed = await upload(school, exe);
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json()).toEqual(refusal(IMPORT_MESSAGES.notSpreadsheet));
    const wide = await upload(school, workbookOf([Array.from({ length: 100_000 }, () => '')]));
    expect(wide.json()).toEqual(refusal(IMPORT_MESSAGES.empty));
    expect(await namesIn(school)).toEqual([]);
  });

  it('reads only the first columns of a sheet padded with 100 000 empty ones', async () => {
    const school = await newSchool();
    const header = ['Класс', ...Array.from({ length: 100_000 }, () => '')];
    const res = await upload(school, workbookOf([header, ['5 А']]));
    expect(res.json()).toEqual({ imported: 1, created: 1, updated: 0 });
  });

  it('answers 422 on file without a multipart body', async () => {
    const school = await newSchool();
    const res = await t.call({
      method: 'POST',
      url: `/api/classroom/upload?schoolId=${school}`,
      token: admin,
      payload: {},
    });
    expect(res.json()).toEqual(refusal(IMPORT_MESSAGES.required));
  });

  it('answers 404 for another organization’s school (like a missing one), and 422 on schoolId without one', async () => {
    const res = await upload(otherSchoolId, workbookOf([['Класс'], ['1 А']]));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found', errorMessage: CLASSROOM_MESSAGES.schoolNotFound });
    expect((await upload(999999, workbookOf([['Класс'], ['1 А']]))).json()).toEqual(res.json());
    expect(await namesIn(otherSchoolId)).toEqual([]);
    const missing = await t.call({ method: 'POST', url: '/api/classroom/upload', token: admin, payload: {} });
    expect(missing.json().validationErrors.schoolId).toBeDefined();
  });

  it('answers 403 to a cashier', async () => {
    const { token } = await signedIn(t.platform, { role: 'EducationCashier', organizationId: orgId });
    expect((await upload(await newSchool(), workbookOf([['Класс'], ['1 А']]), token)).statusCode).toBe(403);
  });
});

describe('GET /api/classrooms/template', () => {
  it('downloads the header «Класс», two examples on a sheet not read, the token in the query', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/classrooms/template?token=${await linkToken(t.platform, admin)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('Шаблон классов.xlsx'));
    expect(readBook(res.rawPayload)).toEqual([['Класс на русском', 'Класс на казахском', 'Смена']]);
    expect(readBook(res.rawPayload, 1)).toEqual([
      ['Класс на русском', 'Класс на казахском', 'Смена'],
      ['1 А', '', '1'],
      ['1 Б', '', '2'],
      [],
      [IMPORT_MESSAGES.exampleNote('Классы')],
    ]);
    // Examples are not data: the template as it comes imports nothing.
    const school = await newSchool();
    expect((await upload(school, res.rawPayload)).json()).toEqual(refusal(IMPORT_MESSAGES.empty));
    expect(await namesIn(school)).toEqual([]);
  });

  it('speaks of groups to a kindergarten admin, and the template filled in imports', async () => {
    const kg = await createOrganization(t.db, { type: 'kindergarten' });
    const { token } = await signedIn(t.platform, { role: 'EducationKindergartenAdmin', organizationId: kg.id });
    const res = await t.call({ method: 'GET', url: '/api/classrooms/template', token });
    expect(readBook(res.rawPayload)).toEqual([['Группа на русском', 'Группа на казахском']]);
    expect(readBook(res.rawPayload, 1).slice(0, 3)).toEqual([
      ['Группа на русском', 'Группа на казахском'],
      ['Средняя группа', 'Ортаңғы топ'],
      ['Старшая группа', 'Ересек топ'],
    ]);
    // In Kazakh the headings say which column is which language; the examples stay as they are.
    const kk = await t.call({ method: 'GET', url: '/api/classrooms/template?lang=kk', token });
    expect(readBook(kk.rawPayload, 1).slice(0, 3)).toEqual([
      ['Топ орысша', 'Топ қазақша'],
      ['Средняя группа', 'Ортаңғы топ'],
      ['Старшая группа', 'Ересек топ'],
    ]);
    const school = (await createSchool(t.db, { organizationId: kg.id })).id;
    const filled = workbookOf([...readBook(res.rawPayload, 1).slice(0, 3)] as string[][]);
    expect((await upload(school, filled, token)).json().created).toBe(2);
  });

  it('answers 401 without a token and 403 to a cashier', async () => {
    expect((await t.call({ method: 'GET', url: '/api/classrooms/template' })).statusCode).toBe(401);
    const { token } = await signedIn(t.platform, { role: 'EducationCashier', organizationId: orgId });
    expect(
      (await t.call({ method: 'GET', url: `/api/classrooms/template?token=${await linkToken(t.platform, token)}` }))
        .statusCode,
    ).toBe(403);
  });
});

describe('GET /api/classrooms/download', () => {
  it('downloads the school’s classes with pupils and creation dates, the token in the query', async () => {
    const school = await newSchool('Гимназия "Нур"/1');
    const created = new Date('2025-03-04T20:30:00Z'); // 5 March in Almaty
    const tenB = await createClassroom(t.db, {
      organizationId: orgId,
      schoolId: school,
      name: '10 Б',
      nameKk: '10 Ә',
      createdAt: created,
    });
    await createClassroom(t.db, { organizationId: orgId, schoolId: school, name: '2 А', createdAt: created });
    await createPupil(t.db, { organizationId: orgId, schoolId: school, classroomId: tenB.id });
    const res = await t.call({ method: 'GET', url: `/api/classrooms/download?schoolId=${school}&token=${admin}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('Классы Гимназия _Нур__1.xlsx'));
    expect(readBook(res.rawPayload).map((r) => r.slice(0, 4))).toEqual([
      ['Класс на русском', 'Класс на казахском', 'Смена', 'Учеников'],
      ['2 А', '', '1', '0'],
      ['10 Б', '10 Ә', '1', '1'],
    ]);
    // A date Excel can sort and subtract, shown as dd.mm.yyyy: not text.
    const sheet = XLSX.read(res.rawPayload, { type: 'buffer', cellNF: true }).Sheets['Классы']!;
    for (const ref of ['E2', 'E3']) {
      const cell = sheet[ref]!;
      expect({ t: cell.t, shown: XLSX.SSF.format(cell.z as string, cell.v) }).toEqual({ t: 'n', shown: '05.03.2025' });
    }
  });

  it('answers 401 without a token, 404 for another organization’s school, 422 without schoolId', async () => {
    const school = await newSchool();
    expect((await t.call({ method: 'GET', url: `/api/classrooms/download?schoolId=${school}` })).statusCode).toBe(401);
    const other = await t.call({
      method: 'GET',
      url: `/api/classrooms/download?schoolId=${otherSchoolId}&token=${admin}`,
    });
    expect(other.statusCode).toBe(404);
    const missing = await t.call({ method: 'GET', url: `/api/classrooms/download?token=${admin}` });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().validationErrors.schoolId).toBeDefined();
  });

  it('answers 403 to an observer', async () => {
    const { token } = await signedIn(t.platform, { role: 'EducationObserver', organizationId: orgId });
    const res = await t.call({
      method: 'GET',
      url: `/api/classrooms/download?schoolId=${otherSchoolId}&token=${token}`,
    });
    expect(res.statusCode).toBe(403);
  });
});
