import * as XLSX from '@e965/xlsx';
import { and, between, eq, sql } from 'drizzle-orm';
import { CategoryReport, FixationReport } from '@tamaq/contract/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createUser, signedIn } from '../../../test/factories.ts';
import { createCanteen, createCard, createFixationCategory, createWatch } from '../../../test/factories-people.ts';
import { visits } from '../../platform/db/schema-people.ts';

/** docs/product.md "Reports": the canteen's fixation report, exact, and its workbook. */
let t: TestContext;
let company: { id: number };
let canteen: { id: number; name: string };
let otherCanteen: { id: number };
let breakfast: { id: number };
let lunch: { id: number };
let late: { id: number };
let foreignCategory: { id: number };
let admin: string;
let economist: string;
let ann: { id: number };
let bek: { id: number };
let card: { number: string };

beforeAll(async () => {
  t = await createTestContext();
  company = await createOrganization(t.db, { type: 'company' });
  canteen = await createCanteen(t.db, { organizationId: company.id, name: 'Столовая «Юг»' });
  otherCanteen = await createCanteen(t.db, { organizationId: company.id, name: 'Столовая «Север»' });
  breakfast = await createFixationCategory(t.db, {
    organizationId: company.id,
    name: 'Завтрак',
    position: 1,
    timeStart: '08:00',
    timeFinish: '10:00',
  });
  lunch = await createFixationCategory(t.db, {
    organizationId: company.id,
    name: 'Обед',
    position: 2,
    timeStart: '12:00',
    timeFinish: '15:00',
  });
  late = await createFixationCategory(t.db, {
    organizationId: company.id,
    name: 'Поздний ужин',
    position: 3,
    timeStart: '23:00',
    timeFinish: '23:59',
  });
  admin = (await signedIn(t.platform, { role: 'Admin', organizationId: company.id })).token;
  economist = (await signedIn(t.platform, { role: 'Economist', organizationId: company.id })).token;
  const watch = await createWatch(t.db, { organizationId: company.id, name: 'Смена А', days: [1, 2, 3, 30] });
  ann = await createUser(t.db, {
    role: undefined as never,
    roleId: null,
    organizationId: company.id,
    name: 'Анна Ким',
  });
  bek = await createUser(t.db, {
    role: undefined as never,
    roleId: null,
    organizationId: company.id,
    name: 'Бек Ахметов',
    watchId: watch.id,
  });
  card = await createCard(t.db, { organizationId: company.id, userId: bek.id, number: 'BEK-0001', endlessUse: true });
  const stranger = await createOrganization(t.db, { type: 'company' });
  foreignCategory = await createFixationCategory(t.db, { organizationId: stranger.id, name: 'Чужой обед' });
  const visit = (userId: number, categoryId: number, visitDate: string, count = 1, canteenId = canteen.id) => ({
    organizationId: company.id,
    canteenId,
    userId,
    fixationCategoryId: categoryId,
    visitDate,
    count,
    oneTime: false,
    createdAt: new Date(`${visitDate}T07:00:00Z`),
  });
  await t.db.insert(visits).values([
    visit(ann.id, breakfast.id, '2026-11-02'),
    visit(ann.id, lunch.id, '2026-11-02'),
    visit(ann.id, lunch.id, '2026-11-04'),
    visit(bek.id, lunch.id, '2026-11-02', 3),
    visit(bek.id, lunch.id, '2026-11-02'),
    visit(bek.id, lunch.id, '2026-11-03'),
    // Outside the report: the day before, the day after, another canteen.
    visit(ann.id, lunch.id, '2026-11-01'),
    visit(ann.id, lunch.id, '2026-11-05'),
    visit(bek.id, lunch.id, '2026-11-03', 1, otherCanteen.id),
  ]);
});
afterAll(() => t.close());

const report = (query: string, token = admin) =>
  t.call({ method: 'GET', url: `/api/report/fixations?${query}`, token });
const period = (from: string, to: string) => `canteenId=${canteen.id}&dateFrom=${from}&dateTo=${to}`;

/** The portions of the same visits counted plainly in SQL. */
async function plainSum(from: string, to: string, categoryId?: number) {
  const [row] = await t.db
    .select({ n: sql<number>`coalesce(sum(${visits.count}), 0)`.mapWith(Number) })
    .from(visits)
    .where(
      and(
        eq(visits.canteenId, canteen.id),
        between(visits.visitDate, from, to),
        categoryId ? eq(visits.fixationCategoryId, categoryId) : undefined,
      ),
    );
  return row!.n;
}

