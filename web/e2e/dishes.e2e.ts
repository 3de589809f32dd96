import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, fieldError, openBrowser, shot, signIn, signOutHere } from './browser.ts';
import { call, tokenOf } from './fixation-helpers.ts';

const SUFFIX = String(Date.now()).slice(-7);
const CATEGORY = `Супы ${SUFFIX}`;
const BORSCH = `Борщ ${SUFFIX}`;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-dishes-'));

const rows = () => page.locator('[data-testid="dishes-page"] tbody tr.ant-table-row');
const row = (name: string) => rows().filter({ has: page.getByRole('link', { name, exact: true }) });

beforeAll(async () => {
  browser = await openBrowser();
  page = browser.page;
  await signOutHere(page);
  await signIn(page, 'edu.admin@demo.kz');
});
afterAll(() => browser?.close());

describe('/products/{categoryId} as the education admin', () => {
  it('adds a dish with photo, exact price and output to a category, from the category list', async () => {
    await page.goto(`${baseUrl()}/category/create`);
    await page.getByLabel('Название на русском').fill(CATEGORY);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL((u) => u.pathname === '/categories');
    await page.getByLabel('Поиск по названию').fill(SUFFIX);
    await page.getByRole('link', { name: CATEGORY, exact: true }).click();
    await page.waitForURL((u) => /^\/products\/\d+$/.test(u.pathname));
    await page.getByText(`Блюда: ${CATEGORY}`).waitFor();
    await page.getByText('В этой категории пока нет блюд').waitFor();

    await page.getByRole('link', { name: 'Добавить блюдо' }).click();
    await page.waitForURL((u) => /^\/product\/\d+\/create$/.test(u.pathname));
    await page.getByRole('button', { name: 'Сохранить' }).click();
    // Neither name: both fields ask for one.
    await fieldError(page, 'Название на русском').getByText('Обязательное поле').waitFor();
    await fieldError(page, 'Название на казахском').getByText('Обязательное поле').waitFor();
    await fieldError(page, 'Цена').getByText('Обязательное поле').waitFor();
    await fieldError(page, 'Выход').getByText('Обязательное поле').waitFor();
    await shot(page, 'dish-form-errors');

    const photo = path.join(tmp, 'borsch.png');
    await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 160, g: 30, b: 40 } } })
      .png()
      .toFile(photo);
    await page.getByTestId('image-upload-input').setInputFiles(photo);
    await page.locator('[data-testid="dish-form"] img[src^="/api/images/"]').waitFor();
    await page.getByLabel('Название на русском').fill(BORSCH);
    // A price is taken as typed, never clamped or rounded: a bad one is refused with its message.
    for (const [typed, message] of [
      ['-100', 'Стоимость не может быть отрицательной'],
      ['99999999999999', 'Стоимость не больше 1 000 000 тг.'],
      ['450.555', 'Введите сумму в тенге: не больше двух знаков после запятой'],
      ['abc', 'Введите число: сумму в тенге, например 450,50'],
    ]) {
      await page.getByLabel('Цена').fill(typed!);
      await page.getByRole('button', { name: 'Сохранить' }).click();
      await fieldError(page, 'Цена').getByText(message!).waitFor();
      // Shown as typed (with the decimal comma), not changed into another price.
      expect(await page.getByLabel('Цена').inputValue()).toBe(typed!.replace('.', ','));
    }
    expect(page.url()).toMatch(/\/create$/);
    await page.getByLabel('Цена').fill('450,5');
    await page.getByLabel('Выход').fill('250 г');
    await page.getByLabel('Описание').fill('Со сметаной');
    // The allergens from the label law's list, found by typing: sour cream is milk, the bread gluten.
    const allergens = page.getByLabel('Аллергены');
    await allergens.click();
    for (const typed of ['молоко', 'глютен']) {
      await allergens.fill(typed);
      await page
        .locator('.ant-select-item-option-active')
        .filter({ hasText: new RegExp(typed, 'i') })
        .waitFor();
      await page.keyboard.press('Enter');
    }
    await page.keyboard.press('Escape');
    await shot(page, 'dish-form');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Блюдо добавлено').first().waitFor();
    await page.waitForURL((u) => /^\/products\/\d+$/.test(u.pathname));

    await row(BORSCH).waitFor();
    expect(await row(BORSCH).getByTestId('dish-cost').textContent()).toBe('450,50\u00a0тг.');
    expect(await row(BORSCH).locator('td').allTextContents()).toContain('250 г');
    await row(BORSCH).locator('img[src^="/api/images/"]').waitFor();
    await shot(page, 'dishes-list');

    // The category list counts it.
    await page.getByRole('link', { name: 'Категории блюд' }).click();
    await page.waitForURL((u) => u.pathname === '/categories');
    await page.getByLabel('Поиск по названию').fill(SUFFIX);
    const categoryRow = page
      .locator('[data-testid="dish-categories-page"] tbody tr.ant-table-row')
      .filter({ hasText: CATEGORY });
    await categoryRow.locator('td').nth(1).filter({ hasText: /^1$/ }).waitFor();
  });

  it('edits the price and deletes the dish after the confirmation', async () => {
    await page.goto(`${baseUrl()}/categories?query=${SUFFIX}`);
    await page.getByRole('link', { name: CATEGORY, exact: true }).click();
    await row(BORSCH).getByRole('link', { name: 'Изменить' }).click();
    await page.waitForURL((u) => /^\/product\/\d+\/\d+$/.test(u.pathname));
    const dishId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByText('Редактирование блюда').first().waitFor();
    expect(await page.getByLabel('Выход').inputValue()).toBe('250 г');
    expect(await page.getByLabel('Название на казахском').inputValue()).toBe('');
    expect(await page.getByTestId('dish-form').locator('.ant-select-selection-item').allTextContents()).toEqual([
      // In the list's order, whatever the order chosen.
      'Злаки, содержащие глютен',
      'Молоко и молочные продукты (и лактоза)',
    ]);
    await page.getByLabel('Название на казахском').fill(`Қаймақты борщ ${SUFFIX}`);
    await page.getByLabel('Цена').fill('1351,5');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Блюдо сохранено').first().waitFor();
    await page.waitForURL((u) => /^\/products\/\d+$/.test(u.pathname));
    await row(BORSCH).getByText('1\u00a0351,50\u00a0тг.').waitFor();
    // The Russian list names it in Russian.
    expect(await row(BORSCH).textContent()).not.toContain('Қаймақты');

    // On two menus, one of them activated for a school (from a day far ahead, so no screen sells it):
    // the question names both, as deleting takes the dish off them.
    const admin = await tokenOf('edu.admin@demo.kz');
    const menu = async (name: string) => {
      const { id } = await call<{ id: number }>(admin, 'POST', '/api/menu', { name, days: 5, groups: '3' });
      await call(admin, 'POST', '/api/menu/product', { menu_id: id, day: 2, group: 3, product_id: dishId });
      return id;
    };
    await menu(`Зима ${SUFFIX}`);
    const autumn = await menu(`Осень ${SUFFIX}`);
    const school = (await call<{ rows: { id: number }[] }>(admin, 'GET', '/api/schools?limit=1')).rows[0]!.id;
    await call(admin, 'POST', '/api/activated/menu/activate', {
      school_id: school,
      menu_id: autumn,
      type: 'paid_food',
      date: `2099-0${1 + (Number(SUFFIX) % 9)}-1${Number(SUFFIX) % 9}`,
    });
    await row(BORSCH).getByRole('button', { name: 'Удалить' }).click();
    const question = page.getByTestId('dish-delete-question');
    await question.getByText(/Блюдо есть в меню/).waitFor();
    expect(await question.textContent()).toBe(
      `Вы действительно желаете удалить блюдо?Блюдо есть в меню: «Зима ${SUFFIX}», «Осень ${SUFFIX}» (активировано). Удаление уберёт его оттуда.`,
    );
    await shot(page, 'dish-delete-question');
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Да' }).click();
    await page.getByText('Блюдо удалено').first().waitFor();
    await row(BORSCH).waitFor({ state: 'detached' });
    await page.getByText('В этой категории пока нет блюд').waitFor();
    // A dish named only in Kazakh so far is shown by that name, marked, in the Russian list.
    const categoryId = Number(new URL(page.url()).pathname.split('/').pop());
    await call(admin, 'POST', '/api/product', {
      category_id: categoryId,
      name_kk: `Құрт ${SUFFIX}`,
      cost: '50',
      output: '30 г',
    });
    await page.reload();
    await rows()
      .filter({ hasText: `Құрт ${SUFFIX}` })
      .getByText('(на казахском)')
      .waitFor();
    await shot(page, 'dishes-list-kazakh-only');
  });
});
