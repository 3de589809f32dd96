import { makeBin } from '@tamaq/contract/kz-id';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  DEMO_PASSWORD,
  fieldError,
  openBrowser,
  openKazakhBrowser,
  shot,
  signInAt,
  signOutHere,
  storedToken,
} from './browser.ts';

/** Every row this file makes carries this suffix, so it never meets rows of other test files. */
const SUFFIX = String(Date.now()).slice(-7);
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

beforeAll(async () => {
  browser = await openBrowser();
  page = browser.page;
});
afterAll(() => browser?.close());

async function signInAs(email: string, path: string) {
  await signOutHere(page);
  await signInAt(page, email, path);
}

/** The API as the signed-in user of this browser (its stored token). */
async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const token = await storedToken(page);
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const table = () => page.locator('[data-testid="schools-page"] .ant-table-tbody');
const rows = () => table().locator('tr.ant-table-row');
const row = (name: string) => rows().filter({ hasText: name });
const search = (text: string) => page.getByLabel('Поиск по названию, номеру, городу или адресу').fill(text);

async function chooseRegion(name: string) {
  await page.getByLabel('Регион').click();
  await page.keyboard.type(name);
  await page.locator('.ant-select-item-option', { hasText: name }).first().click();
}

describe('/schools as edu.admin@demo.kz', () => {
  it('lists the organization’s schools with number, name, region, city and address', async () => {
    await signInAs('edu.admin@demo.kz', '/schools');
    await row('Школа-гимназия №1').waitFor();
    const headers = await page.locator('[data-testid="schools-page"] thead th').allTextContents();
    expect(headers.slice(0, 5)).toEqual(['Номер', 'Название', 'Регион', 'Город', 'Адрес']);
    expect(await row('Средняя школа №25').textContent()).toContain('мкр. Самал-2, 8');
    expect(await table().textContent()).not.toContain('Балапан');
    await shot(page, 'schools-list');
  });

  it('refuses an empty form field by field, then creates a school', async () => {
    await page.goto(`${baseUrl()}/schools`);
    await page.getByRole('link', { name: 'Добавить школу' }).click();
    await page.waitForURL((u) => u.pathname === '/school/create');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    for (const label of ['Название на русском', 'Регион', 'Город', 'Адрес']) {
      await fieldError(page, label).waitFor();
      expect(await fieldError(page, label).textContent()).toBe('Обязательное поле');
    }
    await shot(page, 'school-form-errors');

    await page.getByLabel('Название на русском', { exact: true }).fill(`Школа-лицей ${SUFFIX}`);
    await page.getByLabel('Название на казахском', { exact: true }).fill(`Мектеп-лицей ${SUFFIX}`);
    await page.getByLabel('Номер', { exact: true }).fill('77');
    await chooseRegion('г. Алматы');
    await page.getByLabel('Город', { exact: true }).fill('Алматы');
    await page.getByLabel('Адрес', { exact: true }).fill('ул. Сейфуллина, 500');
    await page.getByLabel('БИН', { exact: true }).fill('123');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await fieldError(page, 'БИН').getByText('Неверный БИН').waitFor();
    await page.getByLabel('БИН', { exact: true }).fill('');
    await page.getByLabel('Описание', { exact: true }).fill('Открыта в этом году');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Школа добавлена').waitFor();
    await page.waitForURL((u) => u.pathname === '/schools');
    await row(`Школа-лицей ${SUFFIX}`).waitFor();
    expect(await row(`Школа-лицей ${SUFFIX}`).textContent()).toContain('г. Алматы');
  });

  it('searches as one types and keeps the search in the address', async () => {
    await page.goto(`${baseUrl()}/schools`);
    await row('Школа-гимназия №1').waitFor();
    await search(SUFFIX);
    await page.waitForURL((u) => u.searchParams.get('query') === SUFFIX);
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="schools-page"] tbody tr.ant-table-row').length === 1,
    );
    expect(await table().textContent()).toContain(`Школа-лицей ${SUFFIX}`);
    await search('Самал');
    await row('Средняя школа №25').waitFor();
    await page.reload();
    await row('Средняя школа №25').waitFor();
    expect(await page.getByLabel('Поиск по названию, номеру, городу или адресу').inputValue()).toBe('Самал');
    await shot(page, 'schools-search');
  });

  it('edits a school and returns to the list', async () => {
    await page.goto(`${baseUrl()}/schools?query=${SUFFIX}`);
    await row(`Школа-лицей ${SUFFIX}`)
      .getByRole('link', { name: `Школа-лицей ${SUFFIX}` })
      .click();
    const city = page.getByLabel('Город', { exact: true });
    await city.waitFor();
    expect(await city.inputValue()).toBe('Алматы');
    expect(await page.getByLabel('Описание', { exact: true }).inputValue()).toBe('Открыта в этом году');
    await shot(page, 'school-edit');
    await city.fill('Каскелен');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Школа сохранена').waitFor();
    await page.waitForURL((u) => u.pathname === '/schools');
    await page.goto(`${baseUrl()}/schools?query=${SUFFIX}`);
    await row('Каскелен').waitFor();
  });

  it('names the school in Kazakh on the Kazakh screens and finds it typed in either language', async () => {
    const kazakh = await openKazakhBrowser('edu.admin@demo.kz');
    try {
      const kk = kazakh.page;
      await kk.goto(`${baseUrl()}/schools?query=${encodeURIComponent(`Мектеп-лицей ${SUFFIX}`)}`);
      const list = kk.locator('[data-testid="schools-page"] tbody tr.ant-table-row');
      await list.filter({ hasText: `Мектеп-лицей ${SUFFIX}` }).waitFor();
      expect(await list.count()).toBe(1);
      expect(await list.textContent()).not.toContain('Школа-лицей');
      await shot(kk, 'schools-kk');
      // Another screen's answer names the school in both languages: the kitchen's count is headed in Kazakh.
      const id = /\/school\/(\d+)$/.exec((await list.getByRole('link').first().getAttribute('href'))!)![1];
      await kk.goto(`${baseUrl()}/kitchen?schoolId=${id}`);
      await kk.locator('.tamaq-kitchen h1', { hasText: `Мектеп-лицей ${SUFFIX}` }).waitFor({ state: 'attached' });
      // The school picker of every screen names it in Kazakh, and a Russian name typed finds it.
      await kk.goto(`${baseUrl()}/classrooms`);
      await kk.getByTestId('school-select').click();
      await kk.keyboard.type(`Школа-лицей ${SUFFIX}`);
      const options = kk.locator('.ant-select-dropdown:visible .ant-select-item-option');
      await options.filter({ hasText: `Мектеп-лицей ${SUFFIX}` }).waitFor();
      expect(await options.count()).toBe(1);
    } finally {
      await kazakh.close();
    }
  });

  it('shows the turnstile settings read-only, not configured for a new school', async () => {
    await page.goto(`${baseUrl()}/schools?query=${SUFFIX}`);
    await row(`Школа-лицей ${SUFFIX}`).getByRole('link', { name: 'Настройки турникета' }).click();
    await page.waitForURL((u) => /^\/school\/\d+\/settings$/.test(u.pathname));
    await page.getByText('Подключение турникета для этой школы ещё не настроено').waitFor();
    const settings = page.getByTestId('school-settings-page');
    for (const label of ['Сервер', 'Порт', 'Название базы данных', 'Пользователь', 'Пароль']) {
      expect(await settings.textContent()).toContain(label);
    }
    expect(await settings.locator('input').count()).toBe(0);
    await shot(page, 'school-settings');
  });

  it('refuses to delete a school that has classes, with the reason', async () => {
    const school = await call<{ id: number }>('POST', '/api/school', {
      region_id: 2,
      name: `Школа с классами ${SUFFIX}`,
      city: 'Алматы',
      address: 'ул. Байзакова, 1',
    });
    await call('POST', '/api/classroom', { schoolId: school.id, name: '1 А' });
    await page.goto(`${baseUrl()}/schools?query=${encodeURIComponent(`классами ${SUFFIX}`)}`);
    await row(`Школа с классами ${SUFFIX}`).getByRole('button', { name: 'Удалить' }).click();
    await page.getByText('Вы действительно желаете удалить школу?').waitFor();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Да' }).click();
    await page.getByText('Нельзя удалить школу, в которой есть классы').waitFor();
    await shot(page, 'school-delete-refused');
    expect(await row(`Школа с классами ${SUFFIX}`).count()).toBe(1);
  });

  it('deletes a school after confirmation', async () => {
    await page.goto(`${baseUrl()}/schools?query=${encodeURIComponent(`лицей ${SUFFIX}`)}`);
    await row(`Школа-лицей ${SUFFIX}`).getByRole('button', { name: 'Удалить' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Да' }).click();
    await page.getByText('Школа удалена').waitFor();
    await row(`Школа-лицей ${SUFFIX}`).waitFor({ state: 'detached' });
  });
});