describe('GET /api/report/fixations', () => {
  it('answers a row per person and meal time by day, every day a column, totals that add up', async () => {
    const res = await report(period('2026-11-02', '2026-11-04'));
    expect(res.statusCode).toBe(200);
    const body = FixationReport.strict().parse(res.json());
    expect(body.days.map((d) => [d.date, d.name, d.total])).toEqual([
      ['2026-11-02', '02.11', 6],
      ['2026-11-03', '03.11', 1],
      ['2026-11-04', '04.11', 1],
    ]);
    expect(body.users.map((u) => [u.name, u.categoryName, u.total, u.paymentCard, u.watchName])).toEqual([
      ['Анна Ким', 'Завтрак', 1, null, null],
      ['Анна Ким', 'Обед', 2, null, null],
      ['Бек Ахметов', 'Обед', 5, 'BEK-0001', 'Смена А'],
    ]);
    const bekLunch = `${bek.id}_${lunch.id}`;
    expect(body.days[0]!.rows[bekLunch]).toBe(4);
    expect(body.days[1]!.rows).toEqual({ [bekLunch]: 1 });
    // Rows, columns and the grand total are sums of the same cells, and of the same visits in SQL.
    const cells = body.days.flatMap((d) => Object.values(d.rows));
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(sum(body.users.map((u) => u.total))).toBe(body.total);
    expect(sum(body.days.map((d) => d.total))).toBe(body.total);
    expect(sum(cells)).toBe(body.total);
    expect(body.total).toBe(await plainSum('2026-11-02', '2026-11-04'));
  });

  it('keeps to the meal times asked for, in any of the ways a client lists them', async () => {
    for (const ids of [`categoriesIds=${lunch.id}`, `categoriesIds[]=${lunch.id}`, `categoriesIds=${lunch.id},`]) {
      const body = (await report(`${period('2026-11-01', '2026-11-30')}&${ids}`)).json();
      expect(body.users.map((u: { categoryName: string }) => u.categoryName)).toEqual(['Обед', 'Обед']);
      expect(body.total).toBe(await plainSum('2026-11-01', '2026-11-30', lunch.id));
      expect(body.days).toHaveLength(30);
    }
    const both = await report(
      `${period('2026-11-01', '2026-11-30')}&categoriesIds=${lunch.id}&categoriesIds=${breakfast.id}`,
    );
    expect(both.json().total).toBe(await plainSum('2026-11-01', '2026-11-30'));
  });

  it('counts a visit at 23:30 local on the last day in the period, and not in the next one', async () => {
    t.clock.now = new Date('2026-11-30T18:30:00Z'); // 23:30 in Almaty (UTC+5)
    try {
      const scan = await t.call({
        method: 'POST',
        url: '/api/fixation',
        token: admin,
        payload: { cardId: card.number, canteenId: canteen.id, fixationCategoryId: late.id },
      });
      expect(scan.statusCode).toBe(200);
    } finally {
      t.clock.now = new Date();
    }
    const november = (await report(`${period('2026-11-30', '2026-11-30')}&categoriesIds=${late.id}`)).json();
    expect(november.total).toBe(1);
    expect(november.users[0]).toMatchObject({ name: 'Бек Ахметов', categoryName: 'Поздний ужин', total: 1 });
    const december = (await report(`${period('2026-12-01', '2026-12-01')}&categoriesIds=${late.id}`)).json();
    expect(december.total).toBe(0);
  });

  it('is the economist’s too, and the economist may read the canteens and meal times to choose from', async () => {
    const res = await report(period('2026-11-02', '2026-11-04'), economist);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(8);
    const canteens = await t.call({ method: 'GET', url: '/api/canteens?limit=100', token: economist });
    expect(canteens.statusCode).toBe(200);
    expect(canteens.json().rows.map((c: { name: string }) => c.name)).toContain('Столовая «Юг»');
    const categories = await t.call({ method: 'GET', url: '/api/fixation/categories', token: economist });
    expect(categories.statusCode).toBe(200);
    expect(categories.json().rows.map((c: { name: string }) => c.name)).toContain('Обед');
    // Reading is all: the economist still may not change them.
    const write = await t.call({
      method: 'POST',
      url: '/api/canteen',
      token: economist,
      payload: { name: 'Новая' },
    });
    expect(write.statusCode).toBe(403);
  });

  it('refuses bad filters with 422 and the field, never a 500', async () => {
    const cases: [string, string][] = [
      ['', 'canteenId'],
      [`canteenId=${canteen.id}&dateTo=2026-11-04`, 'dateFrom'],
      [`canteenId=${canteen.id}&dateFrom=2026-11-04`, 'dateTo'],
      [period('2026-11-04', '2026-11-02'), 'dateTo'],
      [period('2025-11-01', '2026-11-30'), 'dateTo'],
      [period('2026-02-30', '2026-03-02'), 'dateFrom'],
      [`${period('2026-11-01', '2026-11-02')}&categoriesIds=abc`, 'categoriesIds.0'],
      [`canteenId=x&dateFrom=2026-11-01&dateTo=2026-11-02`, 'canteenId'],
    ];
    for (const [query, field] of cases) {
      const res = await report(query);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().validationErrors), query).toContain(field);
    }
  });

  it('answers 404 for another organization’s canteen or meal time, and 403 to other roles', async () => {
    const stranger = await createOrganization(t.db, { type: 'company' });
    const theirs = await createCanteen(t.db, { organizationId: stranger.id });
    const foreign = await report(`canteenId=${theirs.id}&dateFrom=2026-11-01&dateTo=2026-11-02`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errorMessage).toBe('Столовая не найдена');
    const category = await report(`${period('2026-11-01', '2026-11-02')}&categoriesIds=${foreignCategory.id}`);
    expect(category.statusCode).toBe(404);
    for (const role of ['Cashier', 'EducationAdmin', 'EducationObserver'] as const) {
      const token = (await signedIn(t.platform, { role, organizationId: company.id })).token;
      expect((await report(period('2026-11-01', '2026-11-02'), token)).statusCode, role).toBe(403);
    }
    expect(
      (await t.call({ method: 'GET', url: `/api/report/fixations?${period('2026-11-01', '2026-11-02')}` })).statusCode,
    ).toBe(401);
  });

  it('downloads the same rows and totals as .xlsx by a link carrying the token, filters in its heading', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/report/fixations?${period('2026-11-02', '2026-11-04')}&export=1&token=${admin}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(
      'Отчёт по фиксациям Столовая «Юг» 02.11.2026–04.11.2026.xlsx',
    );
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets[book.SheetNames[0]!]!, {
      header: 1,
      blankrows: false,
    });
    expect(rows[0]).toEqual(['Отчёт по фиксациям: Столовая «Юг», 02.11.2026–04.11.2026']);
    expect(rows[1]).toEqual(['Категории: все']);
    expect(rows[2]).toEqual(['№', 'ФИО', 'Класс', 'Категория', 'Карта', 'График', '02.11', '03.11', '04.11', 'Итого']);
    expect(rows[5]).toEqual([3, 'Бек Ахметов', undefined, 'Обед', 'BEK-0001', 'Смена А', 4, 1, undefined, 5]);
    expect(rows[6]).toEqual(['Итого', undefined, undefined, undefined, undefined, undefined, 6, 1, 1, 8]);
  });
});

