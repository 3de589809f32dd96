import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, fieldError, openBrowser, shot, signIn, signOutHere } from './browser.ts';

const SUFFIX = String(Date.now()).slice(-7);
const NAME = `Смена ${SUFFIX}`;
const OTHER = `Вахта ${SUFFIX}`;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

const rows = () => page.locator('[data-testid="watches-page"] tbody tr.ant-table-row');
const row = (name: string) => rows().filter({ has: page.getByRole('link', { name, exact: true }) });
const day = (d: number) => page.getByTestId('day-grid').getByRole('checkbox', { name: String(d), exact: true });
const checkedDays = () =>
  page.$$eval('[data-testid="day-grid"] input[type=checkbox]:checked', (inputs) =>
    inputs.map((i) => Number(i.closest('label')?.textContent)),
  );

async function search(text: string) {
  await page.getByLabel('Поиск по названию').fill(text);
  await page.waitForURL((u) => u.searchParams.get('query') === text);
}

beforeAll(async () => {
  browser = await openBrowser();
  page = browser.page;
  await signOutHere(page);
  await signIn(page, 'admin@demo.kz');
});
afterAll(() => browser?.close());

describe('/watches as admin@demo.kz', () => {
  it('asks for at least one day, then creates watches from the day grid', async () => {
    await page.goto(`${baseUrl()}/watches`);
    await page.getByRole('link', { name: 'Добавить график' }).click();
    await page.waitForURL((u) => u.pathname === '/watch/create');
    await page.getByLabel('Название').fill(NAME);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await fieldError(page, 'Дни месяца').getByText('Отметьте хотя бы один день').waitFor();
    await shot(page, 'watch-form-errors');

    for (const d of [1, 2, 3, 15, 31]) await day(d).check();
    await day(31).uncheck();
    expect(await checkedDays()).toEqual([1, 2, 3, 15]);
    await page.getByText('4 дня').waitFor();
    await shot(page, 'watch-form');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('График добавлен').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/watches');

    await page.getByRole('link', { name: 'Добавить график' }).click();
    await page.getByLabel('Название').fill(OTHER);
    await page.getByTestId('days-all').click();
    expect((await checkedDays()).length).toBe(31);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL((u) => u.pathname === '/watches');

    await search(SUFFIX);
    await row(NAME).getByText('1–3, 15').waitFor();
    expect(await row(NAME).getByTestId('watch-days').textContent()).toBe('1–3, 15 (4 дня)');
    expect(await row(OTHER).getByTestId('watch-days').textContent()).toBe('1–31 (31 день)');
    await shot(page, 'watches-list');
  });

  it('searches by name', async () => {
    await page.goto(`${baseUrl()}/watches`);
    await search(OTHER);
    await row(OTHER).waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="watches-page"] tbody tr.ant-table-row').length === 1,
    );
    await search(`нет такого ${SUFFIX}`);
    await page.getByText('Нет данных').waitFor();
  });

  it('edits the days of a watch, with the «clear» helper', async () => {
    await page.goto(`${baseUrl()}/watches?query=${SUFFIX}`);
    await row(NAME).getByRole('link', { name: 'Изменить' }).click();
    await page.waitForURL((u) => /^\/watch\/\d+$/.test(u.pathname));
    await page.getByText('Редактирование графика').first().waitFor();
    await page.getByTestId('day-grid').waitFor();
    expect(await checkedDays()).toEqual([1, 2, 3, 15]);
    await page.getByTestId('days-none').click();
    expect(await checkedDays()).toEqual([]);
    for (const d of [10, 20, 30]) await day(d).check();
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('График сохранён').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/watches');
    await search(SUFFIX);
    await row(NAME).getByText('10, 20, 30').waitFor();
  });

  it('deletes a watch after the confirmation', async () => {
    await page.goto(`${baseUrl()}/watches?query=${SUFFIX}`);
    await row(OTHER).getByRole('button', { name: 'Удалить' }).click();
    await page.getByText('Вы действительно желаете удалить график дежурств?').waitFor();
    await shot(page, 'watch-delete-confirm');
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Да' }).click();
    await page.getByText('График удалён').first().waitFor();
    await row(OTHER).waitFor({ state: 'detached' });
    await row(NAME).waitFor();
  });
});
