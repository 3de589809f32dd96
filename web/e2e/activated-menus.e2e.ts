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

describe('an activation a later one took over from', () => {
  it('says «Заменено с» and the date, not an empty «Сегодня»', async () => {
    const admin = await tokenOf('edu.admin@demo.kz');
    const schoolId = (
      await call<{ id: number }>(admin, 'POST', '/api/school', {
        region_id: 2,
        name: `Школа замены ${SUFFIX}`,
        address: 'ул. Абая, 5',
        city: 'Алматы',
      })
    ).id;
    const menu = await call<{ id: number }>(admin, 'POST', '/api/menu', {
      name: `Зима ${SUFFIX}`,
      days: 5,
      groups: '3',
    });
    const next = await call<{ id: number }>(admin, 'POST', '/api/menu', {
      name: `Весна2 ${SUFFIX}`,
      days: 5,
      groups: '3',
    });
    const daysAgo = (n: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Almaty' }).format(new Date(Date.now() - n * 86_400_000));
    for (const [menuId, date] of [
      [menu.id, daysAgo(20)],
      [next.id, daysAgo(6)],
    ] as const) {
      await call(admin, 'POST', '/api/activated/menu/activate', {
        school_id: schoolId,
        menu_id: menuId,
        type: 'paid_food',
        date,
      });
    }
    await page.goto(`${baseUrl()}/activated/menus?schoolId=${schoolId}`);
    const replaced = rowOf(`Зима ${SUFFIX}`).getByTestId('activation-replaced');
    await replaced.waitFor();
    expect(await replaced.textContent()).toBe(`Заменено с ${daysAgo(6).split('-').reverse().join('.')}`);
    expect(await rowOf(`Весна2 ${SUFFIX}`).getByTestId('activation-replaced').count()).toBe(0);
    await shot(page, 'activated-menus-replaced');
  });
});

describe('the printed week of an activation', () => {
  it('runs a ten-day menu over the working days: activated on a Tuesday, it serves day 6 on the second Monday', async () => {
    const admin = await tokenOf('edu.admin@demo.kz');
    const menu = await call<{ id: number }>(admin, 'POST', '/api/menu', {
      name: `Две недели ${SUFFIX}`,
      days: 10,
      groups: '3',
    });
    // A school named in both languages: the notice board's sheet names it in both, as its dishes.
    const { id: schoolId } = await call<{ id: number }>(admin, 'POST', '/api/school', {
      region_id: 2,
      name: `Школа недель ${SUFFIX}`,
      name_kk: `Апталар мектебі ${SUFFIX}`,
      city: 'Алматы',
      address: 'ул. Абая, 2',
    });
    // A Tuesday of February of YEAR, a five-day school's week (no holiday is known that far ahead).
    const day = (n: number) => new Date(Date.UTC(YEAR, 1, n)).toISOString().slice(0, 10);
    let first = 3;
    while (new Date(`${day(first)}T00:00:00Z`).getUTCDay() !== 2) first += 1;
    const activation = await call<{ id: number }>(admin, 'POST', '/api/activated/menu/activate', {
      school_id: schoolId,
      menu_id: menu.id,
      type: 'free_food',
      date: day(first),
    });
    const printed = async (from: string, to: string) => {
      const query = new URLSearchParams({ activation: String(activation.id), from, to });
      await page.goto(`${baseUrl()}/menu/${menu.id}/print?${query.toString()}`);
      const days = page.getByTestId('menu-print-page').getByTestId('printed-day');
      await days.first().waitFor();
      return days.locator('h2').allTextContents();
    };
    const dotted = (iso: string) => iso.split('-').reverse().join('.');
    // The first week, Monday to Sunday: nothing before the Tuesday, nothing on the weekend.
    expect(await printed(day(first - 1), day(first + 5))).toEqual([
      `Вторник, ${dotted(day(first))} — день 2 меню`,
      `Среда, ${dotted(day(first + 1))} — день 3 меню`,
      `Четверг, ${dotted(day(first + 2))} — день 4 меню`,
      `Пятница, ${dotted(day(first + 3))} — день 5 меню`,
    ]);
    // The second week opens the menu's second week.
    const second = await printed(day(first + 6), day(first + 12));
    expect(second[0]).toBe(`Понедельник, ${dotted(day(first + 6))} — день 6 меню`);
    expect(second.at(-1)).toBe(`Пятница, ${dotted(day(first + 10))} — день 10 меню`);
    expect(await page.getByTestId('menu-print-page').locator('h1').textContent()).toContain(
      `Апталар мектебі ${SUFFIX} / Школа недель ${SUFFIX}`,
    );
    await shot(page, 'menu-print-activation-week');
  });
});
