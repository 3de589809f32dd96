import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, fieldError, openBrowser, shot, signIn, signOutHere, storedToken } from './browser.ts';

const SUFFIX = String(Date.now()).slice(-7);
const NAME = `Обед ${SUFFIX}`;
const OTHER = `Полдник ${SUFFIX}`;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
/** Three free windows of the demo company's day, found at the start: windows may not overlap. */
let slots: { start: string; finish: string }[];

const rows = () => page.locator('[data-testid="fixation-categories-page"] tbody tr.ant-table-row');
const row = (name: string) => rows().filter({ has: page.getByRole('link', { name, exact: true }) });
const names = () => rows().locator('td:nth-child(2)').allTextContents();
/** Waits for the list to show exactly these names, in this order (a search or a save refetches it). */
const expectNames = (expected: string[]) => expect.poll(names, { timeout: 10_000 }).toEqual(expected);

async function call<T>(method: string, url: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${url}`, {
    method,
    headers: { authorization: `Bearer ${await storedToken(page)}` },
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const toTime = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** `count` disjoint 20-minute windows that no live category of the organization covers. */
async function freeSlots(count: number) {
  const { rows: taken } = await call<{ rows: { time_start: string; time_finish: string }[] }>(
    'GET',
    '/api/fixation/categories?limit=1000',
  );
  const busy = taken.map((c) => [toMinutes(c.time_start), toMinutes(c.time_finish)] as const);
  const found: { start: string; finish: string }[] = [];
  for (let m = 6 * 60; m + 20 < 24 * 60 && found.length < count; m += 30) {
    if (busy.every(([s, f]) => !(s < m + 20 && m < f))) found.push({ start: toTime(m), finish: toTime(m + 20) });
  }
  if (found.length < count) throw new Error('no free windows left in the demo company');
  return found;
}

async function setTime(label: string, value: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  // Enter takes the time and keeps the form open: it is sent with «Сохранить» only.
  await input.press('Enter');
  expect(await input.inputValue()).toBe(value);
}

async function fillCategory(name: string, start: string, finish: string, position?: number) {
  await page.getByLabel('Название').fill(name);
  if (position !== undefined) {
    await page.getByLabel('Позиция').fill(String(position));
    expect(await page.getByLabel('Позиция').inputValue()).toBe(String(position));
  }
  await setTime('Начало', start);
  await setTime('Окончание', finish);
}

async function search(text: string) {
  await page.getByLabel('Поиск по названию').fill(text);
  await page.waitForURL((u) => u.searchParams.get('query') === text);
}

beforeAll(async () => {
  browser = await openBrowser();
  page = browser.page;
  await signOutHere(page);
  await signIn(page, 'admin@demo.kz');
  slots = await freeSlots(3);
});
afterAll(() => browser?.close());

describe('/fixation/categories as admin@demo.kz', () => {
  it('asks for name and times, offers position 99, then creates categories', async () => {
    const [a, , c] = slots as [(typeof slots)[0], (typeof slots)[0], (typeof slots)[0]];
    await page.goto(`${baseUrl()}/fixation/categories`);
    await page.getByRole('link', { name: 'Добавить категорию' }).click();
    await page.waitForURL((u) => u.pathname === '/fixation/category/create');
    expect(await page.getByLabel('Позиция').inputValue()).toBe('99');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await fieldError(page, 'Название').getByText('Обязательное поле').waitFor();
    await fieldError(page, 'Начало').getByText('Обязательное поле').waitFor();
    await fieldError(page, 'Окончание').getByText('Обязательное поле').waitFor();

    await fillCategory(NAME, a.finish, a.start);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await fieldError(page, 'Окончание').getByText('Время окончания должно быть позже времени начала').waitFor();
    await shot(page, 'fixation-category-form-errors');

    // A position out of range or not whole stays as typed and is refused, never cut to 0–100.
    for (const typed of ['150', '-1', '2.5', 'abc']) {
      await page.getByLabel('Позиция').fill(typed);
      await page.getByRole('button', { name: 'Сохранить' }).click();
      await fieldError(page, 'Позиция').getByText('Позиция — целое число от 0 до 100').waitFor();
      expect(await page.getByLabel('Позиция').inputValue()).toBe(typed);
      expect(page.url()).toContain('/fixation/category/create');
    }
    await page.getByLabel('Позиция').fill('');

    await fillCategory(NAME, a.start, a.finish);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Категория добавлена').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/fixation/categories');

    await page.getByRole('link', { name: 'Добавить категорию' }).click();
    await fillCategory(OTHER, c.start, c.finish, 5);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL((u) => u.pathname === '/fixation/categories');

    await search(SUFFIX);
    await row(NAME).waitFor();
    await expectNames([OTHER, NAME]);
    expect(await row(NAME).getByTestId('category-window').textContent()).toBe(`${a.start}–${a.finish}`);
    expect(await row(NAME).locator('td').first().textContent()).toBe('99');
    await shot(page, 'fixation-categories-list');
  });

  it('shows the server’s refusal of an overlapping window under «Начало»', async () => {
    const a = slots[0]!;
    await page.goto(`${baseUrl()}/fixation/category/create`);
    await fillCategory(`Пересечение ${SUFFIX}`, a.start, a.finish);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await fieldError(page, 'Начало').getByText(`Время пересекается с категорией «${NAME}»`).waitFor();
    expect(new URL(page.url()).pathname).toBe('/fixation/category/create');
    await shot(page, 'fixation-category-overlap');
  });

  it('searches by name', async () => {
    await page.goto(`${baseUrl()}/fixation/categories`);
    await search(OTHER);
    await row(OTHER).waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="fixation-categories-page"] tbody tr.ant-table-row').length === 1,
    );
  });

  it('edits the window and the position, which reorders the list', async () => {
    const b = slots[1]!;
    await page.goto(`${baseUrl()}/fixation/categories?query=${SUFFIX}`);
    await row(NAME).getByRole('link', { name: 'Изменить' }).click();
    await page.waitForURL((u) => /^\/fixation\/category\/\d+$/.test(u.pathname));
    await page.getByText('Редактирование категории').first().waitFor();
    expect(await page.getByLabel('Начало', { exact: true }).inputValue()).toBe(slots[0]!.start);
    await shot(page, 'fixation-category-edit');
    await fillCategory(NAME, b.start, b.finish, 1);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Категория сохранена').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/fixation/categories');
    await search(SUFFIX);
    await row(NAME).getByText(`${b.start}–${b.finish}`).waitFor();
    await expectNames([NAME, OTHER]);
  });

  it('deletes categories after the confirmation, freeing their windows', async () => {
    await page.goto(`${baseUrl()}/fixation/categories?query=${SUFFIX}`);
    for (const name of [OTHER, NAME]) {
      await row(name).getByRole('button', { name: 'Удалить' }).click();
      await page.getByText('Вы действительно желаете удалить категорию?').waitFor();
      if (name === OTHER) await shot(page, 'fixation-category-delete-confirm');
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Да' }).click();
      await row(name).waitFor({ state: 'detached' });
    }
    await page.getByText('Нет данных').waitFor();
  });
});
