import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test-app.ts';
import { createOrganization, createSchool, createUser, linkToken, signedIn } from './factories.ts';
import { createClassroom } from './factories-people.ts';

/** What a person reads outside the screens, in Kazakh: workbooks and e-mails. */
let t: TestContext;
let admin: string;
let school: number;
beforeAll(async () => {
  t = await createTestContext();
  const org = await createOrganization(t.db, { type: 'education', modules: ['library'] });
  school = (await createSchool(t.db, { organizationId: org.id, name: 'Мектеп №5' })).id;
  await createClassroom(t.db, { organizationId: org.id, schoolId: school, name: '3 Ә' });
  admin = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org.id })).token;
});
afterAll(() => t.close());

/** Every sheet of a workbook: its name and its rows as text. */
const sheets = (body: Buffer) => {
  const book = XLSX.read(body, { type: 'buffer' });
  return book.SheetNames.map((name) => ({
    name,
    rows: XLSX.utils.sheet_to_json<string[]>(book.Sheets[name]!, { header: 1, raw: false }),
  }));
};
const download = async (path: string, lang?: string) => {
  const query = `token=${await linkToken(t.platform, admin)}${lang ? `&lang=${lang}` : ''}`;
  return t.call({ method: 'GET', url: `${path}${path.includes('?') ? '&' : '?'}${query}` });
};
const fileName = (res: { headers: Record<string, unknown> }) =>
  decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(String(res.headers['content-disposition']))![1]!);

describe('workbooks in the language of the link', () => {
  it('gives the people template in Kazakh with lang=kk: its sheets, headings, examples and note', async () => {
    const res = await download('/api/users/template', 'kk');
    expect(res.statusCode).toBe(200);
    expect(fileName(res)).toBe('Пайдаланушыларды импорттау үлгісі.xlsx');
    const [read, example] = sheets(res.rawPayload);
    expect(read!.name).toBe('Пайдаланушылар');
    expect(read!.rows[0]).toEqual([
      'Аты-жөні',
      'ЖСН',
      'Сынып',
      'Тамақтану санаты',
      'Лауазымы',
      'Әлеуметтік әмиян басталуы',
      'Әлеуметтік әмиян аяқталуы',
      'Карта нөмірі',
    ]);
    expect(example!.name).toBe('Үлгі');
    expect(example!.rows[1]![0]).toBe('Серікбаев Асқар Маратұлы');
    // The organization's own class stays as it is named.
    expect(example!.rows[1]![2]).toBe('3 Ә');
    expect(example!.rows.at(-1)![0]).toContain('«Пайдаланушылар» парағын толтырып');
  });

  it('keeps the Russian template when no language is asked, as the spec client gets it', async () => {
    const res = await download('/api/users/template');
    expect(fileName(res)).toBe('Шаблон импорта пользователей.xlsx');
    expect(sheets(res.rawPayload)[0]!.rows[0]).toEqual([
      'ФИО',
      'ИИН',
      'Класс',
      'Категория питания',
      'Должность',
      'Соцкошелёк с',
      'Соцкошелёк по',
      'Номер карты',
    ]);
  });

  it('gives the classes of a school and a report of its visits with Kazakh headings', async () => {
    const classes = await download(`/api/classrooms/download?schoolId=${school}`, 'kk');
    expect(classes.statusCode).toBe(200);
    expect(fileName(classes)).toBe('Сыныптар Мектеп №5.xlsx');
    const [sheet] = sheets(classes.rawPayload);
    expect(sheet!.name).toBe('Сыныптар');
    expect(sheet!.rows[0]).toEqual(['Сынып орысша', 'Сынып қазақша', 'Ауысым', 'Оқушылар', 'Құрылған']);

    const report = await download(
      `/api/report/school/fixations?canteenId=${school}&dateFrom=2026-11-02&dateTo=2026-11-06&export=1`,
      'kk',
    );
    expect(report.statusCode).toBe(200);
    expect(fileName(report)).toMatch(/^Мектеп бойынша есеп Мектеп №5 /);
    const [grid] = sheets(report.rawPayload);
    expect(grid!.name).toBe('Мектеп бойынша есеп');
    expect(grid!.rows[0]![0]).toBe('Тіркеулер бойынша есеп: Мектеп №5, 02.11.2026–06.11.2026');
    expect(grid!.rows.flat()).toContain('Аты-жөні');
    expect(grid!.rows[1]).toEqual(['Санаттар: барлығы']);
    expect(grid!.rows.flat()).toContain('Жиыны');
  });

  it('gives the book template in Kazakh', async () => {
    const res = await download('/api/books/template', 'kk');
    expect(res.statusCode).toBe(200);
    const [read, example] = sheets(res.rawPayload);
    expect(read!.name).toBe('Кітаптар');
    expect(read!.rows[0]!.slice(0, 4)).toEqual(['Атауы', 'Авторлар', 'Баспа', 'Басылған жылы']);
    expect(example!.rows[2]![0]).toBe('Абай жолы');
  });
});

describe('e-mails in the language of the person', () => {
  it('mails a recovery code in Kazakh to a person who asked in Kazakh', async () => {
    await createUser(t.db, { email: 'kk.recovery@test.kz' });
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/password/recovery',
      payload: { email: 'kk.recovery@test.kz' },
      headers: { 'accept-language': 'kk' },
    });
    expect(res.statusCode).toBe(200);
    const mail = await t.smtp.lastTo('kk.recovery@test.kz');
    expect(mail.subject).toBe('Tamaq жүйесінде құпиясөзді қалпына келтіру');
    expect(mail.text).toMatch(/қалпына келтіру коды: \d{6}\. Код 15 минут бойы жарамды\./);
  });
});
