import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBin } from '@tamaq/contract/kz-id';
import { baseUrl, DEMO_PASSWORD, fieldError, openBrowser, shot, signIn, signOutHere, storedToken } from './browser.ts';
import { call as callAs, tokenOf } from './fixation-helpers.ts';

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

/** An education organization of its own, its admin signed in here: the demo schools keep one meal a day. */
async function ownEducationOrganization() {
  const stamp = Date.now();
  const email = `meals.${stamp}@demo.kz`;
  await callAs(await tokenOf('superadmin@demo.kz'), 'POST', '/api/organization', {
    name: `Отдел образования с питанием ${stamp}`,
    type: 'education',
    status: 'active',
    bin: makeBin('25094', (stamp % 100000) * 10 + 1),
    modules: [],
    admin_name: 'Админ Питания',
    admin_email: email,
    admin_password: DEMO_PASSWORD,
  });
  await signOutHere(page);
  await signIn(page, email);
  return { stamp, email };
}

/** Chooses an option of the Select with this test id by its text. */
async function choose(testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).click();
  await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
}

describe('/fixation/categories as the admin of an education organization: its meal times', () => {
  it('names them meal times, keeps them within 05:00–23:00 and lists what was added', async () => {
    const { stamp, email } = await ownEducationOrganization();
    await page.getByTestId('nav-group-reference').click();
    await page.getByRole('menuitem', { name: 'Время питания' }).click();
    await page.waitForURL((u) => u.pathname === '/fixation/categories');
    await page.getByText('Время питания не задано: засчитывается одна порция в день').waitFor();
    await page.getByRole('link', { name: 'Добавить время питания' }).click();
    await page.getByText(/с 05:00 до 23:00/).waitFor();
    await fillCategory('Завтрак', '04:30', '09:00');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await fieldError(page, 'Начало').getByText('Время питания в школе и детском саду — с 05:00 до 23:00').waitFor();
    expect(page.url()).toContain('/fixation/category/create');
    await shot(page, 'meal-time-form-error');
    await setTime('Начало', '08:00');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Время питания добавлено').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/fixation/categories');
    await expectNames(['Завтрак']);
    expect(await row('Завтрак').getByTestId('category-window').textContent()).toBe('08:00–09:00');
    await page.getByRole('link', { name: 'Добавить время питания' }).click();
    await fillCategory('Обед', '12:00', '13:00');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL((u) => u.pathname === '/fixation/categories');
    await expectNames(['Завтрак', 'Обед']);
    await shot(page, 'meal-times');

    // A food category says which of them it pays for: the social wallet, a lunch.
    await page.goto(`${baseUrl()}/food/category/create`);
    const meals = page.getByTestId('food-category-meals');
    await meals.getByText('Обед 12:00–13:00').waitFor();
    await page.getByLabel('Название на русском').fill('Соцкошелёк');
    await page.getByLabel('Стоимость питания в день').fill('700');
    await meals.getByRole('checkbox', { name: 'Обед 12:00–13:00' }).check();
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL((u) => u.pathname === '/food/categories');
    await page.getByRole('link', { name: 'Соцкошелёк', exact: true }).click();
    await meals.getByRole('checkbox', { name: 'Обед 12:00–13:00' }).waitFor();
    expect(await meals.getByRole('checkbox', { name: 'Обед 12:00–13:00' }).isChecked()).toBe(true);
    expect(await meals.getByRole('checkbox', { name: 'Завтрак 08:00–09:00' }).isChecked()).toBe(false);
    await shot(page, 'food-category-meals');

    // The kitchen's count of a working day has a column per meal: the pupil's category pays a lunch.
    const admin = await tokenOf(email);
    const { rows: categories } = await callAs<{ rows: { id: number; name: string }[] }>(
      admin,
      'GET',
      '/api/food/categories',
    );
    const school = await callAs<{ id: number }>(admin, 'POST', '/api/school', {
      region_id: 2,
      name: `Школа питания ${stamp}`,
      address: 'ул. Абая, 3',
      city: 'Алматы',
    });
    const classroom = await callAs<{ id: number }>(admin, 'POST', '/api/classroom', {
      schoolId: school.id,
      name: '3 А',
    });
    await callAs(admin, 'POST', '/api/user', {
      name: 'Асель Обедова',
      school_id: school.id,
      classroom_id: classroom.id,
      food_category_id: categories.find((c) => c.name === 'Соцкошелёк')!.id,
    });
    await page.goto(`${baseUrl()}/kitchen?schoolId=${school.id}&date=2026-11-25`);
    const table = page.getByTestId('kitchen-table');
    await table.getByRole('columnheader', { name: 'Обед 12:00' }).waitFor();
    const header = await table.locator('thead th').allTextContents();
    const line = await table.locator('tbody tr.ant-table-row', { hasText: '3 А' }).locator('td').allTextContents();
    expect(line[header.indexOf('Завтрак 08:00')]).toBe('0');
    expect(line[header.indexOf('Обед 12:00')]).toBe('1');
    await shot(page, 'kitchen-meals');

    // The school's scanning screen says the meal a scan records now, or that it is no meal time.
    await page.goto(`${baseUrl()}/school/fixation?schoolId=${school.id}`);
    // What it should say at this minute in Almaty, asked again on every look (a window may open meanwhile).
    const expectedNow = () => {
      const now = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Asia/Almaty',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date());
      if (now >= '08:00' && now < '09:00') return 'Завтрак 08:00–09:00';
      if (now >= '12:00' && now < '13:00') return 'Обед 12:00–13:00';
      return 'Сейчас не время питания: скан не запишется';
    };
    const current = page.getByTestId('current-categories');
    await current.waitFor();
    await expect.poll(async () => (await current.textContent())!.includes(expectedNow())).toBe(true);
  });

  it("keeps a school's own meal time of one shift, and a class's shift says which classes eat then", async () => {
    const { stamp, email } = await ownEducationOrganization();
    const admin = await tokenOf(email);
    const schoolName = `Школа двух смен ${stamp}`;
    const school = await callAs<{ id: number }>(admin, 'POST', '/api/school', {
      region_id: 2,
      name: schoolName,
      address: 'ул. Абая, 5',
      city: 'Алматы',
    });
    await callAs(admin, 'POST', '/api/school', {
      region_id: 2,
      name: `Другая школа ${stamp}`,
      address: 'ул. Абая, 7',
      city: 'Алматы',
    });
    await page.goto(`${baseUrl()}/fixation/category/create`);
    await fillCategory('Обед 2 смены', '13:00', '13:40');
    await choose('school-select', schoolName);
    await choose('shift-select', '2 смена');
    // The menu's meal it serves: the food categories that pay for it are held against the menu's lunch.
    await choose('meal-mode-select', 'Обед');
    await shot(page, 'meal-time-of-a-shift');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL((u) => u.pathname === '/fixation/categories');
    await expectNames(['Обед 2 смены']);
    expect(await row('Обед 2 смены').getByTestId('category-school').textContent()).toBe(schoolName);
    expect(await row('Обед 2 смены').getByTestId('category-shift').textContent()).toBe('2 смена');
    expect(await row('Обед 2 смены').getByTestId('category-meal-mode').textContent()).toBe('Обед');
    // Every school, both shifts at the same hour: it would meet the second shift's lunch.
    await page.getByRole('link', { name: 'Добавить время питания' }).click();
    await fillCategory('Обед всех', '13:20', '14:00');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await fieldError(page, 'Начало').getByText('Время пересекается с категорией «Обед 2 смены»').waitFor();
    // The first shift may eat then.
    await choose('shift-select', '1 смена');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL((u) => u.pathname === '/fixation/categories');
    await expectNames(['Обед 2 смены', 'Обед всех']);
    expect(await row('Обед всех').getByTestId('category-school').textContent()).toBe('Все школы');
    expect(await row('Обед всех').getByTestId('category-shift').textContent()).toBe('1 смена');
    expect(await row('Обед всех').getByTestId('category-meal-mode').textContent()).toBe('Не указан');
    await shot(page, 'meal-times-of-shifts');

    // A class of the second shift.
    await page.goto(`${baseUrl()}/classroom/${school.id}/create`);
    await page.getByLabel('Название на русском').fill('6 Б');
    await choose('classroom-shift', '2 смена');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL((u) => u.pathname === '/classrooms');
    const { rows: classes } = await callAs<{ rows: { name: string; shift: number }[] }>(
      admin,
      'GET',
      `/api/classrooms?schoolId=${school.id}`,
    );
    expect(classes.map((c) => [c.name, c.shift])).toEqual([['6 Б', 2]]);
  });
});
