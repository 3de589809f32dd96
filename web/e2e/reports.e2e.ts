import * as XLSX from '@e965/xlsx';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, downloadLink, openBrowser, shot, signIn, signOutHere } from './browser.ts';
import { call, ensureCategoryNow, ENSURE_CATEGORY_TIMEOUT_MS, tokenOf, withCard } from './fixation-helpers.ts';

const SUFFIX = String(Date.now()).slice(-7);
const CANTEEN = `Столовая отчёта ${SUFFIX}`;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let canteenId: number;
let lunchId: number;
/** A day `offset` days from today in the demo organization's zone (Asia/Almaty), as YYYY-MM-DD. */
const day = (offset: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Almaty' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};
const ddmm = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}`;
/** The first sheet of the workbook a download link gives, as rows of cells. */
async function sheetAt(href: string | null): Promise<unknown[][]> {
  const res = await fetch(new URL(href!, baseUrl()));
  expect(res.status).toBe(200);
  const book = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
  return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, blankrows: false });
}

const gridRows = () => page.locator('[data-testid="report-grid"] tbody tr.ant-table-row');

beforeAll(async () => {
  const admin = await tokenOf('admin@demo.kz');
  canteenId = (await call<{ id: number }>(admin, 'POST', '/api/canteen', { name: CANTEEN, address: 'ул. Абая, 1' })).id;
  const categories = await call<{ rows: { id: number; name: string }[] }>(admin, 'GET', '/api/fixation/categories');
  lunchId = categories.rows.find((c) => c.name === 'Обед')!.id;
  const breakfastId = categories.rows.find((c) => c.name === 'Завтрак')!.id;
  const people = [];
  for (const name of [`Аскар Отчётов ${SUFFIX}`, `Бота Отчётова ${SUFFIX}`]) {
    const user = await call<{ id: number }>(admin, 'POST', '/api/user', { name, job_title: 'Инженер' });
    await withCard(admin, user, `RP${SUFFIX}${people.length}`);
    people.push(user.id);
  }
  const [askar, bota] = people as [number, number];
  // Askar: lunch two days ago and yesterday, breakfast two days ago; Bota: lunch two days ago. 4 in all.
  const mark = (date: string, category: number, ids: number[]) =>
    call(admin, 'POST', '/api/fixation/manual', { date, canteen_id: canteenId, category_id: category, users_ids: ids });
  await mark(day(-2), lunchId, [askar, bota]);
  await mark(day(-2), breakfastId, [askar]);
  await mark(day(-1), lunchId, [askar]);
  browser = await openBrowser();
  page = browser.page;
  await signOutHere(page);
});
afterAll(() => browser?.close());

describe('/report/fixations', () => {
  it('lands the economist on the report; the grid adds up by person, day and meal time', async () => {
    await signIn(page, 'economist@demo.kz');
    await page.waitForURL((u) => u.pathname === '/report/fixations');
    await page.getByTestId('canteen-report-page').waitFor();

    await page.goto(`${baseUrl()}/report/fixations?canteenId=${canteenId}&dateFrom=${day(-3)}&dateTo=${day(-1)}`);
    await gridRows().nth(2).waitFor();
    expect(await gridRows().count()).toBe(3);
    const rowTexts = await gridRows().allTextContents();
    expect(rowTexts[0]).toContain(`Аскар Отчётов ${SUFFIX}Завтрак`);
    expect(rowTexts[1]).toContain(`Аскар Отчётов ${SUFFIX}Обед`);
    expect(rowTexts[2]).toContain(`Бота Отчётова ${SUFFIX}Обед`);
    const headers = await page.locator('[data-testid="report-grid"] thead th').allTextContents();
    expect(headers).toEqual(expect.arrayContaining([ddmm(day(-3)), ddmm(day(-2)), ddmm(day(-1)), 'Итого']));
    const totals = page.getByTestId('report-grid-totals');
    // Days: none, 3, 1; grand total 4.
    expect((await totals.locator('td').allTextContents()).slice(-4)).toEqual(['', '3', '1', '4']);
    await shot(page, 'report-canteen');

    // Only lunch: the choice goes to the link, and the grid follows.
    await page.getByTestId('categories-select').click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: /^Обед$/ })
      .click();
    await page.keyboard.press('Escape');
    await page.waitForURL((u) => u.searchParams.get('categoriesIds') === String(lunchId));
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="report-grid"] tbody tr.ant-table-row').length === 2,
    );
    expect((await totals.locator('td').allTextContents()).slice(-1)).toEqual(['3']);
  });

  it('downloads the same rows and totals as .xlsx, and prints the grid with its filters', async () => {
    await page.goto(
      `${baseUrl()}/report/fixations?canteenId=${canteenId}&dateFrom=${day(-3)}&dateTo=${day(-1)}&categoriesIds=${lunchId}`,
    );
    await gridRows().nth(1).waitFor();
    const href = await downloadLink(page.getByTestId('report-download'));
    const res = await fetch(new URL(href!, baseUrl()));
    expect(res.status).toBe(200);
    expect(decodeURIComponent(res.headers.get('content-disposition') ?? '')).toContain(`Отчёт по фиксациям ${CANTEEN}`);
    const book = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, {
      header: 1,
      blankrows: false,
    });
    expect(rows[1]).toEqual(['Категории: Обед']);
    expect(rows[2]).toEqual([
      '№',
      'ФИО',
      'Класс',
      'Категория',
      'Карта',
      'График',
      ddmm(day(-3)),
      ddmm(day(-2)),
      ddmm(day(-1)),
      'Итого',
    ]);
    expect(rows[3]!.slice(1, 2)).toEqual([`Аскар Отчётов ${SUFFIX}`]);
    expect(rows[3]!.at(-1)).toBe(2);
    expect(rows.at(-1)!.at(-1)).toBe(3);

    await page.emulateMedia({ media: 'print' });
    try {
      const printed = page.getByTestId('report-print');
      await printed.waitFor({ state: 'visible' });
      expect(await printed.locator('h1').textContent()).toContain(`Отчёт по фиксациям: ${CANTEEN}`);
      expect(await printed.textContent()).toContain('Категории: Обед');
      expect(await printed.locator('tbody tr').count()).toBe(2);
      expect(await page.getByTestId('canteen-report-page').isVisible()).toBe(false);
      await shot(page, 'report-canteen-print');
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
  });

  it('shows the same canteen by meal time on /report/category/fixations, with its download', async () => {
    await page.goto(
      `${baseUrl()}/report/category/fixations?canteenId=${canteenId}&dateFrom=${day(-3)}&dateTo=${day(-1)}`,
    );
    await gridRows().nth(1).waitFor();
    expect(await gridRows().allTextContents()).toEqual([
      expect.stringMatching(/^Завтрак\s*1\s*1$/),
      expect.stringMatching(/^Обед\s*2\s*1\s*3$/),
    ]);
    const totals = page.getByTestId('report-grid-totals');
    expect((await totals.locator('td').allTextContents()).slice(-4)).toEqual(['', '3', '1', '4']);
    await shot(page, 'report-category');
    const rows = await sheetAt(await downloadLink(page.getByTestId('report-download')));
    expect(rows.at(-1)).toEqual(['Итого', 0, 3, 1, 4]);
  });
});

describe('/report/school/fixations', () => {
  const SCHOOL = `Школа отчёта ${SUFFIX}`;
  let schoolId: number;
  let class10: number;
  let dana: { id: number };
  let erlan: { id: number };

  beforeAll(async () => {
    const admin = await tokenOf('edu.admin@demo.kz');
    schoolId = (
      await call<{ id: number }>(admin, 'POST', '/api/school', {
        region_id: 2,
        name: SCHOOL,
        address: 'ул. Абая, 2',
        city: 'Алматы',
      })
    ).id;
    const class1 = (await call<{ id: number }>(admin, 'POST', '/api/classroom', { schoolId, name: '1 А' })).id;
    class10 = (await call<{ id: number }>(admin, 'POST', '/api/classroom', { schoolId, name: '10 Б' })).id;
    // The social wallet pays a lunch: the demo's first-shift lunch, as its own wallet category.
    const { rows: meals } = await call<{ rows: { id: number; name: string; shift: number | null }[] }>(
      admin,
      'GET',
      '/api/fixation/categories?limit=1000',
    );
    const category = await call<{ id: number }>(admin, 'POST', '/api/food/category', {
      name: `Питание ${SUFFIX}`,
      cost: 700,
      type: 'sw',
      meals: meals.filter((m) => m.name === 'Обед' && m.shift === 1).map((m) => m.id),
    });
    const pupil = (name: string, classroomId: number) =>
      call<{ id: number }>(admin, 'POST', '/api/user', {
        name,
        school_id: schoolId,
        classroom_id: classroomId,
        food_category_id: category.id,
      });
    dana = await pupil(`Дана Отчётная ${SUFFIX}`, class10);
    erlan = await pupil(`Ерлан Отчётный ${SUFFIX}`, class1);
    const mark = (date: string, classroomId: number, ids: number[]) =>
      call(admin, 'POST', '/api/school/fixation/manual', {
        date,
        school_id: schoolId,
        classroom_id: classroomId,
        users_ids: ids,
      });
    await mark(day(-2), class10, [dana.id]);
    await mark(day(-1), class10, [dana.id]);
    await mark(day(-1), class1, [erlan.id]);
  });

  it('shows a school’s pupils by class and day with totals, narrows to a class, and prints', async () => {
    await signOutHere(page);
    await signIn(page, 'edu.admin@demo.kz');
    await page.goto(`${baseUrl()}/report/school/fixations?canteenId=${schoolId}&dateFrom=${day(-2)}&dateTo=${day(-1)}`);
    await gridRows().nth(1).waitFor();
    const rows = await gridRows().allTextContents();
    expect(rows[0]).toContain(`Ерлан Отчётный ${SUFFIX}1 А`);
    expect(rows[1]).toContain(`Дана Отчётная ${SUFFIX}10 Б`);
    const totals = page.getByTestId('report-grid-totals');
    expect((await totals.locator('td').allTextContents()).slice(-3)).toEqual(['1', '2', '3']);
    // «Итого» spans only the frozen columns, so it stays in view when the days scroll sideways.
    const label = totals.locator('td').first();
    expect(await label.textContent()).toBe('Итого');
    expect(await label.getAttribute('class')).toContain('ant-table-cell-fix-start');
    await shot(page, 'report-school');

    await page.getByTestId('classroom-select').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^10 Б$/ })
      .click();
    await page.waitForURL((u) => u.searchParams.get('classroomId') === String(class10));
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="report-grid"] tbody tr.ant-table-row').length === 1,
    );
    expect((await totals.locator('td').allTextContents()).slice(-1)).toEqual(['2']);

    const sheet = await sheetAt(await downloadLink(page.getByTestId('report-download')));
    expect(sheet[1]).toEqual(['Класс: 10 Б']);
    expect(sheet.at(-1)).toEqual(['Итого', undefined, undefined, undefined, undefined, 1, 1, 2]);

    await page.emulateMedia({ media: 'print' });
    try {
      const printed = page.getByTestId('report-print');
      await printed.waitFor({ state: 'visible' });
      expect(await printed.locator('h1').textContent()).toContain(SCHOOL);
      expect(await printed.textContent()).toContain('Класс: 10 Б');
      // The grand total prints once, after the last row, not at the foot of every page.
      expect(await printed.locator('tfoot').evaluate((e) => getComputedStyle(e).display)).toBe('table-row-group');
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
  });

  it('shows the same school by class and food category on /report/school/classroom/fixations', async () => {
    await page.goto(
      `${baseUrl()}/report/school/classroom/fixations?schoolId=${schoolId}&dateFrom=${day(-2)}&dateTo=${day(-1)}`,
    );
    await gridRows().nth(1).waitFor();
    expect(await gridRows().allTextContents()).toEqual([
      expect.stringMatching(new RegExp(`^1 АПитание ${SUFFIX}\\s*1\\s*1$`)),
      expect.stringMatching(new RegExp(`^10 БПитание ${SUFFIX}\\s*1\\s*1\\s*2$`)),
    ]);
    const totals = page.getByTestId('report-grid-totals');
    expect((await totals.locator('td').allTextContents()).slice(-3)).toEqual(['1', '2', '3']);
    await shot(page, 'report-classes');
    const sheet = await sheetAt(await downloadLink(page.getByTestId('report-download')));
    expect(sheet.at(-1)).toEqual(['Итого', undefined, 1, 2, 3]);
  });

  it('reconciles the month’s social wallet: due, served and not, per class and school, the amount, .xlsx and paper', async () => {
    // The pupils joined the wallet today (their category is `sw` since they were made): Dana eats today.
    const admin = await tokenOf('edu.admin@demo.kz');
    const today = day(0);
    await call(admin, 'POST', '/api/school/fixation/manual', {
      date: today,
      school_id: schoolId,
      classroom_id: class10,
      users_ids: [dana.id],
    });
    // Whether the school works today, as its calendar says (a weekend, a holiday, a vacation: no).
    const yearOf = (d: string) => (Number(d.slice(5, 7)) >= 9 ? Number(d.slice(0, 4)) : Number(d.slice(0, 4)) - 1);
    const { days } = await call<{ days: { date: string; kind: string }[] }>(
      admin,
      'GET',
      `/api/calendar?year=${yearOf(today)}&schoolId=${schoolId}`,
    );
    const schoolDay = ['working', 'shortened'].includes(days.find((d) => d.date === today)!.kind);
    await page.goto(`${baseUrl()}/report/school/social-wallet?schoolId=${schoolId}`);
    const page$ = page.getByTestId('wallet-report-page');
    await page$.waitFor();
    expect(await page.getByRole('textbox', { name: 'Месяц' }).inputValue()).toMatch(
      new RegExp(`${today.slice(0, 4)}$`),
    );
    // A month still to come: said so, not «nobody is due a meal».
    const next = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
    next.setUTCMonth(next.getUTCMonth() + 1);
    await page.goto(
      `${baseUrl()}/report/school/social-wallet?schoolId=${schoolId}&month=${next.toISOString().slice(0, 7)}`,
    );
    await page$.getByText(/^Месяц «.+» ещё не начался/).waitFor();
    expect(await page$.getByText('В этом месяце никому в школе не положено питание по соцкошельку').count()).toBe(0);
    expect(await page.getByTestId('report-download').isDisabled()).toBe(true);
    await shot(page, 'report-wallet-future');
    await page.goto(`${baseUrl()}/report/school/social-wallet?schoolId=${schoolId}`);

    const summary = page.getByTestId('wallet-summary');
    await summary.waitFor();
    const values = async () =>
      (await summary.locator('.ant-statistic-content-value').allTextContents()).map((v) => v.replace(/\s/g, ''));
    const lines = page.locator('[data-testid="wallet-grid"] tbody tr.ant-table-row');
    if (!schoolDay) {
      // A weekend: nobody was due a meal yet this month.
      expect(await values()).toEqual(['0', '0', '0', '0,00тг.']);
      return;
    }
    expect(await values()).toEqual(['2', '1', '1', '700,00тг.']);
    expect(await lines.allTextContents()).toEqual([
      expect.stringMatching(new RegExp(`^1Ерлан Отчётный ${SUFFIX}1 А−100,00$`)),
      expect.stringMatching(/^Итого 1 А0\/1100,00$/),
      expect.stringMatching(new RegExp(`^2Дана Отчётная ${SUFFIX}10 Б\\+11700,00$`)),
      expect.stringMatching(/^Итого 10 Б1\/111700,00$/),
    ]);
    await shot(page, 'report-wallet');

    const sheet = await sheetAt(await downloadLink(page.getByTestId('report-download')));
    expect(sheet[0]).toEqual([expect.stringContaining(`Сверка социального кошелька: ${SCHOOL}`)]);
    const danaRow = sheet.find((r) => r[1] === `Дана Отчётная ${SUFFIX}`)!;
    expect(danaRow).toContain('+');
    expect(danaRow.slice(-3)).toEqual([1, 1, 700]);
    expect(sheet.find((r) => r[1] === 'Сумма, тг.')!.at(-1)).toBe(700);
    expect(sheet.some((r) => r[1] === 'Социальный педагог')).toBe(true);

    await page.emulateMedia({ media: 'print' });
    try {
      const printed = page.getByTestId('report-print');
      await printed.waitFor({ state: 'visible' });
      expect(await printed.locator('h1').textContent()).toContain(SCHOOL);
      expect(await printed.textContent()).toContain('Директор школы: ____');
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
  });

  it('owes the demo school no meal on Independence Day nor in the winter vacation of December 2026', async () => {
    await signOutHere(page);
    await signIn(page, 'edu.admin@demo.kz');
    const admin = await tokenOf('edu.admin@demo.kz');
    const { rows: schools } = await call<{ rows: { id: number; name: string }[] }>(
      admin,
      'GET',
      '/api/schools?limit=1000',
    );
    const demo = schools.find((s) => s.name === 'Школа-гимназия №1')!.id;
    await page.goto(`${baseUrl()}/report/school/social-wallet?schoolId=${demo}&month=2026-12`);
    const grid = page.getByTestId('wallet-grid');
    // The table's first head (a fixed header draws others to measure the columns).
    const head = grid.locator('thead').first();
    await head.locator('th', { hasText: /^28$/ }).waitFor();
    const headers = (await head.locator('th').allTextContents()).filter((h) => /^\d\d$/.test(h));
    // Monday to Friday, less 16 December (Independence Day); the vacation begins on the 29th.
    expect(headers).toEqual([
      '01',
      '02',
      '03',
      '04',
      '07',
      '08',
      '09',
      '10',
      '11',
      '14',
      '15',
      '17',
      '18',
      '21',
      '22',
      '23',
      '24',
      '25',
      '28',
    ]);
    await shot(page, 'report-wallet-december');
  });

  it('gives the observer the statistics of the school: cards, pies after the data, a row, «Вывести»', async () => {
    // Their wallets began today; the order dates them a month back, so the days looked at are due.
    const admin = await tokenOf('edu.admin@demo.kz');
    for (const p of [dana, erlan]) await call(admin, 'PUT', '/api/user', { id: p.id, social_wallet_from: day(-30) });
    // The school's working days of the period, as its calendar has them (weekends, holidays, vacations out).
    const yearOf = (d: string) => (Number(d.slice(5, 7)) >= 9 ? Number(d.slice(0, 4)) : Number(d.slice(0, 4)) - 1);
    const calendar = async (d: string) =>
      (
        await call<{ days: { date: string; kind: string }[] }>(
          admin,
          'GET',
          `/api/calendar?year=${yearOf(d)}&schoolId=${schoolId}`,
        )
      ).days.find((x) => x.date === d)!.kind;
    let weekdays = 0;
    for (const d of [day(-2), day(-1)]) if (['working', 'shortened'].includes(await calendar(d))) weekdays++;
    await signOutHere(page);
    await signIn(page, 'observer@demo.kz');
    await page.waitForURL((u) => u.pathname === '/report/school/statistics');
    await page.goto(`${baseUrl()}/report/school/statistics?schoolId=${schoolId}&dateFrom=${day(-2)}&dateTo=${day(-1)}`);
    const cards = page.getByTestId('statistics-cards');
    await cards.getByText('Выдано порций').waitFor();
    await page.getByTestId('statistics-charts').waitFor();
    const values = async () =>
      (await cards.locator('.ant-statistic-content-value').allTextContents()).map((v) => v.replace(/\s/g, ''));
    // Nobody rated this school's meals: its rating is a dash, not a zero.
    await expect.poll(values).toEqual(['1', '0', '2', '2', String(2 * weekdays), '3', '—']);
    expect(await page.getByTestId('statistics-table').locator('tbody tr.ant-table-row').allTextContents()).toEqual([
      `${SCHOOL}022${2 * weekdays}3—`,
    ]);
    // The pie counts pupils whose parent uses the app, of all pupils (not parents beside pupils).
    const pie = page.getByTestId('statistics-parents-pie');
    expect(await pie.locator('figcaption').textContent()).toBe('Ученики, чьи родители в приложении');
    expect(await pie.locator('li').allTextContents()).toEqual([
      'Родители в приложении: 0 (0%)',
      'Родителей в приложении нет: 2 (100%)',
    ]);
    await shot(page, 'report-statistics');

    // A new period applies with «Вывести» and goes to the link.
    const from = page.getByRole('textbox', { name: 'Дата с' });
    await from.click();
    await from.fill(`${day(-1).slice(8, 10)}.${day(-1).slice(5, 7)}.${day(-1).slice(0, 4)}`);
    await from.press('Enter');
    await page.getByTestId('statistics-apply').click();
    await page.waitForURL((u) => u.searchParams.get('dateFrom') === day(-1));
    await expect.poll(async () => (await values())[5]).toBe('2');
  });
});

describe('/report/anomalies', () => {
  const NAME = `Сотрудник Аномалии ${SUFFIX}`;
  let removeCategory: () => Promise<void> = async () => {};

  beforeAll(async () => {
    const admin = await tokenOf('admin@demo.kz');
    removeCategory = (await ensureCategoryNow(admin, `Аномалии ${SUFFIX}`)).remove;
    const user = await call<{ id: number }>(admin, 'POST', '/api/user', { name: NAME, job_title: 'Водитель' });
    const number = await withCard(admin, user, `AN${SUFFIX}`);
    const cards = await call<{ id: number; number: string }[]>(admin, 'GET', `/api/card/user?userId=${user.id}`);
    await call(admin, 'POST', '/api/card/status', { cardId: cards[0]!.id, endless_use: 'Y' });
    const { rows } = await call<{ rows: { id: number; name: string }[] }>(admin, 'GET', '/api/canteens?limit=1000');
    const second = rows.find((c) => c.name === 'Столовая №2 (цех)')!.id;
    // An endless card eats at two canteens a few seconds apart (past the 3-second double-scan window).
    await call(admin, 'POST', '/api/fixation', { cardId: number, canteenId });
    await new Promise((r) => setTimeout(r, 3200));
    await call(admin, 'POST', '/api/fixation', { cardId: number, canteenId: second });
  }, ENSURE_CATEGORY_TIMEOUT_MS);
  afterAll(() => removeCategory());

  it('shows the company admin a card used at two canteens within 10 minutes', async () => {
    await signOutHere(page);
    await signIn(page, 'admin@demo.kz');
    await page.goto(`${baseUrl()}/report/anomalies?dateFrom=${day(0)}&dateTo=${day(0)}`);
    await page.getByTestId('anomalies-page').waitFor();
    // A company has canteens, not schools: no school to choose.
    expect(await page.getByTestId('school-select').count()).toBe(0);
    const row = page.getByTestId('anomalies-card-twice').locator('tbody tr').filter({ hasText: NAME });
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    expect(cells[0]).toBe(`AN${SUFFIX}`);
    expect(cells[2]).toContain(CANTEEN);
    expect(cells[3]).toContain('Столовая №2 (цех)');
    expect(cells[4]).toBe('0');
    await page.getByTestId('anomalies-crowded').getByText('Не найдено').waitFor();
    await shot(page, 'report-anomalies');
  });
});
