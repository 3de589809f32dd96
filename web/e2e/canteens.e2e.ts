import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, fieldError, openBrowser, shot, signIn, signInAt, signOutHere } from './browser.ts';
import { call } from './fixation-helpers.ts';

const SUFFIX = String(Date.now()).slice(-7);
const NAME = `Столовая ${SUFFIX}`;
const OTHER = `Буфет ${SUFFIX}`;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

const rows = () => page.locator('[data-testid="canteens-page"] tbody tr.ant-table-row');
const row = (name: string) => rows().filter({ has: page.getByRole('link', { name, exact: true }) });

async function signInAs(email: string, to: string) {
  await signOutHere(page);
  await signInAt(page, email, to);
}

/** The list narrowed to this run's rows, so the demo's and other files' canteens do not interfere. */
async function search(text: string) {
  await page.getByLabel('Поиск по названию или адресу').fill(text);
  await page.waitForURL((u) => u.searchParams.get('query') === text);
}

beforeAll(async () => {
  browser = await openBrowser();
  page = browser.page;
  await signInAs('admin@demo.kz', '/canteens');
});
afterAll(() => browser?.close());

describe('/canteens as admin@demo.kz', () => {
  it('refuses an empty form under name and address, then creates canteens', async () => {
    await page.goto(`${baseUrl()}/canteens`);
    await page.getByRole('link', { name: 'Добавить столовую' }).click();
    await page.waitForURL((u) => u.pathname === '/canteen/create');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await fieldError(page, 'Название').getByText('Обязательное поле').waitFor();
    await fieldError(page, 'Адрес').getByText('Обязательное поле').waitFor();
    await shot(page, 'canteen-form-errors');

    await page.getByLabel('Название').fill(NAME);
    await page.getByLabel('Адрес').fill('ул. Сатпаева, 30');
    await page.getByLabel('Описание').fill('Главный корпус, 1 этаж');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Столовая добавлена').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/canteens');

    await page.getByRole('link', { name: 'Добавить столовую' }).click();
    await page.getByLabel('Название').fill(OTHER);
    await page.getByLabel('Адрес').fill('пр. Достык, 10');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL((u) => u.pathname === '/canteens');
    await row(NAME).waitFor();
    await row(OTHER).waitFor();
    expect(await row(NAME).textContent()).toContain('Главный корпус, 1 этаж');
    await shot(page, 'canteens-list');
  });

  it('searches by name and by address, keeping the search in the address', async () => {
    await page.goto(`${baseUrl()}/canteens`);
    await search(SUFFIX);
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="canteens-page"] tbody tr.ant-table-row').length === 2,
    );
    await search('Достык');
    await row(OTHER).waitFor();
    await row(NAME).waitFor({ state: 'detached' });
    await page.reload();
    await row(OTHER).waitFor();
    expect(await page.getByLabel('Поиск по названию или адресу').inputValue()).toBe('Достык');
    await shot(page, 'canteens-search');
  });

  it('edits a canteen', async () => {
    await page.goto(`${baseUrl()}/canteens?query=${SUFFIX}`);
    await row(NAME).getByRole('link', { name: 'Изменить' }).click();
    await page.waitForURL((u) => /^\/canteen\/\d+$/.test(u.pathname));
    const address = page.getByLabel('Адрес');
    await page.getByText('Редактирование столовой').first().waitFor();
    expect(await address.inputValue()).toBe('ул. Сатпаева, 30');
    expect(await page.locator('.ant-breadcrumb').textContent()).toContain(NAME);
    // The form lights its section in the top menu: «Справочники», entry «Столовые».
    expect(await page.locator('[data-testid=nav] .ant-menu-item-selected a').getAttribute('href')).toBe('/canteens');
    expect(await page.locator('[data-testid=nav] .ant-menu-submenu-selected').textContent()).toContain('Справочники');
    await shot(page, 'canteen-edit');
    await address.fill('ул. Сатпаева, 32');
    await page.getByLabel('Описание').fill('');
    expect(await page.getByLabel('Описание').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Столовая сохранена').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/canteens');
    await search(SUFFIX);
    // The unsearched list, then the searched one from its cache, then refetched: wait until every row
    // is a searched one and the edited row is the saved one.
    await expect
      .poll(async () => {
        const texts = await rows().allTextContents();
        const edited = texts.filter((t) => t.includes(NAME));
        return texts.every((t) => t.includes(SUFFIX)) && edited.length === 1 ? edited[0] : texts;
      })
      .toSatisfy(
        (t: unknown) => typeof t === 'string' && t.includes('ул. Сатпаева, 32') && !t.includes('Главный корпус'),
      );
  });

  it('asks before leaving a form with unsaved changes', async () => {
    await page.goto(`${baseUrl()}/canteen/create`);
    await page.getByLabel('Название').fill(`Черновик ${SUFFIX}`);
    await page.getByRole('link', { name: 'Отмена' }).click();
    const ask = page.getByRole('dialog').filter({ hasText: 'Есть несохранённые изменения' });
    await ask.getByText('Изменения не сохранены и пропадут. Уйти без сохранения?').filter({ visible: true }).waitFor();
    // The modal zooms in: a picture of it wants the end of that.
    await expect.poll(() => ask.evaluate((el) => getComputedStyle(el.closest('.ant-modal') ?? el).opacity)).toBe('1');
    await shot(page, 'canteen-unsaved');
    await ask.getByRole('button', { name: 'Остаться' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/canteen/create');
    expect(await page.getByLabel('Название').inputValue()).toBe(`Черновик ${SUFFIX}`);
    await page.getByRole('link', { name: 'Отмена' }).click();
    await ask.getByRole('button', { name: 'Не сохранять' }).click();
    await page.waitForURL((u) => u.pathname === '/canteens');
  });

  it('deletes a canteen after «Вы действительно желаете удалить столовую?»', async () => {
    await page.goto(`${baseUrl()}/canteens?query=${SUFFIX}`);
    await row(OTHER).getByRole('button', { name: 'Удалить' }).click();
    await page.getByText('Вы действительно желаете удалить столовую?').waitFor();
    await shot(page, 'canteen-delete-confirm');
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Да' }).click();
    await page.getByText('Столовая удалена').first().waitFor();
    await row(OTHER).waitFor({ state: 'detached' });
    await row(NAME).waitFor();
  });

  it('keeps a 250-character name inside the card, wrapped, with edit and delete on screen', async () => {
    const token = (await page.evaluate(() => localStorage.getItem('access_token')))!;
    const long = `Очень длинное название ${SUFFIX} `.repeat(12).slice(0, 250);
    await call(token, 'POST', '/api/canteen', { name: long, address: 'ул. Абая, 3' });
    await page.goto(`${baseUrl()}/canteens`);
    await search(long.slice(0, 30));
    const longRow = rows().filter({ hasText: long.slice(0, 40) });
    await longRow.waitFor();
    // The table is no wider than its card: nothing to scroll sideways.
    const fits = await page.evaluate(() => {
      const card = document.querySelector('[data-testid="canteens-page"]')!;
      const table = card.querySelector('.ant-table-content table, .ant-table-body table')!;
      return table.getBoundingClientRect().width <= card.getBoundingClientRect().width;
    });
    expect(fits).toBe(true);
    // The whole name is there, over several lines, and the row actions are within the window.
    expect(await longRow.getByRole('link').first().textContent()).toBe(long);
    const width = page.viewportSize()!.width;
    for (const button of [longRow.getByRole('link', { name: 'Изменить' }), longRow.getByRole('button').last()]) {
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    await shot(page, 'canteens-long-name');
  });

  it('is not offered to the cashier: /canteens sends them away', async () => {
    await signOutHere(page);
    await signIn(page, 'cashier@demo.kz');
    await page.goto(`${baseUrl()}/canteens`);
    await page.waitForURL((u) => u.pathname !== '/canteens');
    expect(await page.getByTestId('canteens-page').count()).toBe(0);
  });
});
