import type { Card, UserCards } from '@tamaq/contract/cards';
import type { FixationList } from '@tamaq/contract/fixations';
import type { Locator, Page } from 'playwright-core';
import { wedgeScan as scanKeys } from './fixation-helpers.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO_PASSWORD, openBrowser, shot, signInAt } from './browser.ts';

let browser: Awaited<ReturnType<typeof openBrowser>>;

/** Calls the API as a script would (no cookies, so no CSRF header is needed). */
async function call<T>(token: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : null,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
async function tokenOf(email: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

const table = (page: Page) => page.getByTestId('manual-table');
const rowByName = (page: Page, name: string) => table(page).locator('tr.ant-table-row').filter({ hasText: name });
const markOf = (page: Page, name: string) => page.getByRole('checkbox', { name: `Отметить: ${name}`, exact: true });
const countOf = (page: Page, name: string) => page.getByRole('textbox', { name: `Порций: ${name}`, exact: true });

/** Picks an option of an antd Select by typing its text (a long list shows only a window of options). */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  // Keys typed before the list has opened would be lost (on a loaded machine it opens late).
  await page.locator('.ant-select-dropdown:visible').waitFor();
  await page.keyboard.type(option);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

/**
 * A keyboard-wedge scanner: the number's keys 5 ms apart, then Enter, generated inside the page (see
 * fixation-helpers' wedgeScan: keys sent from a loaded test machine arrive too far apart to read as
 * a scanner). Then waits for what the scan should show.
 */
async function wedgeScan(page: Page, code: string, outcome: Locator) {
  await scanKeys(page, code);
  await outcome.waitFor();
}

/** The list has settled: no spinner over the rows. */
async function settled(page: Page) {
  // A filter change reaches the URL a moment before the list starts reloading: the list counts as
  // settled once it has rows and no spinner twice in a row, half a second apart.
  const ready = async () =>
    (await table(page).locator('tr.ant-table-row').count()) > 0 &&
    (await table(page).locator('.ant-spin-spinning').count()) === 0;
  await expect
    .poll(async () => (await ready()) && (await new Promise((r) => setTimeout(r, 500))) === undefined && ready(), {
      timeout: 30_000,
    })
    .toBe(true);
}

/** Names and ids of the rows in the order shown, with their marks. */
async function rowsOf(page: Page) {
  return table(page)
    .locator('tr.ant-table-row')
    .evaluateAll((trs) =>
      trs.map((tr) => ({
        id: Number(tr.getAttribute('data-row-key')),
        name: tr.querySelectorAll('td')[2]?.textContent?.trim() ?? '',
        marked: tr.getAttribute('data-marked') === 'true',
        // A pupil without a food category cannot be marked (as a scan refuses them).
        markable: !(tr.querySelector('input[type="checkbox"]') as HTMLInputElement | null)?.disabled,
      })),
    );
}

const dateOf = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Almaty',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);

beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

describe('/school/fixation/manual', () => {
  it('marks pupils of a class, saves, keeps them after a reload, unmarks, and marks a scanned card', async () => {
    const { page } = browser;
    await signInAt(page, 'edu.admin@demo.kz', `/school/fixation/manual`);
    await page.getByTestId('manual-hint').getByText('Выберите класс или категорию питания').waitFor();
    // The education admin has two schools, so the school picker is there; «Все классы» until chosen.
    await page.getByTestId('school-select').waitFor();
    expect(await page.getByTestId('classroom-select').textContent()).toContain('Все классы');
    expect(await page.getByTestId('food-category-select').textContent()).toContain('Все категории');
    await shot(page, 'manual-fixation-school-hint');

    await choose(page, 'classroom-select', '3 «Б»');
    await page.waitForURL((u) => u.searchParams.has('classroomId'));
    await settled(page);
    const before = await rowsOf(page);
    expect(before.length).toBeGreaterThanOrEqual(5);
    const free = before.filter((r) => !r.marked && r.markable);
    const [pupilA, pupilB, pupilC] = free;
    if (!pupilA || !pupilB || !pupilC) throw new Error('the class has fewer than three unmarked pupils');

    await markOf(page, pupilA.name).click();
    // Keyboard: Tab-focused checkbox, Space marks it.
    await markOf(page, pupilB.name).focus();
    await page.keyboard.press('Space');
    expect(await markOf(page, pupilB.name).isChecked()).toBe(true);
    await page.getByText('Не сохранено: 2 изменения').waitFor();

    // Changing the filter with unsaved marks asks first; «Остаться» keeps the marks and the filter.
    await choose(page, 'food-category-select', 'Платное питание');
    await page.locator('.ant-modal-confirm-title', { hasText: 'Есть несохранённые отметки' }).waitFor();
    await shot(page, 'manual-fixation-school-unsaved');
    await page.getByRole('button', { name: 'Остаться' }).click();
    await page
      .locator('.ant-modal-confirm-title', { hasText: 'Есть несохранённые отметки' })
      .waitFor({ state: 'hidden' });
    expect(new URL(page.url()).searchParams.has('categoryId')).toBe(false);
    expect(await markOf(page, pupilA.name).isChecked()).toBe(true);

    // Another person watches the school's visits live, in another browser profile.
    const elsewhere = await openBrowser();
    try {
      await signInAt(elsewhere.page, 'edu.admin@demo.kz', `/school/fixation`);
      await elsewhere.page.getByText('Обновляется вживую').waitFor();
      const newest = () =>
        elsewhere.page
          .locator('.ant-table-row')
          .evaluateAll((trs) => trs.slice(0, 2).map((tr) => tr.querySelectorAll('td')[1]?.textContent?.trim()));

      await page.getByRole('button', { name: 'Сохранить' }).click();
      await page.getByTestId('manual-saved').getByText('Сохранено: добавлено 2, удалено 0, изменено 0').waitFor();
      await settled(page);
      expect(await page.getByTestId('manual-unsaved').count()).toBe(0);
      await shot(page, 'manual-fixation-school-saved');

      // The two new visits come to the top of the other screen without a reload.
      await expect
        .poll(async () => (await newest()).sort(), { timeout: 15_000 })
        .toEqual([pupilA.name, pupilB.name].sort());
      await shot(elsewhere.page, 'manual-fixation-school-visits');
    } finally {
      await elsewhere.close();
    }
    const token = await tokenOf('edu.admin@demo.kz');
    const visits = await call<FixationList>(token, 'GET', '/api/school/fixations?limit=2');
    expect(visits.rows.map((v) => v.user.id).sort()).toEqual([pupilA.id, pupilB.id].sort());
    expect(visits.rows.map((v) => v.classroom?.name)).toEqual(['3 «Б»', '3 «Б»']);

    await page.reload();
    await settled(page);
    expect(await markOf(page, pupilA.name).isChecked()).toBe(true);
    expect(await markOf(page, pupilB.name).isChecked()).toBe(true);
    expect(await markOf(page, pupilC.name).isChecked()).toBe(false);

    await markOf(page, pupilB.name).click();
    await page.getByText('Не сохранено: 1 изменение').waitFor();
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByTestId('manual-saved').getByText('Сохранено: добавлено 0, удалено 1, изменено 0').waitFor();
    await page.reload();
    await settled(page);
    expect(await markOf(page, pupilA.name).isChecked()).toBe(true);
    expect(await markOf(page, pupilB.name).isChecked()).toBe(false);

    // A wedge scanner types the card number fast and presses Enter: its holder's row is marked.
    const [card] = await call<UserCards>(token, 'GET', `/api/card/user?userId=${pupilC.id}`);
    if (!card) throw new Error(`${pupilC.name} has no card`);
    await page.getByText('Ручная отметка питания').first().click();
    await wedgeScan(page, card.number, table(page).locator(`tr[data-row-key="${pupilC.id}"][data-marked="true"]`));
    expect(await markOf(page, pupilC.name).isChecked()).toBe(true);
    await page.getByText('Не сохранено: 1 изменение').waitFor();
    await shot(page, 'manual-fixation-school-scanned');

    // A card nobody registered: a message, nothing marked.
    await wedgeScan(page, '7799999999', page.getByText('Карта 7799999999 не найдена'));
    await page.getByText('Не сохранено: 1 изменение').waitFor();

    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByTestId('manual-saved').getByText('Сохранено: добавлено 1, удалено 0, изменено 0').waitFor();
    await page.reload();
    await settled(page);
    expect(await markOf(page, pupilC.name).isChecked()).toBe(true);
    // A long path with a second browser: on a loaded two-core machine it needs more than a minute.
  }, 180_000);

  it('lists a food category across classes and refuses to save a future date', async () => {
    const { page } = browser;
    await signInAt(page, 'edu.admin@demo.kz', `/school/fixation/manual`);
    await choose(page, 'food-category-select', 'Социальный кошелёк');
    await page.waitForURL((u) => u.searchParams.has('categoryId'));
    await settled(page);
    const classes = await table(page)
      .locator('tr.ant-table-row')
      .evaluateAll((trs) => new Set(trs.map((tr) => tr.querySelectorAll('td')[3]?.textContent)).size);
    expect(classes).toBeGreaterThan(1);
    const categories = await table(page)
      .locator('tr.ant-table-row')
      .evaluateAll((trs) => [...new Set(trs.map((tr) => tr.querySelectorAll('td')[4]?.textContent))]);
    expect(categories).toEqual(['Социальный кошелёк']);

    const tomorrow = dateOf(new Date(Date.now() + 36 * 3600_000));
    const url = new URL(page.url());
    url.searchParams.set('date', tomorrow);
    await page.goto(url.toString());
    await settled(page);
    // The list of a future day may be looked at; saving it is refused under the date (422).
    const [someone] = await rowsOf(page);
    await markOf(page, someone!.name).click();
    await page.getByRole('button', { name: 'Сохранить' }).click();
    const dateError = page
      .locator('.ant-form-item')
      .filter({ has: page.getByTestId('manual-date') })
      .locator('.ant-form-item-explain-error');
    await dateError.getByText('Нельзя отметить питание на будущую дату').waitFor();
    await page.getByText('Не сохранено: 1 изменение').waitFor();
    await shot(page, 'manual-fixation-school-future');
    await markOf(page, someone!.name).click();
    await page.getByTestId('manual-unsaved').waitFor({ state: 'detached' });
  });

  it('has no school picker for an admin locked to a school', async () => {
    const { page } = browser;
    await signInAt(page, 'school.admin@demo.kz', `/school/fixation/manual`);
    await page.getByTestId('classroom-select').waitFor();
    expect(await page.getByTestId('school-select').count()).toBe(0);
    await choose(page, 'classroom-select', '1 «А»');
    await settled(page);
    expect(await table(page).locator('tr.ant-table-row').count()).toBeGreaterThan(0);
  });

  it('speaks of groups and children to a kindergarten admin', async () => {
    const { page } = browser;
    await signInAt(page, 'kg.admin@demo.kz', `/school/fixation/manual`);
    await page.getByText('Выберите группу или категорию питания, чтобы увидеть детей').waitFor();
    expect(await page.getByTestId('classroom-select').textContent()).toContain('Все группы');
    await choose(page, 'classroom-select', 'Младшая группа');
    await settled(page);
    expect(await table(page).locator('th').allTextContents()).toContain('Группа');
    await shot(page, 'manual-fixation-kindergarten');
  });
});

describe('/fixation/manual', () => {
  it('records servings of an endless card and a one-time mark, and they persist', async () => {
    const { page } = browser;
    const token = await tokenOf('admin@demo.kz');
    await signInAt(page, 'admin@demo.kz', `/fixation/manual`);
    await page.getByText('Выберите категорию (завтрак, обед…), чтобы отметить питание').waitFor();
    await shot(page, 'manual-fixation-canteen-hint');

    await choose(page, 'canteen-select', 'Столовая №2 (цех)');
    await choose(page, 'fixation-category-select', 'Ужин');
    await page.waitForURL((u) => u.searchParams.has('categoryId') && u.searchParams.has('canteenId'));
    // Yesterday: no scan of another test can have touched it.
    const yesterday = new Date(Date.now() - 24 * 3600_000);
    await page.getByTestId('manual-date').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(
      new Intl.DateTimeFormat('ru-RU', {
        timeZone: 'Asia/Almaty',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
      }).format(yesterday),
    );
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.searchParams.get('date') === dateOf(yesterday));
    await settled(page);

    let endless = page.locator('[data-testid="manual-table"] input[aria-label^="Порций: "]');
    if ((await endless.count()) === 0) {
      // No endless card in the list: make the first employee's card endless.
      const [firstRow] = await rowsOf(page);
      const [card] = await call<UserCards>(token, 'GET', `/api/card/user?userId=${firstRow!.id}`);
      await call<Card>(token, 'POST', '/api/card/status', { cardId: card!.id, endless_use: 'Y' });
      await page.reload();
      await settled(page);
      endless = page.locator('[data-testid="manual-table"] input[aria-label^="Порций: "]');
    }
    const countLabel = (await endless.first().getAttribute('aria-label')) ?? '';
    const endlessName = countLabel.replace('Порций: ', '');
    const oneTime = (await rowsOf(page)).find(
      (r) => !r.marked && r.name !== endlessName && !r.name.includes('Безлимитная'),
    );
    if (!oneTime) throw new Error(`no unmarked one-time holder in ${JSON.stringify(await rowsOf(page))}`);
    const oneTimeName = oneTime.name;

    await countOf(page, endlessName).fill('3');
    await markOf(page, oneTimeName).click();
    await page.getByText('Не сохранено: 2 изменения').waitFor();
    await shot(page, 'manual-fixation-canteen-unsaved');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByTestId('manual-saved').getByText('Сохранено: добавлено 2, удалено 0, изменено 0').waitFor();

    await page.reload();
    await settled(page);
    expect(await countOf(page, endlessName).inputValue()).toBe('3');
    expect(await markOf(page, oneTimeName).isChecked()).toBe(true);
    expect(await rowByName(page, endlessName).getAttribute('data-marked')).toBe('true');
    await shot(page, 'manual-fixation-canteen-saved');

    // Fewer servings: one change; the one-time mark stays.
    await countOf(page, endlessName).fill('2');
    await page.getByText('Не сохранено: 1 изменение').waitFor();
    expect(await page.getByRole('button', { name: 'Сохранить' }).isDisabled()).toBe(false);
    // A count typed wrong stays as typed with its message and holds the save; never cut to 1000.
    await countOf(page, endlessName).fill('5000');
    await page.getByText('Порций — целое число от 0 до 1000').waitFor();
    expect(await countOf(page, endlessName).inputValue()).toBe('5000');
    expect(await page.getByRole('button', { name: 'Сохранить' }).isDisabled()).toBe(true);
    await countOf(page, endlessName).fill('2');
    expect(await page.getByText('Порций — целое число от 0 до 1000').count()).toBe(0);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByTestId('manual-saved').getByText('Сохранено: добавлено 0, удалено 0, изменено 1').waitFor();
    await page.reload();
    await settled(page);
    expect(await countOf(page, endlessName).inputValue()).toBe('2');
    expect(await markOf(page, oneTimeName).isChecked()).toBe(true);
  });
});
