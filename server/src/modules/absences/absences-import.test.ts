import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import * as XLSX from '@e965/xlsx';
import { makeIin } from '@tamaq/contract/kz-id';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, linkToken, signedIn } from '../../../test/factories.ts';
import { createClassroom, createPupil } from '../../../test/factories-people.ts';
import { auditLog } from '../../platform/db/schema.ts';
import { absences } from '../../platform/db/schema-calendar.ts';
import { workbookOf } from '../../platform/spreadsheet.ts';

/** docs/rules.md "Absences": the e-journal's absences imported from .xlsx, all or nothing. */
let t: TestContext;
let org: number;
let school: number;
let admin: string;
let aigerim: { id: number };
let bolat3: { id: number };
let bolat4: { id: number };
let dana: { id: number };
const AIGERIM_IIN = makeIin('150402', 6, 1);

beforeAll(async () => {
  t = await createTestContext();
  // Wednesday 2 December 2026, in Almaty.
  t.clock.now = new Date('2026-12-02T05:00:00Z');
  org = (await createOrganization(t.db, { type: 'education' })).id;
  school = (await createSchool(t.db, { organizationId: org })).id;
  const third = (await createClassroom(t.db, { organizationId: org, schoolId: school, name: '3 А' })).id;
  const fourth = (await createClassroom(t.db, { organizationId: org, schoolId: school, name: '4 Б' })).id;
  admin = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org })).token;
  const pupil = (name: string, classroomId: number, iin: string | null = null) =>
    createPupil(t.db, { organizationId: org, schoolId: school, classroomId, name, iin });
  aigerim = await pupil('Айгерим Серикова', third, AIGERIM_IIN);
  bolat3 = await pupil('Болат Ахметов', third);
  bolat4 = await pupil('Болат Ахметов', fourth);
  dana = await pupil('Дана Ерланова', fourth);
});
afterAll(() => t.close());

