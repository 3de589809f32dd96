import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  downloadLink,
  fieldError,
  openBrowser,
  shot,
  signInAt,
  signOutHere,
  storedToken,
  submitLogin,
} from './browser.ts';

/** Every row this file makes carries this suffix, so it never meets rows of other test files. */
const SUFFIX = String(Date.now()).slice(-7);
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let tmp: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-e2e-users-'));
  browser = await openBrowser();
  page = browser.page;
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function signInAs(email: string, where: string) {
  await signOutHere(page);
  await signInAt(page, email, where);
}

/** The API as the signed-in user of this browser (its stored token). */
async function call<T>(method: string, where: string, body?: unknown): Promise<T> {
  const token = await storedToken(page);
  const res = await fetch(`${baseUrl()}${where}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${where}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

function xlsxFile(name: string, rows: (string | number)[][]): string {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Лист1');
  const file = path.join(tmp, name);
  fs.writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  return file;
}

const table = () => page.locator('[data-testid="users-page"] .ant-table-tbody');
const row = (text: string) => table().locator('tr', { hasText: text });
const search = (text: string) => page.getByLabel('Поиск по ФИО, должности или номеру карты').fill(text);

async function choose(label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-item-option', { hasText: option }).first().click();
}

describe('/users as admin@demo.kz (company)', () => {
  it('lists the organization’s people with photo, name and job title, and finds by name or job title', async () => {
    await signInAs('admin@demo.kz', '/users');
    await row('Гульнара Ахметова').waitFor();
    const headers = await page.locator('[data-testid="users-page"] thead th').allTextContents();
    expect(headers).toEqual(['Фото', 'ФИО', 'Должность', 'Роль', 'Действия']);
    expect(await row('Гульнара Ахметова').locator('td:nth-child(4)').textContent()).toBe('Кассир');
    expect(await table().textContent()).not.toContain('Динара Оспанова');
    await shot(page, 'users-list');

    // The role filter, kept in the address.
    await page.getByLabel('Роль', { exact: true }).click();
    await page.locator('.ant-select-item-option', { hasText: 'Экономист' }).first().click();
    await page.waitForURL((u) => u.searchParams.get('role') === 'Economist');
    await row('Марат Касымов').waitFor();
    await expect.poll(() => table().locator('tr.ant-table-row').count()).toBe(1);
    await page.goto(`${baseUrl()}/users`);
    await row('Гульнара Ахметова').waitFor();

    await search('экономист');
    await page.waitForURL((u) => u.searchParams.get('query') === 'экономист');
    await row('Марат Касымов').waitFor();
    await expect.poll(() => table().locator('tr.ant-table-row').count()).toBe(1);
  });

  it('asks for e-mail and password when a role is chosen, then creates a cashier who can sign in', async () => {
    await page.goto(`${baseUrl()}/users`);
    await page.getByRole('link', { name: 'Добавить' }).click();
    await page.waitForURL((u) => u.pathname === '/user/create');
    await page.getByLabel('Вахта', { exact: true }).waitFor();
    await page.getByLabel('ФИО', { exact: true }).fill(`Кассир ${SUFFIX}`);
    await choose('Роль', 'Кассир');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await fieldError(page, 'E-mail').getByText('Обязательное поле').waitFor();
    await fieldError(page, 'Пароль').getByText('Обязательное поле').waitFor();
    await shot(page, 'user-form-errors');

    const email = `cashier${SUFFIX}@test.kz`;
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Пароль', { exact: true }).fill('kassa-2026');
    await page.getByLabel('Должность', { exact: true }).fill('Кассир зала');
    await page.getByLabel('ИИН', { exact: true }).fill('123');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await fieldError(page, 'ИИН').getByText('Неверный ИИН').waitFor();
    // A thirteenth digit typed is kept and refused, not cut off to an IIN nobody typed.
    await page.getByLabel('ИИН', { exact: true }).fill('');
    await page.getByLabel('ИИН', { exact: true }).pressSequentially('9001011234561');
    expect(await page.getByLabel('ИИН', { exact: true }).inputValue()).toBe('9001011234561');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await fieldError(page, 'ИИН').getByText('Неверный ИИН').waitFor();
    await page.getByLabel('ИИН', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Пользователь добавлен').waitFor();
    await page.waitForURL((u) => u.pathname === '/users');
    await search(SUFFIX);
    await row(`Кассир ${SUFFIX}`).waitFor();
    expect(await row(`Кассир ${SUFFIX}`).textContent()).toContain('Кассир зала');

    const login = await fetch(`${baseUrl()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'kassa-2026' }),
    });
    expect(login.status).toBe(200);
  });

  it('creates a person once when the answer to «Сохранить» is lost and it is pressed again', async () => {
    const name = `Потерянный ответ ${SUFFIX}`;
    await page.goto(`${baseUrl()}/user/create`);
    await page.getByLabel('ФИО', { exact: true }).fill(name);
    await page.getByLabel('Должность', { exact: true }).fill('Повар');
    // The server creates the person, but the answer never comes back (a dropped Wi-Fi).
    const keys: (string | undefined)[] = [];
    await page.route('**/api/user', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      keys.push(route.request().headers()['idempotency-key']);
      if (keys.length > 1) return route.continue();
      await route.fetch();
      await route.abort('connectionreset');
    });
    try {
      await page.getByRole('button', { name: 'Сохранить' }).click();
      // The lost answer is said under the first field, and the form stays as filled.
      await fieldError(page, 'ФИО').waitFor();
      await page.getByRole('button', { name: 'Сохранить' }).click();
      await page.getByText('Пользователь добавлен').waitFor();
    } finally {
      await page.unroute('**/api/user');
    }
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    const found = await call<{ rows: { name: string }[] }>('GET', `/api/users?query=${encodeURIComponent(name)}`);
    expect(found.rows.filter((r) => r.name === name)).toHaveLength(1);
  });

  it('edits a user and returns to the list it came from (with its search)', async () => {
    await page.goto(`${baseUrl()}/users?query=${SUFFIX}`);
    await row(`Кассир ${SUFFIX}`).getByRole('link', { name: 'Редактировать' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/user/'));
    const job = page.getByLabel('Должность', { exact: true });
    await job.waitFor();
    expect(await job.inputValue()).toBe('Кассир зала');
    expect(await page.getByLabel('Пароль', { exact: true }).inputValue()).toBe('');
    await shot(page, 'user-form-edit');
    await job.fill('Старший кассир');
    const photo = path.join(tmp, 'photo.png');
    await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 120, b: 40 } } })
      .png()
      .toFile(photo);
    await page.getByTestId('image-upload-input').setInputFiles(photo);
    await page.locator('[data-testid="user-form"] img[src^="/api/images/"]').waitFor();
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Изменения сохранены').waitFor();
    await page.waitForURL((u) => u.pathname === '/users' && u.searchParams.get('query') === SUFFIX);
    await row('Старший кассир').waitFor();
    await row('Старший кассир').locator('img[src^="/api/images/"]').waitFor();
    await shot(page, 'users-with-photo');
  });

  it('imports employees from Excel, and lists the rows it refuses', async () => {
    await page.goto(`${baseUrl()}/users`);
    const bad = xlsxFile('bad.xlsx', [
      ['ФИО', 'ИИН', 'Должность'],
      [`Повар ${SUFFIX}`, '111111111111', 'Повар'],
      ['', '', 'Без имени'],
    ]);
    await page.locator('input[type="file"][accept=".xlsx,.xls"]').setInputFiles(bad);
    // The check lists the rows with their reasons before anything is written; no valid row: nothing to load.
    const rejected = page.getByTestId('import-rejected');
    await rejected.waitFor();
    expect(await rejected.locator('li').allTextContents()).toEqual([
      'строка 2: неверный ИИН',
      'строка 3: не указано ФИО',
    ]);
    expect(await page.getByRole('button', { name: 'Загрузить верные строки (0)' }).isDisabled()).toBe(true);
    // The bad rows as they were, with the reason, to correct and load again.
    const [saved] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('import-rejected-download').click(),
    ]);
    expect(saved.suggestedFilename()).toBe('Строки с ошибками.xlsx');
    const book = XLSX.read(fs.readFileSync((await saved.path())!), { type: 'buffer' });
    expect(XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]!]!, { header: 1 })).toEqual([
      ['ФИО', 'ИИН', 'Должность', 'Ошибка'],
      [`Повар ${SUFFIX}`, '111111111111', 'Повар', 'неверный ИИН'],
      ['', '', 'Без имени', 'не указано ФИО'],
    ]);
    await shot(page, 'users-import-refused');
    await page.getByRole('button', { name: 'Отмена' }).click();
    await rejected.waitFor({ state: 'detached' });

    // A valid row beside a bad one: the valid one loads on its own when asked, the other is listed.
    const mixed = xlsxFile('mixed.xlsx', [
      ['ФИО', 'ИИН', 'Должность'],
      [`Завхоз ${SUFFIX}`, '', 'Завхоз'],
      ['', '', 'Без имени'],
    ]);
    await page.locator('input[type="file"][accept=".xlsx,.xls"]').setInputFiles(mixed);
    await rejected.waitFor();
    await shot(page, 'users-import-rejected');
    await page.getByRole('button', { name: 'Загрузить верные строки (1)' }).click();
    const skipped = page.getByTestId('import-skipped');
    await skipped.waitFor();
    expect(await skipped.locator('li').allTextContents()).toEqual(['строка 3: не указано ФИО']);
    await page.getByText('Добавлено: 1, обновлено: 0').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await search(SUFFIX);
    await row(`Завхоз ${SUFFIX}`).waitFor();

    const good = xlsxFile('good.xlsx', [
      ['ФИО', 'ИИН', 'Должность'],
      [`Повар ${SUFFIX}`, '', 'Повар'],
      [`Мойщица ${SUFFIX}`, '', 'Мойщица'],
    ]);
    await page.locator('input[type="file"][accept=".xlsx,.xls"]').setInputFiles(good);
    await page.getByText('Добавлено: 2, обновлено: 0').waitFor();
    // One message for one import: the button's own count is not shown beside the page's.
    expect(await page.locator('.ant-message-notice', { hasText: 'Загружено строк' }).count()).toBe(0);
    await search(SUFFIX);
    await row(`Повар ${SUFFIX}`).waitFor();
    await row(`Мойщица ${SUFFIX}`).waitFor();

    // The same file again: the two are found by name and job title, and the admin chooses.
    await page.locator('input[type="file"][accept=".xlsx,.xls"]').setInputFiles(good);
    const matches = page.getByTestId('import-matches');
    await matches.waitFor();
    expect(await matches.locator('li').allTextContents()).toEqual([
      `Строка 2: Повар ${SUFFIX} — Повар`,
      `Строка 3: Мойщица ${SUFFIX} — Мойщица`,
    ]);
    await shot(page, 'users-import-matches');
    await page.getByRole('button', { name: 'Отмена' }).click();
    await matches.waitFor({ state: 'detached' });
    await page.locator('input[type="file"][accept=".xlsx,.xls"]').setInputFiles(good);
    await matches.waitFor();
    await page.getByRole('button', { name: 'Обновить их' }).click();
    await page.getByText('Добавлено: 0, обновлено: 2').waitFor();
    await page.reload();
    await row(`Мойщица ${SUFFIX}`).waitFor();
    expect(await row(`Повар ${SUFFIX}`).count()).toBe(1);
    expect(await row(`Мойщица ${SUFFIX}`).count()).toBe(1);
    const template = await downloadLink(page.getByTestId('import-template'));
    expect(template).toMatch(/^\/api\/users\/template\?token=/);
    const download = await fetch(`${baseUrl()}${template}`);
    expect(download.status).toBe(200);
    await shot(page, 'users-imported');
  });

  it('deletes a user after a confirmation: gone from the list, and can no longer sign in', async () => {
    await page.goto(`${baseUrl()}/users?query=${SUFFIX}`);
    const target = row(`Кассир ${SUFFIX}`);
    await target.getByRole('button', { name: 'Удалить' }).click();
    await page.getByText('Вы действительно желаете удалить пользователя?').waitFor();
    await shot(page, 'users-delete-confirm');
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Да' }).click();
    await page.getByText('Пользователь удалён').waitFor();
    await target.waitFor({ state: 'detached' });

    await signOutHere(page);
    await submitLogin(page, `cashier${SUFFIX}@test.kz`, 'kassa-2026');
    await page.getByTestId('form-alert').getByText('Неверный логин или пароль').waitFor();
  });
});

