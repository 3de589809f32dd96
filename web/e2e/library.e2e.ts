import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, fieldError, openBrowser, shot, signIn, signOutHere } from './browser.ts';

const SUFFIX = String(Date.now()).slice(-6);
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

beforeAll(async () => {
  browser = await openBrowser();
  page = browser.page;
  await signOutHere(page);
  await signIn(page, 'librarian@demo.kz');
});
afterAll(() => browser?.close());

const rows = () => page.locator('[data-testid="book-categories-page"] tbody tr.ant-table-row');
const row = (name: string) => rows().filter({ hasText: name });

describe('/books/categories as librarian@demo.kz', () => {
  it('lands on the categories, adds one, refuses a taken name, renames and deletes it', async () => {
    await page.goto(`${baseUrl()}/books/categories`);
    await page.getByTestId('book-categories-page').waitFor();
    // Locked to her school: no school picker.
    expect(await page.getByTestId('school-select').count()).toBe(0);

    const name = `Учебники ${SUFFIX}`;
    await page.getByRole('link', { name: 'Добавить категорию' }).click();
    await page.waitForURL((u) => /^\/books\/category\/\d+\/create$/.test(u.pathname));
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await fieldError(page, 'Название категории').getByText('Обязательное поле').waitFor();
    await page.getByLabel('Название категории').fill(name);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Категория добавлена').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/books/categories');
    await row(name).waitFor();
    await shot(page, 'book-categories-list');

    await page.getByRole('link', { name: 'Добавить категорию' }).click();
    await page.getByLabel('Название категории').fill(name.toUpperCase());
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await fieldError(page, 'Название категории')
      .getByText('Категория с таким названием в этой школе уже есть')
      .waitFor();

    await page.goto(`${baseUrl()}/books/categories`);
    await row(name).getByRole('link', { name: 'Изменить' }).click();
    await page.getByText('Редактирование категории книг').first().waitFor();
    const field = page.getByLabel('Название категории');
    expect(await field.inputValue()).toBe(name);
    await field.fill(`${name} (старые)`);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Категория сохранена').waitFor();
    await row(`${name} (старые)`).waitFor();

    await row(`${name} (старые)`).getByRole('button', { name: 'Удалить' }).click();
    await page.getByText('Вы действительно желаете удалить категорию?').waitFor();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Да' }).click();
    await page.getByText('Категория удалена').waitFor();
    await row(`${name} (старые)`).waitFor({ state: 'detached' });
  });
});