/** A multipart/form-data body with one file, as the browser's upload sends it. */
function fileForm(data: Buffer) {
  const boundary = `----tamaq${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="journal.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const upload = (rows: (string | number)[][], token = admin, schoolId = school) =>
  t.call({ method: 'POST', url: `/api/absences/upload?schoolId=${schoolId}`, token, ...fileForm(workbookOf(rows)) });
const marks = async () =>
  (await t.db.select().from(absences).where(eq(absences.schoolId, school)))
    .map((a) => [a.userId, a.date])
    .sort((a, b) => String(a).localeCompare(String(b)));

describe('POST /api/absences/upload', () => {
  it('marks each row’s pupil away on its day: by IIN, by name, by name and class; a mark already there is skipped', async () => {
    await t.db.insert(absences).values({ organizationId: org, schoolId: school, userId: dana.id, date: '2026-12-03' });
    const res = await upload([
      ['ФИО', 'ИИН', 'Класс', 'Дата'],
      ['', AIGERIM_IIN, '', '03.12.2026'],
      ['болат  ахметов', '', '4 б', '2026-12-04'],
      ['Дана Ерланова', '', '', '3.12.2026'],
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      imported: 2,
      created: 2,
      updated: 0,
      skipped: ['строка 4: уже отмечен(а) отсутствующим в этот день'],
    });
    expect(await marks()).toEqual(
      [
        [aigerim.id, '2026-12-03'],
        [bolat4.id, '2026-12-04'],
        [dana.id, '2026-12-03'],
      ].sort((a, b) => String(a).localeCompare(String(b))),
    );
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'absences_import'), eq(auditLog.entityId, String(school))));
    expect(row!.after).toMatchObject({ added: 2 });
  });

  it('refuses the whole file, row by row: a holiday, too far ahead, an unknown or ambiguous pupil, a bad date, a repeat', async () => {
    const before = await marks();
    const res = await upload([
      ['ФИО', 'Класс', 'Дата'],
      ['Айгерим Серикова', '', '16.12.2026'],
      ['Айгерим Серикова', '', '25.12.2026'],
      ['Асан Нетов', '', '07.12.2026'],
      ['Болат Ахметов', '', '07.12.2026'],
      ['Болат Ахметов', '3 А', '31.11.2026'],
      ['', '', '07.12.2026'],
      ['Болат Ахметов', '3 А', '08.12.2026'],
      ['Болат Ахметов', '3 А', '08.12.2026'],
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors).toEqual({
      file: [
        'строка 2: 16.12.2026 школа не работает (праздник, выходной или каникулы)',
        'строка 3: 25.12.2026: отметить можно до 14 дней вперёд',
        'строка 4: такого ученика в школе нет',
        'строка 5: в школе несколько учеников с таким ФИО: укажите ИИН или класс',
        'строка 6: дата не в виде ДД.ММ.ГГГГ',
        'строка 7: укажите ФИО или ИИН ученика',
        'строка 9: тот же ученик и день, что в строке 8',
      ],
    });
    expect(await marks()).toEqual(before);
    expect(bolat3.id).toBeGreaterThan(0);
  });

  it('checks a journal without writing, loads its valid rows on rows=valid, and gives the bad ones back with their reasons', async () => {
    const before = await marks();
    const rows = [
      ['ФИО', 'Класс', 'Дата'],
      ['Айгерим Серикова', '', '07.12.2026'],
      ['Асан Нетов', '', '07.12.2026'],
      ['Дана Ерланова', '', '16.12.2026'],
      ['Болат Ахметов', '3 А', '07.12.2026'],
    ];
    const send = (query: string, token = admin, schoolId = school) =>
      t.call({
        method: 'POST',
        url: `/api/absences/upload?schoolId=${schoolId}&${query}`,
        token,
        ...fileForm(workbookOf(rows)),
      });
    const reasons = [
      'строка 3: такого ученика в школе нет',
      'строка 4: 16.12.2026 школа не работает (праздник, выходной или каникулы)',
    ];
    const check = await send('mode=check');
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toEqual({ imported: 2, created: 2, updated: 0, rejected_rows: 2, rejected: reasons });
    expect(await marks()).toEqual(before);
    const valid = await send('rows=valid');
    expect(valid.json()).toEqual({ imported: 2, created: 2, updated: 0, rejected_rows: 2, skipped: reasons });
    expect(await marks()).toEqual(
      [...before, [aigerim.id, '2026-12-07'], [bolat3.id, '2026-12-07']].sort((a, b) =>
        String(a).localeCompare(String(b)),
      ),
    );
    const rejected = await t.call({
      method: 'POST',
      url: `/api/absences/upload/rejected?schoolId=${school}`,
      token: admin,
      ...fileForm(workbookOf(rows)),
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const book = XLSX.read(rejected.rawPayload, { type: 'buffer' });
    expect(XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: false })).toEqual([
      ['ФИО', 'Класс', 'Дата', 'Ошибка'],
      ['Асан Нетов', '', '07.12.2026', 'такого ученика в школе нет'],
      ['Дана Ерланова', '', '16.12.2026', '16.12.2026 школа не работает (праздник, выходной или каникулы)'],
    ]);
    const bad = await send('rows=some');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().validationErrors)).toEqual(['rows']);
    const cashier = (await signedIn(t.platform, { role: 'EducationCashier', organizationId: org })).token;
    expect((await send('mode=check', cashier)).statusCode).toBe(403);
    const other = (await createSchool(t.db, { organizationId: (await createOrganization(t.db)).id })).id;
    expect((await send('mode=check', admin, other)).statusCode).toBe(404);
  });

  it('refuses a file without the date column, another organization’s school (404) and a role without the screen (403)', async () => {
    const noDate = await upload([['ФИО'], ['Дана Ерланова']]);
    expect(noDate.statusCode).toBe(422);
    expect(noDate.json().validationErrors.file).toEqual(['В файле нет столбца «Дата»']);
    const other = (await createSchool(t.db, { organizationId: (await createOrganization(t.db)).id })).id;
    expect(
      (
        await upload(
          [
            ['ФИО', 'Дата'],
            ['Дана Ерланова', '03.12.2026'],
          ],
          admin,
          other,
        )
      ).statusCode,
    ).toBe(404);
    const cashier = (await signedIn(t.platform, { role: 'EducationCashier', organizationId: org })).token;
    expect(
      (
        await upload(
          [
            ['ФИО', 'Дата'],
            ['Дана Ерланова', '03.12.2026'],
          ],
          cashier,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/absences/template', () => {
  it('gives the columns the import reads, by a download link', async () => {
    const token = await linkToken(t.platform, admin);
    const res = await t.call({ method: 'GET', url: `/api/absences/template?token=${token}` });
    expect(res.statusCode).toBe(200);
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]).toEqual(['ФИО', 'ИИН', 'Класс', 'Дата']);
  });
});