describe('/users as edu.admin@demo.kz', () => {
  it('shows each person’s role, school and class, and lists the people without a role', async () => {
    await signInAs('edu.admin@demo.kz', '/users?role=none');
    await table().locator('tr.ant-table-row').first().waitFor();
    const headers = await page.locator('[data-testid="users-page"] thead th').allTextContents();
    expect(headers).toEqual(['Фото', 'ФИО', 'Должность', 'Роль', 'Школа', 'Класс', 'Действия']);
    expect(await page.getByLabel('Роль', { exact: true }).locator('..').textContent()).toContain('Без роли');
    const cells = await table().locator('tr.ant-table-row td:nth-child(4)').allTextContents();
    expect(cells.every((c) => c === '')).toBe(true);
    const classes = await table().locator('tr.ant-table-row td:nth-child(6)').allTextContents();
    expect(classes.some((c) => c !== '')).toBe(true);
    await shot(page, 'users-without-role');
  });
});

describe('/users as superadmin@demo.kz', () => {
  it('shows e-mail and region columns, the password link, and no cards link', async () => {
    await signInAs('superadmin@demo.kz', `/users?query=${encodeURIComponent('Динара')}`);
    await row('Динара Оспанова').waitFor();
    const headers = await page.locator('[data-testid="users-page"] thead th').allTextContents();
    expect(headers).toEqual(['Фото', 'ФИО', 'E-mail', 'Должность', 'Роль', 'Регион', 'Действия']);
    expect(await row('Динара Оспанова').textContent()).toContain('edu.admin@demo.kz');
    expect(await row('Динара Оспанова').getByRole('link', { name: 'Сменить пароль' }).count()).toBe(1);
    expect(await row('Динара Оспанова').getByRole('link', { name: 'Карты' }).count()).toBe(0);
    await shot(page, 'users-superadmin');
  });

  it('offers the import only once an organization is chosen, into that organization', async () => {
    await page.goto(`${baseUrl()}/users?query=${encodeURIComponent('Динара')}`);
    await page.getByTestId('organization-filter').waitFor();
    await row('Динара Оспанова').waitFor();
    expect(await page.getByTestId('import-template').count()).toBe(0);
    expect(await page.locator('input[type="file"][accept=".xlsx,.xls"]').count()).toBe(0);

    await page.getByTestId('organization-filter').click();
    await page.locator('.ant-select-item-option', { hasText: 'ТОО «Асхана Сервис»' }).click();
    await page.waitForURL((u) => u.searchParams.has('organizationId'));
    const organizationId = new URL(page.url()).searchParams.get('organizationId');
    await expect.poll(() => table().textContent()).not.toContain('Динара Оспанова');
    await search('Гульнара');
    await row('Гульнара Ахметова').waitFor();
    const template = await downloadLink(page.getByTestId('import-template'));
    expect(template).toContain(`organizationId=${organizationId}`);
    expect((await fetch(`${baseUrl()}${template}`)).status).toBe(200);
    await shot(page, 'users-superadmin-organization');

    const file = xlsxFile('company.xlsx', [
      ['ФИО', 'Должность'],
      [`Официант ${SUFFIX}`, 'Официант'],
    ]);
    await page.locator('input[type="file"][accept=".xlsx,.xls"]').setInputFiles(file);
    await page.getByText('Добавлено: 1, обновлено: 0').waitFor();
    expect(await page.locator('.ant-message-notice', { hasText: 'Загружено строк' }).count()).toBe(0);
    const { rows } = await call<{ rows: { organization_id: number }[] }>(
      'GET',
      `/api/users?query=${encodeURIComponent(`Официант ${SUFFIX}`)}`,
    );
    expect(rows.map((r) => r.organization_id)).toEqual([Number(organizationId)]);
  });

  it('hides class, category, password and role when editing, and shows the region', async () => {
    const { rows } = await call<{ rows: { id: number }[] }>('GET', '/api/users?query=Динара');
    await page.goto(`${baseUrl()}/user/${rows[0]!.id}`);
    await page.getByLabel('Регион', { exact: true }).waitFor();
    for (const hidden of ['Пароль', 'Роль', 'Категория питания', 'Класс']) {
      expect(await page.getByLabel(hidden, { exact: true }).count()).toBe(0);
    }
    await shot(page, 'user-form-superadmin');
  });
});
