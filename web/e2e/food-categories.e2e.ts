import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, fieldError, openBrowser, shot, signInAt, signOutHere } from './browser.ts';

const SUFFIX = String(Date.now()).slice(-7);
const NAME = `Льготники ${SUFFIX}`;
const OTHER = `Платное ${SUFFIX}`;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

const rows = () => page.locator('[data-testid="food-categories-page"] tbody tr.ant-table-row');
const row = (name: string) => rows().filter({ has: page.getByRole('link', { name, exact: true }) });
const cost = () => page.getByLabel('Стоимость питания в день');

async function search(text: string) {
  await page.getByLabel('Поиск по названию').fill(text);
  await page.waitForURL((u) => u.searchParams.get('query') === text);
}

async function signInAs(email: string, to: string) {
  await signOutHere(page);
  await signInAt(page, email, to);
}

beforeAll(async () => {
  browser = await openBrowser();
  page = browser.page;
  await signInAs('edu.admin@demo.kz', '/food/categories');
});
afterAll(() => browser?.close());

describe('/food/categories as edu.admin@demo.kz', () => {
  it('asks for name and cost, then creates a standard category with an exact cost', async () => {
    await page.goto(`${baseUrl()}/food/categories`);
    await page.getByRole('link', { name: 'Добавить категорию' }).click();
    await page.waitForURL((u) => u.pathname === '/food/category/create');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await fieldError(page, 'Название на русском').getByText('Обязательное поле').waitFor();
    await fieldError(page, 'Стоимость питания в день').getByText('Обязательное поле').waitFor();
    expect(await page.getByRole('radio', { name: 'Стандартная категория' }).isChecked()).toBe(true);
    await shot(page, 'food-category-form-errors');

    await page.getByLabel('Название на русском').fill(NAME);
    await page.getByLabel('Название на казахском').fill(`${NAME} қаз`);
    await cost().fill('650,5');
    await cost().blur();
    expect(await cost().inputValue()).toBe('650,50');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Категория добавлена').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/food/categories');

    await page.getByRole('link', { name: 'Добавить категорию' }).click();
    await page.getByLabel('Название на русском').fill(OTHER);
    // Over the limit is refused with its message, as typed, never capped into another amount.
    await cost().fill('1234567');
    await cost().blur();
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await fieldError(page, 'Стоимость питания в день').getByText('Стоимость не больше 1 000 000 тг.').waitFor();
    expect(await cost().inputValue()).toBe('1234567');
    await cost().fill('1000000');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL((u) => u.pathname === '/food/categories');

    await search(SUFFIX);
    await row(NAME).waitFor();
    expect(await row(NAME).getByTestId('food-cost').textContent()).toBe('650,50\u00a0тг.');
    expect(await row(NAME).getByTestId('food-type').textContent()).toBe('Стандартная категория');
    expect(await row(OTHER).getByTestId('food-cost').textContent()).toBe('1\u00a0000\u00a0000,00\u00a0тг.');
    // Found by its Kazakh name too.
    await search(`${NAME} қаз`);
    await row(NAME).waitFor();
    await shot(page, 'food-categories-list');
  });

  it('searches by name', async () => {
    await page.goto(`${baseUrl()}/food/categories`);
    await search(OTHER);
    await row(OTHER).waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="food-categories-page"] tbody tr.ant-table-row').length === 1,
    );
  });

  it('turns a category into a social-wallet one, warning about the pupils first', async () => {
    await page.goto(`${baseUrl()}/food/categories?query=${SUFFIX}`);
    await row(NAME).getByRole('link', { name: 'Изменить' }).click();
    await page.waitForURL((u) => /^\/food\/category\/\d+$/.test(u.pathname));
    await page.getByText('Редактирование категории питания').first().waitFor();
    expect(await cost().inputValue()).toBe('650,50');
    await page.getByRole('radio', { name: 'Социальный кошелёк' }).check();
    await page.getByTestId('type-change-hint').waitFor();
    await cost().fill('0,1');
    // The typed cost is in the field when the type has changed (CI once saved the old cost with the new type).
    expect(await cost().inputValue()).toBe('0,1');
    await shot(page, 'food-category-edit');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Категория сохранена').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/food/categories');
    await search(SUFFIX);
    const tag = row(NAME).getByTestId('food-type');
    await tag.getByText('Социальный кошелёк').waitFor();
    // The list may first paint the row from the cache and then from the refetch: wait for the colour.
    await expect
      .poll(() => tag.evaluate((el) => el.classList.contains('ant-tag-green') || el.className.includes('green')))
      .toBe(true);
    await expect.poll(() => row(NAME).getByTestId('food-cost').textContent()).toBe('0,10\u00a0тг.');
    await shot(page, 'food-categories-sw');
  });

  it('deletes a category after the confirmation', async () => {
    await page.goto(`${baseUrl()}/food/categories?query=${SUFFIX}`);
    await row(OTHER).getByRole('button', { name: 'Удалить' }).click();
    await page.getByText('Вы действительно желаете удалить категорию питания?').waitFor();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Да' }).click();
    await page.getByText('Категория удалена').first().waitFor();
    await row(OTHER).waitFor({ state: 'detached' });
    await row(NAME).waitFor();
  });

  it('is open to the social teacher too', async () => {
    await signInAs('social@demo.kz', `/food/categories?query=${SUFFIX}`);
    await row(NAME).waitFor();
    await page.getByRole('link', { name: 'Добавить категорию' }).waitFor();
  });
});
