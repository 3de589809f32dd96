import * as XLSX from '@e965/xlsx';
import { makeIin } from '@tamaq/contract/kz-id';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, createUser, linkToken, signedIn } from '../../../test/factories.ts';
import { createCard, createClassroom, createFoodCategory, createPupil } from '../../../test/factories-people.ts';

let t: TestContext;
let orgId: number;
let school: number;
let school2: number;
let class1: number;
let class10: number;
let otherClass: number;
const tokens = {} as Record<'admin' | 'locked2' | 'social' | 'cashier' | 'kindergarten', string>;

beforeAll(async () => {
  t = await createTestContext();
  orgId = (await createOrganization(t.db)).id;
  school = (await createSchool(t.db, { organizationId: orgId, name: 'Гимназия «Болашак»' })).id;
  school2 = (await createSchool(t.db, { organizationId: orgId })).id;
  class1 = (await createClassroom(t.db, { organizationId: orgId, schoolId: school, name: '2 А' })).id;
  class10 = (await createClassroom(t.db, { organizationId: orgId, schoolId: school, name: '10 А' })).id;
  const sw = (await createFoodCategory(t.db, { organizationId: orgId, name: 'Соцкошелёк', type: 'sw' })).id;
  const at = { organizationId: orgId, schoolId: school };
  const bolat = await createPupil(t.db, {
    ...at,
    classroomId: class1,
    name: 'Ким Болат',
    iin: makeIin('150101', 5, 11),
  });
  await createCard(t.db, { organizationId: orgId, userId: bolat.id, number: 'CARD-BOLAT' });
  await createPupil(t.db, { ...at, classroomId: class10, name: 'Абенова Дана', iin: null, foodCategoryId: sw });
  await createPupil(t.db, { ...at, classroomId: class1, name: 'Алиев Арман', iin: null });
  // Staff of the school are not pupils.
  await createUser(t.db, { organizationId: orgId, schoolId: school, name: 'Учитель Школы', email: null });
  const otherOrg = (await createOrganization(t.db)).id;
  const other = await createSchool(t.db, { organizationId: otherOrg });
  otherClass = (await createClassroom(t.db, { organizationId: otherOrg, schoolId: other.id })).id;

  tokens.admin = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId })).token;
  tokens.locked2 = (
    await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId, schoolId: school2 })
  ).token;
  tokens.social = (await signedIn(t.platform, { role: 'EducationSocialTeacher', organizationId: orgId })).token;
  tokens.cashier = (await signedIn(t.platform, { role: 'EducationCashier', organizationId: orgId })).token;
  const kg = (await createOrganization(t.db, { type: 'kindergarten' })).id;
  tokens.kindergarten = (await signedIn(t.platform, { role: 'EducationKindergartenAdmin', organizationId: kg })).token;
});
afterAll(() => t.close());

const download = async (query: string, token: string) =>
  t.call({
    method: 'GET',
    url: `/api/users/export?${query}&token=${encodeURIComponent(await linkToken(t.platform, token))}`,
  });
const sheetOf = (body: Buffer) => {
  const book = XLSX.read(body, { type: 'buffer' });
  return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: false });
};

describe('GET /api/users/export', () => {
  it('gives a school’s pupils by class in number order and name, with IIN, category and cards', async () => {
    const res = await download(`schoolId=${school}`, tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('Ученики Гимназия «Болашак».xlsx');
    const rows = sheetOf(res.rawPayload);
    expect(rows[0]).toEqual(['Ученики: Гимназия «Болашак»']);
    expect(String(rows[1]![0])).toMatch(/^На \d\d\.\d\d\.\d{4}$/);
    expect(rows.slice(3)).toEqual([
      ['№', 'ФИО', 'ИИН', 'Школа', 'Класс', 'Категория питания', 'Карты'],
      ['1', 'Алиев Арман', undefined, 'Гимназия «Болашак»', '2 А'],
      ['2', 'Ким Болат', makeIin('150101', 5, 11), 'Гимназия «Болашак»', '2 А', undefined, 'CARD-BOLAT'],
      ['3', 'Абенова Дана', undefined, 'Гимназия «Болашак»', '10 А', 'Соцкошелёк'],
    ]);
  });

  it('names the school, the classes and the categories in a Kazakh reader’s language', async () => {
    const org = (await createOrganization(t.db)).id;
    const kzSchool = await createSchool(t.db, { organizationId: org, name: 'Школа-лицей', nameKk: 'Мектеп-лицей' });
    const group = await createClassroom(t.db, {
      organizationId: org,
      schoolId: kzSchool.id,
      name: '1 Солнышко',
      nameKk: '1 Күншуақ',
    });
    const sw = await createFoodCategory(t.db, {
      organizationId: org,
      name: 'Соцкошелёк',
      nameKk: 'Әлеуметтік әмиян',
      type: 'sw',
    });
    await createPupil(t.db, {
      organizationId: org,
      schoolId: kzSchool.id,
      classroomId: group.id,
      name: 'Ким Болат',
      iin: null,
      foodCategoryId: sw.id,
    });
    const { token } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org });
    const res = await download(`classroomId=${group.id}&lang=kk`, token);
    expect(res.statusCode).toBe(200);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('Мектеп-лицей 1 Күншуақ');
    const rows = sheetOf(res.rawPayload);
    expect(String(rows[0]![0])).toContain('Мектеп-лицей');
    expect(rows[4]!.slice(1, 6)).toEqual(['Ким Болат', undefined, 'Мектеп-лицей', '1 Күншуақ', 'Әлеуметтік әмиян']);
    // The Russian reader's the same file in Russian.
    const ru = sheetOf((await download(`classroomId=${group.id}`, token)).rawPayload);
    expect(ru[4]!.slice(3, 6)).toEqual(['Школа-лицей', '1 Солнышко', 'Соцкошелёк']);
  });

  it('gives one class’s pupils, and to a social teacher too', async () => {
    for (const token of [tokens.admin, tokens.social]) {
      const rows = sheetOf((await download(`classroomId=${class10}`, token)).rawPayload);
      expect(rows[0]).toEqual(['Ученики: Гимназия «Болашак», класс 10 А']);
      expect(rows.slice(4).map((r) => r[1])).toEqual(['Абенова Дана']);
    }
  });

  it('asks for a school, and answers 404 outside the caller’s organization or school', async () => {
    const none = await download('', tokens.admin);
    expect(none.statusCode).toBe(422);
    expect(none.json().validationErrors.schoolId).toEqual(['Выберите школу или класс']);
    expect((await download(`classroomId=${otherClass}`, tokens.admin)).statusCode).toBe(404);
    expect((await download(`schoolId=${school}`, tokens.locked2)).statusCode).toBe(404);
    expect((await download(`classroomId=${class1}`, tokens.locked2)).statusCode).toBe(404);
    expect((await download(`schoolId=${school}`, tokens.kindergarten)).statusCode).toBe(404);
    // A locked user's own school needs no choosing.
    const own = await download('', tokens.locked2);
    expect(own.statusCode).toBe(200);
    expect(sheetOf(own.rawPayload).slice(4)).toEqual([]);
    expect((await download('schoolId=abc', tokens.admin)).statusCode).toBe(422);
  });

  it('answers 401 without a token and 403 to a cashier', async () => {
    expect((await t.call({ method: 'GET', url: `/api/users/export?schoolId=${school}` })).statusCode).toBe(401);
    expect((await download(`schoolId=${school}`, tokens.cashier)).statusCode).toBe(403);
  });
});
