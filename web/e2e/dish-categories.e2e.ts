import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, fieldError, openBrowser, shot, signIn, signOutHere } from './browser.ts';

const SUFFIX = String(Date.now()).slice(-7);
const SOUPS = `Супы ${SUFFIX}`;
const BAKERY = `Выпечка ${SUFFIX}`;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

const rows = () => page.locator('[data-testid="dish-categories-page"] tbody tr.ant-table-row');
const row = (name: string) => rows().filter({ has: page.getByRole('link', { name, exact: true }) });

async function search(text: string) {
  await page.getByLabel('Поиск по названию').fill(text);
  await page.waitForURL((u) => u.searchParams.get('query') === text);
}

beforeAll(async () => {
  browser = await openBrowser();
  page = browser.page;
  await signOutHere(page);
  await signIn(page, 'edu.admin@demo.kz');
});
afterAll(() => browser?.close());

describe('/categories as the education admin', () => {
  it('asks for a name, then creates categories that open their dishes', async () => {
    await page.goto(`${baseUrl()}/categories`);
    await page.getByRole('link', { name: 'Добавить категорию' }).click();
    await page.waitForURL((u) => u.pathname === '/category/create');
    await page.getByLabel('Название на русском').fill('   ');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await fieldError(page, 'Название на русском').getByText('Обязательное поле').waitFor();
    await shot(page, 'dish-category-form-errors');

    await page.getByLabel('Название на русском').fill(SOUPS);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Категория добавлена').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/categories');
    await page.getByRole('link', { name: 'Добавить категорию' }).click();
    await page.getByLabel('Название на русском').fill(BAKERY);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/categories');

    // The same name again, in other letters and with spaces: refused on the field, the form kept.
    await page.getByRole('link', { name: 'Добавить категорию' }).click();
    await page.getByLabel('Название на русском').fill(` ${SOUPS.toUpperCase()} `);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await fieldError(page, 'Название на русском').getByText('Категория блюд с таким названием уже есть').waitFor();
    expect(new URL(page.url()).pathname).toBe('/category/create');
    await shot(page, 'dish-category-name-taken');
    await page.goto(`${baseUrl()}/categories`);

    await search(SUFFIX);
    await row(SOUPS).waitFor();
    await row(BAKERY).waitFor();
    // By name: «Выпечка» before «Супы»; no dishes yet.
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="dish-categories-page"] tbody tr.ant-table-row').length === 2,
    );
    const names = await rows().locator('td a').allTextContents();
    expect(names.filter((n) => n.includes(SUFFIX))).toEqual([BAKERY, SOUPS]);
    expect(await row(SOUPS).locator('td').allTextContents()).toContain('0');
    await shot(page, 'dish-categories-list');

    // The name leads to the category's dishes.
    const href = await row(SOUPS).getByRole('link', { name: SOUPS, exact: true }).getAttribute('href');
    expect(href).toMatch(/^\/products\/\d+$/);
  });

  it('renames a category', async () => {
    await page.goto(`${baseUrl()}/categories?query=${SUFFIX}`);
    await row(SOUPS).getByRole('link', { name: 'Изменить' }).click();
    await page.waitForURL((u) => /^\/category\/\d+$/.test(u.pathname));
    await page.getByText('Редактирование категории блюд').first().waitFor();
    expect(await page.getByLabel('Название на русском').inputValue()).toBe(SOUPS);
    await page.getByLabel('Название на русском').fill(`${SOUPS} и бульоны`);
    await page.getByLabel('Название на казахском').fill(`Сорпалар ${SUFFIX}`);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Категория сохранена').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/categories');
    await search(SUFFIX);
    await row(`${SOUPS} и бульоны`).waitFor();
    // Found by its Kazakh name too, shown by its Russian one.
    await search(`сорпалар ${SUFFIX}`);
    await row(`${SOUPS} и бульоны`).waitFor();
  });

  it('deletes a category after the confirmation', async () => {
    await page.goto(`${baseUrl()}/categories?query=${SUFFIX}`);
    await row(BAKERY).getByRole('button', { name: 'Удалить' }).click();
    await page.getByText('Вы действительно желаете удалить категорию блюд?').waitFor();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Да' }).click();
    await page.getByText('Категория удалена').first().waitFor();
    await row(BAKERY).waitFor({ state: 'detached' });
    await row(`${SOUPS} и бульоны`).waitFor();
  });
});
