import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test-app.ts';
import { createOrganization, createSchool, linkToken, signedIn } from './factories.ts';
import { createClassroom, createPupil } from './factories-people.ts';

/**
 * Lists in the reader's alphabet: a Kazakh reader sees Kazakh alphabetical order (ә after а, ғ after
 * г, қ after к, ө after о, ұ ү after у, і after ы as in the official alphabet), a Russian reader
 * Russian order; numbers in names by value. The database's lists and the server's own sorting (the
 * export) agree.
 */
let t: TestContext;
let admin: string;
let school: { id: number };

const NAMES = [
  'Іле',
  'Ыбырай',
  'Иван',
  'Әлия',
  'Ахмет',
  'Қанат',
  'Кира',
  'Өмір',
  'Оля',
  'Ұлан',
  'Улан',
  'Ғалым',
  'Гүл',
];
const KAZAKH = [
  'Ахмет',
  'Әлия',
  'Гүл',
  'Ғалым',
  'Иван',
  'Кира',
  'Қанат',
  'Оля',
  'Өмір',
  'Улан',
  'Ұлан',
  'Ыбырай',
  'Іле',
];

beforeAll(async () => {
  t = await createTestContext();
  const org = await createOrganization(t.db);
  school = await createSchool(t.db, { organizationId: org.id });
  const one = await createClassroom(t.db, { schoolId: school.id, organizationId: org.id, name: '10 А' });
  for (const name of ['2 Б', 'Әліппе', '2 А', 'Ағылшын', '1 А']) {
    await createClassroom(t.db, { schoolId: school.id, organizationId: org.id, name });
  }
  for (const name of NAMES) {
    await createPupil(t.db, { name, classroomId: one.id, schoolId: school.id, organizationId: org.id });
  }
  admin = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org.id })).token;
});
afterAll(() => t.close());

const list = async (url: string, language?: string) => {
  const res = await t.call({
    method: 'GET',
    url,
    token: admin,
    ...(language ? { headers: { 'accept-language': language } } : {}),
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { rows: { name: string }[] }).rows.map((r) => r.name);
};

const pupils = (names: string[]) => names.filter((n) => NAMES.includes(n));

describe('names in the reader’s alphabet', () => {
  it('lists people in Kazakh order for a Kazakh reader', async () => {
    expect(pupils(await list('/api/users?limit=100', 'kk-KZ,kk;q=0.9'))).toEqual(KAZAKH);
  });

  it('lists them in Russian order otherwise: і and the Kazakh letters beside their Russian neighbours', async () => {
    const russian = pupils(await list('/api/users?limit=100', 'ru'));
    expect(russian).toEqual(pupils(await list('/api/users?limit=100')));
    expect(russian.indexOf('Іле')).toBeLessThan(russian.indexOf('Кира'));
    expect(russian.indexOf('Ыбырай')).toBe(russian.length - 1);
  });

  it('orders classes by their number’s value, then in the reader’s alphabet', async () => {
    expect(await list(`/api/classrooms?schoolId=${school.id}&limit=100`, 'kk')).toEqual([
      '1 А',
      '2 А',
      '2 Б',
      '10 А',
      'Ағылшын',
      'Әліппе',
    ]);
  });

  it('sorts an export in code the same way the database sorts the list', async () => {
    const link = await linkToken(t.platform, admin);
    const res = await t.call({ method: 'GET', url: `/api/users/export?schoolId=${school.id}&lang=kk&token=${link}` });
    expect(res.statusCode).toBe(200);
    const book = XLSX.read(res.rawPayload);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    const names = rows.flat().filter((cell): cell is string => typeof cell === 'string' && NAMES.includes(cell));
    expect(names).toEqual(KAZAKH);
  });
});
