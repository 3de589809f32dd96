import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import * as XLSX from '@e965/xlsx';
import { IMPORT_MESSAGES } from '@tamaq/contract/imports';
import { isValidIin, makeIin } from '@tamaq/contract/kz-id';
import { USER_MESSAGES } from '@tamaq/contract/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, classrooms, users } from '../../platform/db/schema-people.ts';
import { workbookOf } from '../../platform/spreadsheet.ts';
import { localDate } from '../../platform/time.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, createUser, linkToken, signedIn } from '../../../test/factories.ts';
import { createClassroom, createFoodCategory, createPupil } from '../../../test/factories-people.ts';

const I = USER_MESSAGES.imports;
const HEADER = ['ФИО', 'ИИН', 'Класс', 'Категория питания', 'Должность'];
const WALLET = ['Соцкошелёк с', 'Соцкошелёк по'];
const TEMPLATE_HEADER = [...HEADER, ...WALLET, 'Номер карты'];

let t: TestContext;
let orgId: number;
let school: number;
let school2: number;
let admin: string;
let locked: string;
let superAdmin: string;
let seq = 0;
const iin = () => makeIin('140506', 6, 300 + ++seq * 3);

beforeAll(async () => {
  t = await createTestContext();
  orgId = (await createOrganization(t.db)).id;
  school = (await createSchool(t.db, { organizationId: orgId })).id;
  school2 = (await createSchool(t.db, { organizationId: orgId })).id;
  ({ token: admin } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId }));
  ({ token: locked } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId, schoolId: school }));
  ({ token: superAdmin } = await signedIn(t.platform, { role: 'SuperAdmin' }));
});
afterAll(() => t.close());