describe('/schools for other profiles', () => {
  it('shows a user locked to a school only that school, without add or delete', async () => {
    await signInAs('school.admin@demo.kz', '/schools');
    await row('Школа-гимназия №1').waitFor();
    expect(await rows().count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Добавить школу' }).count()).toBe(0);
    expect(await row('Школа-гимназия №1').getByRole('button', { name: 'Удалить' }).count()).toBe(0);
    await shot(page, 'schools-locked');
  });

  it('speaks of kindergartens to the kindergarten admin', async () => {
    await signInAs('kg.admin@demo.kz', '/schools');
    await row('Детский сад «Балапан»').waitFor();
    expect(await page.locator('[data-testid="schools-page"] .ant-card-head-title').textContent()).toBe('Детские сады');
    // The demo kindergarten admin is locked to the kindergarten: editing only, no turnstile settings.
    expect(await row('Детский сад «Балапан»').getByRole('link', { name: 'Изменить' }).count()).toBe(1);
    expect(await row('Детский сад «Балапан»').getByRole('link', { name: 'Настройки турникета' }).count()).toBe(0);
    await row('Детский сад «Балапан»').getByRole('link', { name: 'Изменить' }).click();
    await page.getByText('Редактирование детского сада').first().waitFor();
    await shot(page, 'schools-kindergarten');
  });
});

describe('a new organization’s first screen', () => {
  it('lists the first steps, ticks one once done, links each to its screen, and hides on asking', async () => {
    const stamp = Date.now();
    const email = `first.steps.${stamp}@demo.kz`;
    await signInAs('superadmin@demo.kz', '/organizations');
    await call('POST', '/api/organization', {
      name: `Отдел образования первых шагов ${stamp}`,
      type: 'education',
      status: 'active',
      bin: makeBin('26094', (stamp % 100000) * 10),
      modules: [],
      admin_name: 'Админ Первых Шагов',
      admin_email: email,
      admin_password: DEMO_PASSWORD,
    });
    await signInAs(email, '/schools');
    const checklist = page.getByTestId('setup-checklist');
    await checklist.waitFor();
    const steps = checklist.getByTestId('setup-step');
    expect(await steps.count()).toBe(11);
    expect(await checklist.textContent()).toContain('Сделано 0 из 11');
    expect(await page.getByText('Школ пока нет').count()).toBe(1);
    await shot(page, 'setup-checklist');
    // The empty list offers the one action that fills it.
    await page.getByTestId('empty-with-action').getByRole('button', { name: 'Добавить школу' }).click();
    await page.waitForURL((u) => u.pathname === '/school/create');
    await page.goBack();
    await checklist.waitFor();

    // A school added: its step is ticked when the admin comes back.
    await call('POST', '/api/school', { region_id: 2, name: `Школа ${stamp}`, city: 'Алматы', address: 'ул. Абая, 1' });
    await page.reload();
    await checklist.getByText('Сделано 1 из 11').waitFor();
    expect(await steps.first().getAttribute('data-done')).toBe('true');
    expect(await steps.first().getByRole('link').count()).toBe(0);
    // A step left leads to its screen.
    await checklist.getByRole('link', { name: 'Категории питания и их стоимость' }).click();
    await page.waitForURL((u) => u.pathname === '/food/categories');
    await page.goBack();
    await checklist.waitFor();
    // Hidden on asking, kept hidden through a reload, and shown again.
    await checklist.getByRole('button', { name: 'Скрыть' }).click();
    await checklist.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('setup-show').waitFor();
    expect(await checklist.count()).toBe(0);
    await page.getByTestId('setup-show').click();
    await checklist.waitFor();
  });
});
