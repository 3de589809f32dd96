import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, openBrowser, shot, signIn, signOutHere } from './browser.ts';
import { call, tokenOf } from './fixation-helpers.ts';

const SUFFIX = String(Date.now()).slice(-7);
const MENU = `Весна ${SUFFIX}`;
// A day no other test or the demo data activates: the unique day and type stay free.
const YEAR = 2040 + (Number(SUFFIX) % 50);
const DAY = `03.03.${YEAR}`;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let school: string;

const rowOf = (menu: string) =>
  page
    .locator('[data-testid="activated-menus-page"] tbody tr.ant-table-row')
    .filter({ has: page.getByRole('link', { name: menu, exact: true }) });

async function chooseDate(text: string) {
  const input = page.getByLabel('Действует с');
  await input.click();
  await input.fill(text);
  await input.press('Enter');
}

beforeAll(async () => {
  const admin = await tokenOf('edu.admin@demo.kz');
  await call(admin, 'POST', '/api/menu', { name: MENU, days: 7, groups: '3' });
  school = (await call<{ rows: { name: string }[] }>(admin, 'GET', '/api/schools?limit=1')).rows[0]!.name;
  browser = await openBrowser();
  page = browser.page;
  await signOutHere(page);
  await signIn(page, 'edu.admin@demo.kz');
});
afterAll(() => browser?.close());

describe('/activated/menus as the education admin', () => {
  it('activates a menu for a school from a date, lists it, refuses the same day twice, and removes it', async () => {
    await page.goto(`${baseUrl()}/activated/menus`);
    await page.getByRole('link', { name: 'Активировать меню' }).click();
    await page.waitForURL((u) => u.pathname === '/menu/activate');
    await page.getByRole('link', { name: 'Активированные меню' }).waitFor();

    // The menu is required; the school is the first one, the type paid food, the date today. The form
    // is asked once it shows its school (a click before, on a busy machine, met a form still loading).
    await page.getByTestId('school-select').getByText(school).waitFor();
    await page.getByRole('button', { name: 'Активировать' }).click();
    await page.locator('.ant-form-item-explain-error').getByText('Выберите меню').waitFor();
    expect(await page.getByRole('radio', { name: 'Платное питание', exact: true }).isChecked()).toBe(true);

    await page.getByRole('combobox', { name: 'Меню', exact: true }).click();
    await page.getByTitle(`${MENU} (7 дней)`).click();
    await page
      .locator('label.ant-radio-button-wrapper')
      .filter({ hasText: /^Бесплатное питание$/ })
      .click();
    await chooseDate(DAY);
    await shot(page, 'menu-activate');
    await page.getByRole('button', { name: 'Активировать' }).click();
    await page.getByText('Меню активировано').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/activated/menus');
    const row = rowOf(MENU);
    await row.waitFor();
    expect(await row.textContent()).toContain(school);
    expect(await row.textContent()).toContain('Бесплатное питание');
    expect(await row.textContent()).toContain(DAY);
    await shot(page, 'activated-menus');

    // The same school, type and day again: the server's reason under the date.
    await page.goto(`${baseUrl()}/menu/activate`);
    await page.getByRole('combobox', { name: 'Меню', exact: true }).click();
    await page.getByTitle(`${MENU} (7 дней)`).click();
    await page
      .locator('label.ant-radio-button-wrapper')
      .filter({ hasText: /^Бесплатное питание$/ })
      .click();
    await chooseDate(DAY);
    await page.getByRole('button', { name: 'Активировать' }).click();
    await page
      .locator('.ant-form-item-explain-error')
      .getByText('С этой даты в школе уже действует меню этого типа')
      .waitFor();

    // This week's menu to print: the menu starts in a later year, so no day of it applies yet.
    await page.goto(`${baseUrl()}/activated/menus`);
    await rowOf(MENU).getByRole('link', { name: 'Печать меню недели' }).click();
    await page.waitForURL((u) => u.pathname.endsWith('/print') && u.searchParams.get('activation') !== null);
    await page.getByText('На эти дни меню не действует').waitFor();

    await page.goto(`${baseUrl()}/activated/menus`);
    await rowOf(MENU).getByRole('button', { name: 'Удалить' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Да' }).click();
    await page.getByText('Активация снята').first().waitFor();
    await rowOf(MENU).waitFor({ state: 'detached' });
  });
});