/** A multipart/form-data body with one file, as the browser's upload sends it. */
function fileForm(data: Buffer, filename = 'pupils.xlsx') {
  const boundary = `----tamaq${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (query: string, data: Buffer, token = admin) =>
  t.call({ method: 'POST', url: `/api/users/upload${query}`, token, ...fileForm(data) });
/** A sheet of a downloaded workbook (the first: the one an import reads) as rows of text. */
const sheetOf = (body: Buffer, sheet = 0) => {
  const book = XLSX.read(body, { type: 'buffer' });
  return XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[sheet]!]!, { header: 1, raw: false });
};
const template = async (token: string, query = '') =>
  (await t.call({ method: 'GET', url: `/api/users/template?token=${await linkToken(t.platform, token)}${query}` }))
    .rawPayload;
/** The drop-down lists of a workbook's first sheet, by cell, as Excel reads them. */
async function dropDowns(body: Buffer): Promise<Record<string, { type: string; formulae: string[] }>> {
  const ExcelJS = (await import('exceljs')).default;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  return (book.worksheets[0] as unknown as { dataValidations: { model: Record<string, never> } }).dataValidations.model;
}
const refusal = (...messages: string[]) => ({ error: 'Validation error', validationErrors: { file: messages } });

/** A class of its own per test, so counts do not mix. */
async function freshClass(name = `${++seq} «А»`, schoolId = school) {
  return createClassroom(t.db, { organizationId: orgId, schoolId, name });
}
const pupilsOf = (classroomId: number) =>
  t.db
    .select()
    .from(users)
    .where(and(eq(users.classroomId, classroomId), isNull(users.deletedAt)))
    .orderBy(users.name);

describe('POST /api/users/upload', () => {
  it('imports pupils into the classes and categories the rows name (xlsx)', async () => {
    const klass = await freshClass('7 «Г»');
    const cat = await createFoodCategory(t.db, { organizationId: orgId, name: 'Соцкошелёк 7', type: 'sw' });
    const [a, b] = [iin(), iin()];
    const res = await upload(
      `?schoolId=${school}`,
      // The class as people write it: in other letters' case, without its quotes.
      workbookOf([HEADER, ['Абенов Арман', a, '7 «г»', 'соцкошелёк 7', ''], ['Бекова Дана', b, '7 Г', '', ''], []]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ imported: 2, created: 2, updated: 0 });
    const rows = await pupilsOf(klass.id);
    expect(rows.map((r) => [r.name, r.iin, r.schoolId, r.organizationId, r.roleId])).toEqual([
      ['Абенов Арман', a, school, orgId, null],
      ['Бекова Дана', b, school, orgId, null],
    ]);
    expect(rows[0]).toMatchObject({
      foodCategoryId: cat.id,
      socialWalletSetDate: localDate(t.clock.now, 'Asia/Almaty'),
    });
    expect(rows[1]!.foodCategoryId).toBeNull();
  });

  it("takes each pupil's social wallet dates from the two columns: typed, or a date cell", async () => {
    const klass = await freshClass('Соцкошелёк-1');
    const cat = await createFoodCategory(t.db, { organizationId: orgId, name: `Соцкошелёк ${seq}`, type: 'sw' });
    const [a, b] = [iin(), iin()];
    // 45901 is Excel's day number of 01.09.2025, as a date cell gives it.
    const file = workbookOf([
      TEMPLATE_HEADER,
      ['Ахметов Ерлан', a, klass.name, cat.name, '', '01.09.2025', '25.05.2099'],
      ['Бекова Алия', b, klass.name, cat.name, '', 45901, ''],
    ]);
    expect((await upload(`?schoolId=${school}`, file)).json()).toEqual({ imported: 2, created: 2, updated: 0 });
    const rows = await pupilsOf(klass.id);
    expect(rows.map((r) => [r.name, r.socialWalletSetDate, r.socialWalletResetDate])).toEqual([
      ['Ахметов Ерлан', '2025-09-01', '2099-05-26'],
      ['Бекова Алия', '2025-09-01', null],
    ]);
    // Loaded again with an end: the pupil found by IIN takes it, the category unchanged.
    const again = workbookOf([TEMPLATE_HEADER, ['Бекова Алия', b, klass.name, cat.name, '', '', '31.12.2099']]);
    expect((await upload(`?schoolId=${school}`, again)).json()).toMatchObject({ updated: 1 });
    expect((await pupilsOf(klass.id))[1]).toMatchObject({
      socialWalletSetDate: '2025-09-01',
      socialWalletResetDate: '2100-01-01',
    });
  });

  it('refuses a file whose wallet dates are not dates, out of order, in the future or without a wallet', async () => {
    const klass = await freshClass('Соцкошелёк-2');
    const cat = await createFoodCategory(t.db, { organizationId: orgId, name: `Соцкошелёк ${seq}`, type: 'sw' });
    const paid = await createFoodCategory(t.db, { organizationId: orgId, name: `Платное ${seq}`, type: 'common' });
    const file = workbookOf([
      TEMPLATE_HEADER,
      ['Один', '', klass.name, cat.name, '', '31.02.2026', ''],
      ['Два', '', klass.name, cat.name, '', '01.10.2025', '30.09.2025'],
      ['Три', '', klass.name, cat.name, '', '01.09.2099', ''],
      ['Четыре', '', klass.name, paid.name, '', '01.09.2025', ''],
    ]);
    const res = await upload(`?schoolId=${school}`, file);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(
      refusal(
        'строка 2: «Соцкошелёк с»: «31.02.2026» — не дата (ДД.ММ.ГГГГ)',
        'строка 3: соцкошелёк кончается раньше, чем начинается',
        'строка 4: соцкошелёк не может начинаться в будущем',
        'строка 5: даты соцкошелька указаны для категории, которая не соцкошелёк',
      ),
    );
    expect(await pupilsOf(klass.id)).toEqual([]);
  });

  it('reads a file headed in Kazakh: Аты-жөні, ЖСН, Сынып, Тамақтану санаты', async () => {
    const klass = await freshClass('8 «Ә»');
    const cat = await createFoodCategory(t.db, { organizationId: orgId, name: 'Әлеуметтік әмиян 8', type: 'sw' });
    const code = iin();
    const res = await upload(
      `?schoolId=${school}`,
      workbookOf([
        ['Аты-жөні', 'ЖСН', 'Сынып', 'Тамақтану санаты', 'Лауазымы'],
        ['Сәрсенбаев Нұрлан', code, '8 «ә»', 'әлеуметтік әмиян 8', ''],
      ]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ imported: 1, created: 1, updated: 0 });
    const [row] = await pupilsOf(klass.id);
    expect(row).toMatchObject({ name: 'Сәрсенбаев Нұрлан', iin: code, foodCategoryId: cat.id });
  });

  it('finds a group by its Kazakh name as well as its Russian one', async () => {
    const n = Date.now() % 100000;
    const group = await freshClass(`Солнышко ${n}`);
    await t.db
      .update(classrooms)
      .set({ nameKk: `Күншуақ ${n}` })
      .where(eq(classrooms.id, group.id));
    const res = await upload(
      `?schoolId=${school}`,
      workbookOf([
        ['ФИО', 'ИИН', 'Класс'],
        ['Аманов Ерлан', iin(), `күншуақ ${n}`],
        ['Беков Арман', iin(), `Солнышко ${n}`],
      ]),
    );
    expect(res.json()).toEqual({ imported: 2, created: 2, updated: 0 });
    expect((await pupilsOf(group.id)).map((p) => p.name).sort()).toEqual(['Аманов Ерлан', 'Беков Арман']);
  });

  it('imports an .xls file (biff8) with Cyrillic names, and a class given in the query', async () => {
    const klass = await freshClass();
    const res = await upload(
      `?classroomId=${klass.id}`,
      workbookOf(
        [
          ['ФИО', 'ИИН'],
          ['Ёлкина Жанар', iin()],
        ],
        'xls',
      ),
    );
    expect(res.json()).toEqual({ imported: 1, created: 1, updated: 0 });
    expect((await pupilsOf(klass.id)).map((r) => [r.name, r.schoolId])).toEqual([['Ёлкина Жанар', school]]);
  });

  it('updates pupils found by IIN instead of duplicating them, and dates the social wallet', async () => {
    const from = await freshClass();
    const to = await freshClass();
    const sw = await createFoodCategory(t.db, { organizationId: orgId, name: `Льгота ${seq}`, type: 'sw' });
    const code = iin();
    const kid = await createPupil(t.db, { organizationId: orgId, schoolId: school, classroomId: from.id, iin: code });
    const file = workbookOf([HEADER, ['Новое Имя', code, to.name, sw.name, '']]);
    expect((await upload(`?schoolId=${school}`, file)).json()).toEqual({ imported: 1, created: 0, updated: 1 });
    expect((await upload(`?schoolId=${school}`, file)).json()).toEqual({ imported: 1, created: 0, updated: 1 });
    const live = await t.db
      .select()
      .from(users)
      .where(and(eq(users.iin, code), isNull(users.deletedAt)));
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({
      id: kid.id,
      name: 'Новое Имя',
      classroomId: to.id,
      foodCategoryId: sw.id,
      socialWalletSetDate: localDate(t.clock.now, 'Asia/Almaty'),
      socialWalletResetDate: null,
    });
  });

  it('reads an IIN that Excel stored as a number without its leading zero', async () => {
    const klass = await freshClass();
    const code = makeIin('050607', 5, 12);
    expect(code.startsWith('0') && isValidIin(code)).toBe(true);
    const res = await upload(
      `?classroomId=${klass.id}`,
      workbookOf([
        ['ФИО', 'ИИН'],
        ['Нулев Ноль', Number(code)],
      ]),
    );
    expect(res.json()).toMatchObject({ created: 1 });
    expect((await pupilsOf(klass.id))[0]!.iin).toBe(code);
  });

  it('links the card each row names: a new number registered, the person’s own kept, another’s refused', async () => {
    const classroom = await freshClass();
    const header = [...HEADER, 'Номер карты'];
    const held = await createUser(t.db, { organizationId: orgId, name: 'Сотрудник с картой' });
    const heldCard = await t.db
      .insert(cards)
      .values({ organizationId: orgId, number: 'IMPHELD1', userId: held.id })
      .returning();
    const free = await t.db.insert(cards).values({ organizationId: orgId, number: 'IMPFREE1' }).returning();
    const other = (await createOrganization(t.db, { type: 'education' })).id;
    await t.db.insert(cards).values({ organizationId: other, number: 'IMPOTHER1' });
    const cardsOf = async (name: string) =>
      (
        await t.db
          .select({ number: cards.number })
          .from(cards)
          .innerJoin(users, eq(users.id, cards.userId))
          .where(eq(users.name, name))
      ).map((c) => c.number);

    // A bad number, a number twice: each row said, nothing written; then, the file read whole, another
    // person's card and another organization's.
    const bad = await upload(
      `?classroomId=${classroom.id}`,
      workbookOf([
        header,
        ['Карточкин Ерлан', '', '', '', '', '0007 7123 45'],
        ['Карточкин Дана', '', '', '', '', 'ДВА'],
        ['Карточкин Асан', '', '', '', '', '00077123 45'],
      ]),
    );
    expect(bad.json()).toEqual(
      refusal(
        'строка 3: «ДВА» — не номер карты (латинские буквы, цифры и дефис, 4–64 знака)',
        'строка 4: карта уже встречается в строке 2',
      ),
    );
    const taken = await upload(
      `?classroomId=${classroom.id}`,
      workbookOf([
        header,
        ['Карточкин Бота', '', '', '', '', 'impheld1'],
        ['Карточкин Тимур', '', '', '', '', 'IMPOTHER1'],
      ]),
    );
    expect(taken.json()).toEqual(
      refusal(
        'строка 2: карта IMPHELD1 уже привязана: Сотрудник с картой',
        'строка 3: карта IMPOTHER1 зарегистрирована в другой организации',
      ),
    );
    expect(await pupilsOf(classroom.id)).toEqual([]);

    const ok = await upload(
      `?classroomId=${classroom.id}`,
      workbookOf([
        header,
        ['Карточкин Ерлан', '', '', '', '', '0007 7123 45'],
        ['Карточкин Дана', '', '', '', '', 'impfree1'],
        ['Карточкин Асан', '', '', '', '', ''],
      ]),
    );
    expect(ok.json()).toEqual({ imported: 3, created: 3, updated: 0 });
    expect(await cardsOf('Карточкин Ерлан')).toEqual(['0007712345']);
    expect(await cardsOf('Карточкин Дана')).toEqual(['IMPFREE1']);
    expect(await cardsOf('Карточкин Асан')).toEqual([]);
    // The same file again: the same people, their cards already theirs.
    const again = await upload(
      `?classroomId=${classroom.id}`,
      workbookOf([header, ['Карточкин Ерлан', '', '', '', '', '0007712345']]),
    );
    expect(again.json()).toEqual({ imported: 1, created: 0, updated: 1 });
    expect(await cardsOf('Карточкин Ерлан')).toEqual(['0007712345']);
    expect(await cardsOf('Сотрудник с картой')).toEqual([heldCard[0]!.number]);
    expect(free[0]!.organizationId).toBe(orgId);
  });

  it('lists every bad row and writes nothing', async () => {
    const klass = await freshClass('9 «Б»');
    const good = iin();
    const res = await upload(
      `?schoolId=${school}`,
      workbookOf([
        HEADER,
        ['Хороший', good, '9 «Б»', '', ''],
        ['Плохой ИИН', '123456789012', '9 «Б»', '', ''],
        ['', iin(), '9 «Б»', '', ''],
        ['Нет класса', iin(), '99 «Я»', '', ''],
        ['Нет категории', iin(), '9 «Б»', 'Икра', ''],
        ['Повтор', good, '9 «Б»', '', ''],
      ]),
    );
    expect(res.statusCode).toBe(422);
    const messages = res.json().validationErrors.file as string[];
    expect(messages).toHaveLength(5);
    expect(messages[0]).toBe(`строка 3: ${I.badIin}`);
    expect(messages[1]).toBe(`строка 4: ${I.nameRequired}`);
    // A value not found names the ones there are.
    expect(messages[2]).toMatch(/^строка 5: класс «99 «Я»» не найден; есть: «\d.*«9 «Б»»/);
    expect(messages[3]).toMatch(/^строка 6: категория питания «Икра» не найдена; есть: («.+»(, )?)+/);
    expect(messages[4]).toBe(`строка 7: ${I.duplicateIin(2)}`);
    expect(await pupilsOf(klass.id)).toEqual([]);
  });

  it('checks a file with bad rows: the valid rows counted, the others listed; writes only the valid ones when asked', async () => {
    const klass = await freshClass('9 «П»');
    const cat = await createFoodCategory(t.db, { organizationId: orgId, name: 'Платное П', type: 'common' });
    const [a, b, c] = [iin(), iin(), iin()];
    const file = workbookOf([
      HEADER,
      ['Верный Один', a, '9 «П»', 'Платное П', ''],
      ['Плохой ИИН', '123456789012', '9 «П»', '', ''],
      ['Верный Два', b, '9 «П»', '', ''],
      ['Нет категории', c, '9 «П»', 'Соц. кошелёк', ''],
    ]);
    const check = await upload(`?schoolId=${school}&mode=check`, file);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ imported: 2, created: 2, updated: 0, rejected_rows: 2 });
    expect(check.json().rejected).toEqual([
      `строка 3: ${I.badIin}`,
      expect.stringMatching(/^строка 5: категория питания «Соц\. кошелёк» не найдена; есть: .*«Платное П»/),
    ]);
    expect(await pupilsOf(klass.id)).toEqual([]);
    // All or nothing stays the default: the same file refused whole.
    expect((await upload(`?schoolId=${school}`, file)).statusCode).toBe(422);
    expect(await pupilsOf(klass.id)).toEqual([]);

    // The bad rows as they were, each with its reason, to correct and load again.
    const bad = await t.call({
      method: 'POST',
      url: `/api/users/upload/rejected?schoolId=${school}`,
      token: admin,
      ...fileForm(file),
    });
    expect(bad.statusCode).toBe(200);
    expect(bad.headers['content-type']).toContain('spreadsheetml');
    const rows = sheetOf(bad.rawPayload);
    expect(rows[0]).toEqual([...HEADER, 'Ошибка']);
    expect(rows.slice(1).map((r) => r.slice(0, 3))).toEqual([
      ['Плохой ИИН', '123456789012', '9 «П»'],
      ['Нет категории', c, '9 «П»'],
    ]);
    expect(rows[1]![5]).toBe(I.badIin);
    expect(rows[2]![5]).toContain('«Соц. кошелёк»');
    // The IIN stays text: its leading zero survives Excel.
    const book = XLSX.read(bad.rawPayload, { type: 'buffer' });
    expect(book.Sheets[book.SheetNames[0]!]!['B2']!.t).toBe('s');
    // In Kazakh, the reason is said in Kazakh.
    const form = fileForm(file);
    const kk = await t.call({
      method: 'POST',
      url: `/api/users/upload/rejected?schoolId=${school}`,
      token: admin,
      headers: { ...form.headers, 'accept-language': 'kk' },
      payload: form.payload,
    });
    expect(sheetOf(kk.rawPayload)[1]![5]).toBe('ЖСН қате');

    const written = await upload(`?schoolId=${school}&rows=valid`, file);
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json()).toMatchObject({ imported: 2, created: 2, updated: 0, rejected_rows: 2 });
    expect(written.json().skipped).toHaveLength(2);
    expect((await pupilsOf(klass.id)).map((p) => [p.name, p.foodCategoryId])).toEqual([
      ['Верный Два', null],
      ['Верный Один', cat.id],
    ]);
  });

  it('refuses the rejected rows file to a forbidden role and for another organization’s school', async () => {
    const file = workbookOf([HEADER, ['Кто-то', '123456789012', '', '', '']]);
    const { token: cashier } = await signedIn(t.platform, { role: 'EducationCashier', organizationId: orgId });
    const forbidden = await t.call({
      method: 'POST',
      url: `/api/users/upload/rejected?schoolId=${school}`,
      token: cashier,
      ...fileForm(file),
    });
    expect(forbidden.statusCode).toBe(403);
    const otherOrg = await createOrganization(t.db);
    const otherSchool = await createSchool(t.db, { organizationId: otherOrg.id });
    const other = await t.call({
      method: 'POST',
      url: `/api/users/upload/rejected?schoolId=${otherSchool.id}`,
      token: admin,
      ...fileForm(file),
    });
    expect(other.statusCode).toBe(404);
    const bad = await t.call({
      method: 'POST',
      url: `/api/users/upload/rejected?schoolId=abc`,
      token: admin,
      ...fileForm(file),
    });
    expect(bad.statusCode).toBe(422);
  });

  it('refuses a row with a NUL in a name or job title with its reason, and writes nothing', async () => {
    const klass = await freshClass('9 «Н»');
    const res = await upload(
      `?schoolId=${school}`,
      workbookOf([
        HEADER,
        ['Хороший', iin(), '9 «Н»', '', ''],
        ['Имя_x0000_NUL', iin(), '9 «Н»', '', ''],
        ['Повар Айгуль', iin(), '9 «Н»', '', 'Повар_x0000_'],
      ]),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(
      refusal('строка 3: в столбце «ФИО» недопустимый символ', 'строка 4: в столбце «Должность» недопустимый символ'),
    );
    expect(await pupilsOf(klass.id)).toEqual([]);
  });

  it('asks to choose a school when a class name is in several schools', async () => {
    await freshClass('11 «Ж»', school);
    await freshClass('11 «Ж»', school2);
    const res = await upload('', workbookOf([HEADER, ['Кто-то', '', '11 «Ж»', '', '']]));
    expect(res.json()).toEqual(refusal(`строка 2: ${I.ambiguousClassroom('11 «Ж»')}`));
  });

  it('imports employees (no class) with a job title, each row without IIN created anew', async () => {
    const { token } = await signedIn(t.platform, { role: 'Admin' });
    const file = workbookOf([
      ['ФИО', 'Должность'],
      ['Сотрудник Один', 'Повар'],
      ['Сотрудник Один', 'Повар'],
    ]);
    expect((await upload('', file, token)).json()).toEqual({ imported: 2, created: 2, updated: 0 });
    const rows = await t.db.select().from(users).where(eq(users.name, 'Сотрудник Один'));
    expect(rows.map((r) => [r.jobTitle, r.classroomId, r.roleId])).toEqual([
      ['Повар', null, null],
      ['Повар', null, null],
    ]);
  });

  it('finds on re-import the pupils of a file without IINs by name in their class, and employees by job title', async () => {
    const klass = await freshClass();
    const pupils = workbookOf([HEADER, ['Ким Болат', '', klass.name, '', ''], [' ким болат ', '', klass.name, '', '']]);
    expect((await upload(`?schoolId=${school}`, pupils)).json()).toEqual({ imported: 2, created: 2, updated: 0 });
    // Each person answers one row: the two namesakes stay two, the file twice is still two.
    expect((await upload(`?schoolId=${school}`, pupils)).json()).toEqual({ imported: 2, created: 0, updated: 2 });
    expect(await pupilsOf(klass.id)).toHaveLength(2);
    // Somewhere else, the same name is somebody else.
    const other = await freshClass();
    const moved = workbookOf([HEADER, ['Ким Болат', '', other.name, '', '']]);
    expect((await upload(`?schoolId=${school}`, moved)).json()).toEqual({ imported: 1, created: 1, updated: 0 });

    const { token } = await signedIn(t.platform, { role: 'Admin' });
    const staff = workbookOf([
      ['ФИО', 'Должность'],
      ['Повторный Сотрудник', 'Повар'],
      ['Повторный Сотрудник', 'Кассир'],
    ]);
    expect((await upload('', staff, token)).json()).toEqual({ imported: 2, created: 2, updated: 0 });
    expect((await upload('', staff, token)).json()).toEqual({ imported: 2, created: 0, updated: 2 });
    const rows = await t.db.select().from(users).where(eq(users.name, 'Повторный Сотрудник'));
    expect(rows.map((r) => r.jobTitle).sort()).toEqual(['Кассир', 'Повар']);
  });

  it('gives a pupil found by name the IIN a later file brings', async () => {
    const klass = await freshClass();
    const kid = await createPupil(t.db, {
      organizationId: orgId,
      schoolId: school,
      classroomId: klass.id,
      name: 'Сапарова Айгерим',
      iin: null,
    });
    const code = iin();
    const file = workbookOf([HEADER, ['Сапарова Айгерим', code, klass.name, '', '']]);
    expect((await upload(`?schoolId=${school}`, file)).json()).toEqual({ imported: 1, created: 0, updated: 1 });
    expect((await pupilsOf(klass.id)).map((r) => [r.id, r.iin])).toEqual([[kid.id, code]]);
  });

  it('checks a file first: lists who it would update and how, writing nothing; create adds namesakes anew', async () => {
    const klass = await freshClass();
    const code = iin();
    await createPupil(t.db, { organizationId: orgId, schoolId: school, classroomId: klass.id, name: 'Есть По Имени' });
    await createPupil(t.db, {
      organizationId: orgId,
      schoolId: school,
      classroomId: klass.id,
      name: 'Есть По ИИН',
      iin: code,
    });
    const file = workbookOf([
      HEADER,
      ['Есть По Имени', '', klass.name, '', ''],
      ['Другое Имя', code, klass.name, '', ''],
      ['Совсем Новый', '', klass.name, '', ''],
    ]);
    const check = await upload(`?schoolId=${school}&mode=check`, file);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({
      imported: 3,
      created: 1,
      updated: 2,
      rejected_rows: 0,
      matches: [
        { line: 2, name: 'Есть По Имени', by: 'name', place: klass.name },
        { line: 3, name: 'Другое Имя', by: 'iin', place: klass.name },
      ],
    });
    expect((await pupilsOf(klass.id)).map((r) => r.name).sort()).toEqual(['Есть По ИИН', 'Есть По Имени']);

    // The admin says these are other people: the namesake is added, the IIN still updates.
    expect((await upload(`?schoolId=${school}&mode=create`, file)).json()).toEqual({
      imported: 3,
      created: 2,
      updated: 1,
    });
    expect((await pupilsOf(klass.id)).map((r) => r.name).sort()).toEqual([
      'Другое Имя',
      'Есть По Имени',
      'Есть По Имени',
      'Совсем Новый',
    ]);
    expect((await upload(`?schoolId=${school}&mode=merge`, file)).statusCode).toBe(422);
  });

  it('keeps a school-locked admin to their school: another school’s pupil is refused', async () => {
    const elsewhere = await freshClass(undefined, school2);
    const code = iin();
    await createPupil(t.db, { organizationId: orgId, schoolId: school2, classroomId: elsewhere.id, iin: code });
    const mine = await freshClass();
    const res = await upload(
      `?classroomId=${mine.id}`,
      workbookOf([
        ['ФИО', 'ИИН'],
        ['Чужой', code],
      ]),
      locked,
    );
    expect(res.json()).toEqual(refusal(`строка 2: ${I.iinOfOtherSchool}`));
    const other = await upload(`?classroomId=${elsewhere.id}`, workbookOf([['ФИО'], ['x']]), locked);
    expect(other.statusCode).toBe(404);
  });

  it('does not turn a staff member into a pupil by IIN when the caller could not give their role', async () => {
    const code = iin();
    await createUser(t.db, { role: 'Admin', organizationId: orgId, iin: code });
    const klass = await freshClass();
    const res = await upload(
      `?classroomId=${klass.id}`,
      workbookOf([
        ['ФИО', 'ИИН'],
        ['Админ', code],
      ]),
    );
    expect(res.json()).toEqual(refusal(`строка 2: ${I.iinOfStaff}`));
  });

  it('refuses a malformed xlsx, an executable renamed .xlsx and a sheet of 100 000 empty columns', async () => {
    const klass = await freshClass();
    const zipGarbage = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(300)]);
    expect((await upload(`?classroomId=${klass.id}`, zipGarbage)).json()).toEqual(refusal(IMPORT_MESSAGES.unreadable));
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), randomBytes(500)]);
    const renamed = await upload(`?classroomId=${klass.id}`, exe);
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json()).toEqual(refusal(IMPORT_MESSAGES.notSpreadsheet));
    const wide = await upload(`?classroomId=${klass.id}`, workbookOf([Array.from({ length: 100_000 }, () => '')]));
    expect(wide.json()).toEqual(refusal(IMPORT_MESSAGES.empty));
    const noName = await upload(`?classroomId=${klass.id}`, workbookOf([['Класс'], ['1 А']]));
    expect(noName.json()).toEqual(refusal(IMPORT_MESSAGES.missingColumn('ФИО')));
    expect(await pupilsOf(klass.id)).toEqual([]);
  });

  it('reads only the first columns of a sheet padded with 100 000 empty ones', async () => {
    const klass = await freshClass();
    const header = ['ФИО', ...Array.from({ length: 100_000 }, () => '')];
    const res = await upload(`?classroomId=${klass.id}`, workbookOf([header, ['Широкий Файл']]));
    expect(res.json()).toEqual({ imported: 1, created: 1, updated: 0 });
  });

  it('answers 422 on file without a multipart body', async () => {
    const res = await t.call({ method: 'POST', url: '/api/users/upload', token: admin, payload: {} });
    expect(res.json()).toEqual(refusal(IMPORT_MESSAGES.required));
  });

  it('makes the super admin name the organization, or a school or class that implies it', async () => {
    const missing = await upload('', workbookOf([['ФИО'], ['x']]), superAdmin);
    expect(missing.json().validationErrors).toEqual({ organizationId: [USER_MESSAGES.organizationRequired] });
    const klass = await freshClass();
    const res = await upload(`?classroomId=${klass.id}`, workbookOf([['ФИО'], ['От супер-админа']]), superAdmin);
    expect(res.json()).toEqual({ imported: 1, created: 1, updated: 0 });
  });

  it('answers 404 for another organization’s class or school', async () => {
    const other = await createClassroom(t.db);
    expect((await upload(`?classroomId=${other.id}`, workbookOf([['ФИО'], ['x']]))).statusCode).toBe(404);
    expect((await upload(`?schoolId=${other.schoolId}`, workbookOf([['ФИО'], ['x']]))).statusCode).toBe(404);
  });

  it('answers 403 to a cashier', async () => {
    const { token } = await signedIn(t.platform, { role: 'EducationCashier', organizationId: orgId });
    expect((await upload('', workbookOf([['ФИО'], ['x']]), token)).statusCode).toBe(403);
  });
});

describe('POST /api/users/upload as a social teacher', () => {
  it('imports pupils into the class of the query', async () => {
    const { token } = await signedIn(t.platform, { role: 'EducationSocialTeacher', organizationId: orgId });
    const klass = await freshClass();
    const res = await upload(`?classroomId=${klass.id}`, workbookOf([['ФИО'], ['Ученик соцпедагога']]), token);
    expect(res.json()).toEqual({ imported: 1, created: 1, updated: 0 });
    expect((await pupilsOf(klass.id)).map((r) => r.name)).toEqual(['Ученик соцпедагога']);
  });

  it('answers 422 on classroomId without a class, so no employee is ever created', async () => {
    const { token } = await signedIn(t.platform, { role: 'EducationSocialTeacher', organizationId: orgId });
    const klass = await freshClass('11 «Соц»');
    const file = workbookOf([HEADER, ['Повар Без Класса', '', '', '', 'Повар'], ['Ученик', '', '11 «Соц»', '', '']]);
    for (const query of ['', `?schoolId=${school}`]) {
      const res = await upload(query, file, token);
      expect(res.statusCode).toBe(422);
      expect(res.json().validationErrors).toEqual({ classroomId: [USER_MESSAGES.classroomRequired] });
    }
    expect(await pupilsOf(klass.id)).toEqual([]);
  });

  it('refuses a row whose IIN belongs to somebody without a class (staff are not theirs to change)', async () => {
    const { token } = await signedIn(t.platform, { role: 'EducationSocialTeacher', organizationId: orgId });
    const code = iin();
    const janitor = await createUser(t.db, { organizationId: orgId, roleId: null, email: null, iin: code });
    const klass = await freshClass();
    const res = await upload(
      `?classroomId=${klass.id}`,
      workbookOf([
        ['ФИО', 'ИИН'],
        ['Дворник', code],
      ]),
      token,
    );
    expect(res.json()).toEqual(refusal(`строка 2: ${I.iinOfStaff}`));
    const [row] = await t.db.select().from(users).where(eq(users.id, janitor.id));
    expect(row).toMatchObject({ classroomId: null, name: janitor.name });
  });
});

// A template and four uploads: 33 s in the PostgreSQL lane of a CI run with every lane at once (each
// template 8–17 s there, against under a second alone), past the 30 s default.
describe('a kindergarten admin’s import', { timeout: 90_000 }, () => {
  it('gets «Группа» in the template, imports it as it is, and hears of groups in row errors', async () => {
    const kg = (await createOrganization(t.db, { type: 'kindergarten' })).id;
    const { token } = await signedIn(t.platform, { role: 'EducationKindergartenAdmin', organizationId: kg });
    const garden = (await createSchool(t.db, { organizationId: kg })).id;
    const group = await createClassroom(t.db, { organizationId: kg, schoolId: garden, name: 'Младшая группа' });
    const file = await template(token);
    const rows = sheetOf(file);
    expect(rows).toEqual([['ФИО', 'ИИН', 'Группа', 'Категория питания', 'Должность', ...WALLET, 'Номер карты']]);
    // The example names the kindergarten's own group.
    expect(sheetOf(file, 1)[1]![2]).toBe('Младшая группа');

    const filled = workbookOf([rows[0]!, ['Малыш Айсулу', '', 'младшая группа', '', '']]);
    expect((await upload('', filled, token)).json()).toEqual({ imported: 1, created: 1, updated: 0 });
    expect((await pupilsOf(group.id)).map((r) => r.name)).toEqual(['Малыш Айсулу']);
    const byClassTitle = workbookOf([HEADER, ['Малыш Ернар', '', 'Младшая группа', '', '']]);
    expect((await upload('', byClassTitle, token)).json().created).toBe(1);

    const unknown = await upload('', workbookOf([rows[0]!, ['Малыш', '', 'Звёздочка', '', '']]), token);
    expect(unknown.json()).toEqual(refusal('строка 2: группа «Звёздочка» не найдена; есть: «Младшая группа»'));
    const foreign = await upload(`?classroomId=${(await freshClass()).id}`, filled, token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errorMessage).toBe('Группа не найдена');
  });

  it('gives the super admin the kindergarten template for a kindergarten organization', async () => {
    const kg = (await createOrganization(t.db, { type: 'kindergarten' })).id;
    const header = async (query: string) => {
      const res = await t.call({
        method: 'GET',
        url: `/api/users/template?token=${await linkToken(t.platform, superAdmin)}${query}`,
      });
      const book = XLSX.read(res.rawPayload, { type: 'buffer' });
      return XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: false })[0];
    };
    expect((await header(`&organizationId=${kg}`))![2]).toBe('Группа');
    expect((await header(`&organizationId=${orgId}`))![2]).toBe('Класс');
    expect((await header(''))![2]).toBe('Класс');
  });
});

describe('GET /api/users/template', { timeout: 90_000 }, () => {
  it('downloads an xlsx with the import headers and an example row, the token in the query', async () => {
    const res = await t.call({ method: 'GET', url: `/api/users/template?token=${await linkToken(t.platform, admin)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('attachment');
    // The sheet an import reads has the headers only; the examples are on their own sheet.
    expect(sheetOf(res.rawPayload)).toEqual([TEMPLATE_HEADER]);
    const example = sheetOf(res.rawPayload, 1);
    expect(example[0]).toEqual(TEMPLATE_HEADER);
    expect(example[1]![0]).toBe(I.example.name);
    expect(isValidIin(String(example[1]![1]))).toBe(true);
    expect(example[2]).toEqual([I.example.employee, expect.any(String), '', '', I.example.jobTitle, '', '', '']);
    expect(example.at(-1)).toEqual([IMPORT_MESSAGES.exampleNote(I.templateSheet)]);
    // The class and category cells offer the organization's own in a drop-down, kept on a hidden sheet.
    const book = XLSX.read(res.rawPayload, { type: 'buffer', bookSheets: true });
    expect(book.SheetNames).toEqual([I.templateSheet, IMPORT_MESSAGES.exampleSheet, IMPORT_MESSAGES.listsSheet]);
    const lists = sheetOf(res.rawPayload, 2);
    expect(lists[0]).toEqual(['Класс', 'Категория питания']);
    const classes = lists
      .slice(1)
      .map((r) => r[0])
      .filter(Boolean);
    expect(classes).toContain('9 «Б»');
    const lists2 = await dropDowns(res.rawPayload);
    expect(lists2['C5001']).toMatchObject({ type: 'list', formulae: [`'Списки'!$A$2:$A$${classes.length + 1}`] });
    expect(lists2['D2']).toMatchObject({
      type: 'list',
      formulae: [expect.stringMatching(/^'Списки'!\$B\$2:\$B\$\d+$/)],
    });
    expect(lists2['E2']).toBeUndefined();
    // Its class and food category are the organization's own: a file copying the examples imports.
    const res2 = await upload(`?schoolId=${school}`, workbookOf(example.slice(0, 3)));
    expect(res2.json()).toEqual({ imported: 2, created: 2, updated: 0 });
  });

  it('gives a company employees’ columns only, and a social teacher pupils’ columns', async () => {
    const company = (await createOrganization(t.db, { type: 'company' })).id;
    const { token: companyAdmin } = await signedIn(t.platform, { role: 'Admin', organizationId: company });
    expect(sheetOf(await template(companyAdmin))).toEqual([['ФИО', 'ИИН', 'Должность', 'Номер карты']]);
    expect(sheetOf(await template(companyAdmin), 1)[1]).toEqual([
      I.example.employee,
      expect.any(String),
      I.example.companyJobTitle,
      '0004512345',
    ]);
    expect(sheetOf(await template(superAdmin, `&organizationId=${company}`))).toEqual([
      ['ФИО', 'ИИН', 'Должность', 'Номер карты'],
    ]);
    const { token: teacher } = await signedIn(t.platform, { role: 'EducationSocialTeacher', organizationId: orgId });
    expect(sheetOf(await template(teacher))).toEqual([['ФИО', 'ИИН', 'Категория питания', ...WALLET, 'Номер карты']]);
  });

  it('answers 401 without a token and 403 to a cashier', async () => {
    expect((await t.call({ method: 'GET', url: '/api/users/template' })).statusCode).toBe(401);
    const { token } = await signedIn(t.platform, { role: 'EducationCashier', organizationId: orgId });
    expect(
      (await t.call({ method: 'GET', url: `/api/users/template?token=${await linkToken(t.platform, token)}` }))
        .statusCode,
    ).toBe(403);
  });
});
