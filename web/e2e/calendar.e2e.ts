import * as XLSX from '@e965/xlsx';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, fieldError, openBrowser, shot, signIn, signOutHere } from './browser.ts';
import { call, tokenOf } from './fixation-helpers.ts';

/**
 * '/calendar' (docs/rules.md "The school's year") as the education admin: a school of its own, so
 * its days and its week change nothing another test counts; a year no other test reads.
 */
const SUFFIX = String(Date.now()).slice(-7);
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let schoolId: number;

const cell = (date: string) => page.locator(`[data-testid="calendar-year"] [data-date="${date}"]`);
const kindOf = (date: string) => cell(date).getAttribute('data-kind');
const waitKind = async (date: string, kind: string) =>
  page.waitForFunction(([d, k]) => document.querySelector(`[data-date="${d}"]`)?.getAttribute('data-kind') === k, [
    date,
    kind,
  ] as const);
const dialog = () => page.getByRole('dialog');

beforeAll(async () => {
  const admin = await tokenOf('edu.admin@demo.kz');
  schoolId = (
    await call<{ id: number }>(admin, 'POST', '/api/school', {
      region_id: 2,
      name: `Школа календаря ${SUFFIX}`,
      address: 'ул. Абая, 3',
      city: 'Алматы',
    })
  ).id;
  browser = await openBrowser();
  page = browser.page;
  await signOutHere(page);
  await signIn(page, 'edu.admin@demo.kz');
});
afterAll(() => browser?.close());