describe('GET /api/report/category/fixations', () => {
  const byCategory = (query: string, token = admin) =>
    t.call({ method: 'GET', url: `/api/report/category/fixations?${query}`, token });

  it('answers a row per meal time by day, in the meal times’ order, totals that add up', async () => {
    const res = await byCategory(period('2026-11-02', '2026-11-04'), economist);
    expect(res.statusCode).toBe(200);
    const body = CategoryReport.strict().parse(res.json());
    expect(body.categories.map((c) => [c.categoryName, c.total, c.classroomId])).toEqual([
      ['Завтрак', 1, null],
      ['Обед', 7, null],
    ]);
    expect(body.days.map((d) => d.rows)).toEqual([
      { [`0_${breakfast.id}`]: 1, [`0_${lunch.id}`]: 5 },
      { [`0_${lunch.id}`]: 1 },
      { [`0_${lunch.id}`]: 1 },
    ]);
    expect(body.total).toBe(await plainSum('2026-11-02', '2026-11-04'));
    expect(body.days.reduce((n, d) => n + d.total, 0)).toBe(body.total);
    const lunchOnly = (await byCategory(`${period('2026-11-02', '2026-11-04')}&categoriesIds=${lunch.id}`)).json();
    expect(lunchOnly.total).toBe(await plainSum('2026-11-02', '2026-11-04', lunch.id));
  });

  it('downloads the same as .xlsx; refuses bad filters, other roles and another organization’s canteen', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/report/category/fixations?${period('2026-11-02', '2026-11-04')}&export=true&token=${economist}`,
    });
    expect(res.statusCode).toBe(200);
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets[book.SheetNames[0]!]!, {
      header: 1,
      blankrows: false,
    });
    expect(rows[0]).toEqual(['Отчёт по категориям: Столовая «Юг», 02.11.2026–04.11.2026']);
    expect(rows.slice(2)).toEqual([
      ['Категория', '02.11', '03.11', '04.11', 'Итого'],
      ['Завтрак', 1, undefined, undefined, 1],
      ['Обед', 5, 1, 1, 7],
      ['Итого', 6, 1, 1, 8],
    ]);
    expect((await byCategory(period('2026-11-04', '2026-11-02'))).statusCode).toBe(422);
    const cashier = (await signedIn(t.platform, { role: 'Cashier', organizationId: company.id })).token;
    expect((await byCategory(period('2026-11-02', '2026-11-04'), cashier)).statusCode).toBe(403);
    const stranger = await createOrganization(t.db, { type: 'company' });
    const theirs = await createCanteen(t.db, { organizationId: stranger.id });
    expect((await byCategory(`canteenId=${theirs.id}&dateFrom=2026-11-01&dateTo=2026-11-02`)).statusCode).toBe(404);
  });
});