describe('/calendar as the education admin', () => {
  it("shows a school's year by kind of day, and changes a day and the week from the keyboard and the mouse", async () => {
    await page.goto(`${baseUrl()}/calendar?schoolId=${schoolId}&year=2027`);
    await cell('2027-12-16').waitFor();
    expect(await kindOf('2027-12-16')).toBe('holiday');
    expect(await cell('2027-12-16').getAttribute('aria-label')).toBe(
      'Четверг, 16.12.2027: Праздник — День Независимости',
    );
    expect(await kindOf('2027-09-04')).toBe('rest');
    expect(await kindOf('2028-04-11')).toBe('working');
    // 2028's holidays are not shipped yet: the screen says so rather than show them as school days silently.
    await page
      .getByTestId('calendar-unknown-years')
      .getByText(/Праздники 2028 г\. ещё не внесены/)
      .waitFor();

    // The keyboard: a day opened with Enter, the arrows move between days.
    await cell('2028-04-11').click();
    await dialog().waitFor();
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    await cell('2028-04-11').focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-date'))).toBe('2028-04-12');
    await page.keyboard.press('Enter');
    await dialog().getByText('Среда, 12.04.2028').waitFor();
    await dialog().getByText('Нерабочий день', { exact: true }).click();
    await dialog().getByLabel('Название', { exact: true }).fill('Санитарный день');
    await dialog().getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('День сохранён').first().waitFor();
    await waitKind('2028-04-12', 'day_off');
    expect(await cell('2028-04-12').getAttribute('aria-label')).toContain('Санитарный день');
    await page.getByTestId('calendar-entries').getByText('Санитарный день').waitFor();

    // A six-day week: the Saturdays become school days.
    await page.getByText('6 дней (пн–сб)').click();
    await page.getByText('Учебная неделя сохранена').first().waitFor();
    await waitKind('2028-04-15', 'working');
    // Its grades up to the fourth keep a five-day week: their Saturdays are days off.
    await page.getByTestId('calendar-five-day').click();
    await page.locator('.ant-select-dropdown:visible').getByText('с 0 по 4 класс', { exact: true }).click();
    await page.getByTestId('calendar-five-day').getByText('с 0 по 4 класс').waitFor();
    await expect
      .poll(() => cell('2028-04-15').getAttribute('aria-label'))
      .toContain('Выходной пятидневных классов (0–4');
    expect(await cell('2028-04-15').getAttribute('class')).toContain('grades');
    expect(await cell('2028-04-14').getAttribute('aria-label')).not.toContain('пятидневных');
    await shot(page, 'calendar');
    await page.getByText('5 дней (пн–пт)').click();
    await page.getByTestId('calendar-five-day').waitFor({ state: 'detached' });
    await waitKind('2028-04-15', 'rest');

    // The day's entry is removed after a question.
    await cell('2028-04-12').click();
    await dialog().getByTestId('day-entry').getByRole('button', { name: 'Удалить' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Да' }).click();
    await page.getByText('Запись удалена').first().waitFor();
    await waitKind('2028-04-12', 'working');
  });

  it('refuses a period that ends before it starts with a message under the field, saving nothing', async () => {
    await page.goto(`${baseUrl()}/calendar?schoolId=${schoolId}&year=2027`);
    await cell('2028-04-19').click();
    await dialog().waitFor();
    const to = dialog().getByLabel('По');
    await to.click();
    await to.fill('10.04.2028');
    await to.press('Enter');
    await dialog().getByRole('button', { name: 'Сохранить' }).click();
    await fieldError(page, 'По').getByText('Конец не может быть раньше начала').waitFor();
    await dialog().getByRole('button', { name: 'Отмена' }).click();
    expect(await kindOf('2028-04-19')).toBe('working');
  });
});

describe('/absences and /kitchen as the education admin', () => {
  let classroomId: number;
  const ids: number[] = [];
  beforeAll(async () => {
    const admin = await tokenOf('edu.admin@demo.kz');
    classroomId = (await call<{ id: number }>(admin, 'POST', '/api/classroom', { schoolId, name: `5 «${SUFFIX}»` })).id;
    for (const name of ['Алиев Арман', 'Бекова Дана', 'Жумабаев Ерасыл'])
      ids.push(
        (
          await call<{ id: number }>(admin, 'POST', '/api/user', {
            name: `${name} ${SUFFIX}`,
            classroom_id: classroomId,
          })
        ).id,
      );
  });

  it("marks a class's absent pupils of a day from the keyboard, and keeps no marks on a holiday", async () => {
    await page.goto(`${baseUrl()}/absences?schoolId=${schoolId}&classroomId=${classroomId}&date=2026-11-25`);
    const boxes = page.getByTestId('absences-list').locator('input[type="checkbox"]');
    await boxes.first().waitFor();
    // The first pupil has the focus: space marks, ↓ moves on, Ctrl+Enter saves.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Алиев Арман ${SUFFIX}: Отсутствует`);
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    expect(await page.getByTestId('absences-count').textContent()).toBe('Отсутствуют: 2 из 3');
    await page.getByText('Есть несохранённые отметки').waitFor();
    await page.keyboard.press('Control+Enter');
    await page.getByText('Сохранено: отсутствуют 2').first().waitFor();
    await shot(page, 'absences');
    await page.reload();
    await boxes.first().waitFor();
    await expect
      .poll(async () => [
        await boxes.nth(0).isChecked(),
        await boxes.nth(1).isChecked(),
        await boxes.nth(2).isChecked(),
      ])
      .toEqual([true, false, true]);
    // Independence Day: nothing to mark.
    await page.goto(`${baseUrl()}/absences?schoolId=${schoolId}&classroomId=${classroomId}&date=2026-12-16`);
    await page
      .getByTestId('absences-day-off')
      .getByText(/16\.12\.2026 — Праздник «День Независимости»/)
      .waitFor();
    expect(await page.getByTestId('absences-save').isDisabled()).toBe(true);
    expect(await boxes.first().isDisabled()).toBe(true);
  });

  it('imports the e-journal’s absences from Excel, and shows a holiday row with its reason before writing', async () => {
    const book = (rows: string[][]) => {
      const wb = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Лист1');
      return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    };
    const file = (rows: string[][]) => ({
      name: 'journal.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: book(rows),
    });
    await page.goto(`${baseUrl()}/absences?schoolId=${schoolId}&classroomId=${classroomId}&date=2026-11-26`);
    const boxes = page.getByTestId('absences-list').locator('input[type="checkbox"]');
    await boxes.first().waitFor();
    await page.getByRole('button', { name: 'Загрузить из журнала (Excel)' }).waitFor();
    await page.locator('[data-testid=file-upload-input]').setInputFiles(
      file([
        ['ФИО', 'Дата'],
        [`Бекова Дана ${SUFFIX}`, '26.11.2026'],
      ]),
    );
    await page.getByText('Загружено строк: 1').waitFor();
    await expect.poll(() => boxes.nth(1).isChecked()).toBe(true);
    expect(await boxes.nth(0).isChecked()).toBe(false);
    await shot(page, 'absences-imported');

    await page.locator('[data-testid=file-upload-input]').setInputFiles(
      file([
        ['ФИО', 'Дата'],
        [`Алиев Арман ${SUFFIX}`, '16.12.2026'],
      ]),
    );
    // Checked before anything is written: the row's reason, nothing valid to load, the row to download.
    const rejected = page.getByTestId('import-rejected');
    await rejected.waitFor();
    expect(await rejected.locator('li').allTextContents()).toEqual([
      'строка 2: 16.12.2026 школа не работает (праздник, выходной или каникулы)',
    ]);
    expect(await page.getByRole('button', { name: 'Загрузить верные строки (0)' }).isDisabled()).toBe(true);
    await rejected.getByTestId('import-rejected-download').waitFor();
    await shot(page, 'absences-import-refused');
    await page.getByRole('button', { name: 'Отмена' }).click();
    await rejected.waitFor({ state: 'detached' });
  });

  it('counts the portions the kitchen cooks to: the two with a paid category, less the one away; prints it', async () => {
    const admin = await tokenOf('edu.admin@demo.kz');
    const { rows } = await call<{ rows: { id: number; type: string }[] }>(
      admin,
      'GET',
      '/api/food/categories?limit=100',
    );
    const paid = rows.find((c) => c.type === 'common')!;
    await call(admin, 'POST', '/api/users/food-category', { userIds: [ids[0], ids[1]], food_category_id: paid.id });
    await page.goto(`${baseUrl()}/kitchen?schoolId=${schoolId}&date=2026-11-25`);
    const total = page.getByTestId('kitchen-total');
    await total.waitFor();
    // Арман and Дана are fed; Арман and Ерасыл were marked away: one portion.
    expect(await total.textContent()).toBe('1');
    const row = page.getByTestId('kitchen-table').locator('tbody tr.ant-table-row', { hasText: `5 «${SUFFIX}»` });
    expect(await row.locator('td').allTextContents()).toEqual(expect.arrayContaining(['3', '1']));
    await shot(page, 'kitchen');
    await page.emulateMedia({ media: 'print' });
    try {
      await page.locator('.tamaq-kitchen h1').getByText(`Порции на 25.11.2026 — Школа календаря ${SUFFIX}`).waitFor();
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
    // The next working day is a click away; a holiday has nothing to cook.
    await page.getByTestId('kitchen-next').click();
    await page.waitForURL((u) => u.searchParams.get('date') === '2026-11-26');
    await page.goto(`${baseUrl()}/kitchen?schoolId=${schoolId}&date=2026-12-16`);
    await page.getByTestId('kitchen-day-off').waitFor();
  });
});
