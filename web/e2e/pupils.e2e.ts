import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { makeIin } from '@tamaq/contract/kz-id';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, downloadLink, fieldError, openBrowser, shot, signInAt, signOutHere, storedToken } from './browser.ts';

/** Every row this file makes carries this suffix, so it never meets rows of other test files. */
const SUFFIX = String(Date.now()).slice(-7);
const serial = Number(SUFFIX.slice(-4));
/** IINs of this run: born 2013, serials from the clock, so reruns on one server do not collide. */
const IINS = [0, 1, 2].map((k) => makeIin('130917', 5, (serial + k * 101) % 9000));
const CLASS = `3 «${SUFFIX}»`;
const SW = `Соцкошелёк ${SUFFIX}`;
/** The server's "today" (Asia/Almaty), as the lists show it. */
const TODAY = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Asia/Almaty' }).format(new Date());

let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let tmp: string;
let classroomId: number;
let schoolId: number;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-e2e-pupils-'));
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

async function choose(label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-item-option', { hasText: option }).first().click();
}

describe('/classroom/:classroomId/users as edu.admin@demo.kz', () => {
  const table = () => page.locator('[data-testid="classroom-users-page"] .ant-table-tbody');
  const row = (text: string) => table().locator('tr', { hasText: text });

  it('shows the class’s pupils under a breadcrumb back to the school’s classes', async () => {
    await signInAs('edu.admin@demo.kz', '/schools');
    const schools = await call<{ rows: { id: number; name: string }[] }>('GET', '/api/schools?limit=1000');
    schoolId = schools.rows.find((s) => s.name === 'Школа-гимназия №1')!.id;
    classroomId = (await call<{ id: number }>('POST', '/api/classroom', { schoolId, name: CLASS })).id;
    await call('POST', '/api/food/category', { name: SW, cost: 650, type: 'sw' });

    await page.goto(`${baseUrl()}/classroom/${classroomId}/users`);
    const crumbs = page.locator('.ant-breadcrumb');
    await crumbs.getByText(`Ученики класса ${CLASS}`).waitFor();
    expect(await crumbs.getByRole('link', { name: 'Классы' }).getAttribute('href')).toBe(
      `/classrooms?schoolId=${schoolId}`,
    );
    await page.getByText('Учеников пока нет').waitFor();
    await shot(page, 'classroom-users-empty');
  });

  it('adds a pupil in a social wallet category: the list shows the day in green', async () => {
    await page.getByRole('link', { name: 'Добавить' }).click();
    await page.waitForURL((u) => u.pathname === `/classroom/${classroomId}/user/create`);
    await page.getByLabel('Категория питания', { exact: true }).waitFor();
    expect(await page.getByLabel('Должность', { exact: true }).count()).toBe(0);
    await page.getByLabel('ФИО', { exact: true }).fill(`Абенова Аружан ${SUFFIX}`);
    await page.getByLabel('ИИН', { exact: true }).fill(IINS[0]!);
    await choose('Категория питания', SW);
    await shot(page, 'classroom-user-form');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Пользователь добавлен').waitFor();
    await page.waitForURL((u) => u.pathname === `/classroom/${classroomId}/users`);
    const date = row('Абенова Аружан').locator('.ant-typography-success');
    await date.waitFor();
    expect(await date.textContent()).toBe(`(${TODAY})`);
    expect(await row('Абенова Аружан').textContent()).toContain(SW);
    // docs/product.md "Pupils"'s columns: ID, photo, name, school, BIN, class and category.
    const heads = await page.locator('thead th').allTextContents();
    expect(heads.filter(Boolean)).toEqual(['ID', 'Фото', 'ФИО', 'Школа', 'БИН', 'Класс', 'Категория', 'Действия']);
    expect(await row('Абенова Аружан').textContent()).toContain('Школа-гимназия №1');
    expect(await row('Абенова Аружан').textContent()).toContain(CLASS);
    await shot(page, 'classroom-users-wallet-set');
  });

  it("dates the pupil's social wallet as the order says, refusing a start in the future under its field", async () => {
    await row('Абенова Аружан').getByRole('link', { name: 'Редактировать' }).click();
    await page.waitForURL((u) => u.pathname.startsWith(`/classroom/${classroomId}/user/`));
    const from = page.getByLabel('Соцкошелёк с', { exact: true });
    await from.waitFor();
    const type = async (label: string, text: string) => {
      const input = page.getByLabel(label, { exact: true });
      await input.click();
      await input.fill(text);
      await input.press('Enter');
    };
    await type('Соцкошелёк с', '01.09.2099');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await fieldError(page, 'Соцкошелёк с')
      .getByText('Начало — не позже сегодняшнего дня: будущей может быть только дата окончания')
      .waitFor();
    await type('Соцкошелёк с', '01.09.2025');
    await type('Соцкошелёк по', '25.05.2099');
    await page.getByLabel('Номер приказа', { exact: true }).fill('№ 45-п');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Изменения сохранены').waitFor();
    await page.waitForURL((u) => u.pathname === `/classroom/${classroomId}/users`);
    await expect
      .poll(() => row('Абенова Аружан').locator('.ant-typography-success').textContent())
      .toBe('(01.09.2025 – 25.05.2099)');
  });

  it('edits the pupil (name read-only): taking the category away shows «удалена (date)» in red', async () => {
    await row('Абенова Аружан').getByRole('link', { name: 'Редактировать' }).click();
    await page.waitForURL((u) => u.pathname.startsWith(`/classroom/${classroomId}/user/`));
    const name = page.getByLabel('ФИО', { exact: true });
    await name.waitFor();
    expect(await name.getAttribute('readonly')).not.toBeNull();
    // It says so, rather than looking like a field to type in.
    await page.getByText('ФИО здесь не меняется').waitFor();
    expect(await name.evaluate((el) => el.closest('.ant-input-filled') !== null)).toBe(true);
    await choose('Категория питания', 'Без категории');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Изменения сохранены').waitFor();
    await page.waitForURL((u) => u.pathname === `/classroom/${classroomId}/users`);
    const reset = row('Абенова Аружан').locator('.ant-typography-danger');
    await reset.waitFor();
    expect(await reset.textContent()).toBe(`удалена (${TODAY})`);
    await shot(page, 'classroom-users-wallet-reset');
  });

  it('imports pupils into the class and finds them by name', async () => {
    const file = xlsxFile('pupils.xlsx', [
      ['ФИО', 'ИИН', 'Категория питания'],
      [`Бекова Дана ${SUFFIX}`, IINS[1]!, SW],
      [`Жумабаев Ерасыл ${SUFFIX}`, IINS[2]!, ''],
    ]);
    await page.locator('input[type="file"][accept=".xlsx,.xls"]').setInputFiles(file);
    await page.getByText('Добавлено: 2, обновлено: 0').waitFor();
    await row('Бекова Дана').waitFor();
    await page.getByLabel('Поиск по ФИО').fill('ерасыл');
    await page.waitForURL((u) => u.searchParams.get('query') === 'ерасыл');
    await expect.poll(() => table().locator('tr.ant-table-row').count()).toBe(1);
    await row('Жумабаев Ерасыл').waitFor();
    await shot(page, 'classroom-users-imported');
  });

  it('downloads the class’s pupils as .xlsx, read back with their IINs', async () => {
    const href = await downloadLink(page.getByTestId('pupils-export'));
    const url = new URL(href!, baseUrl());
    expect(url.pathname).toBe('/api/users/export');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const book = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: false });
    expect(rows[3]).toEqual(['№', 'ФИО', 'ИИН', 'Школа', 'Класс', 'Категория питания', 'Карты']);
    const byName = new Map(rows.slice(4).map((r) => [r[1], r]));
    expect(byName.get(`Бекова Дана ${SUFFIX}`)?.[2]).toBe(IINS[1]);
    expect(byName.get(`Жумабаев Ерасыл ${SUFFIX}`)?.[2]).toBe(IINS[2]);
  });

  it('gives the chosen pupils one food category, saying first what will change', async () => {
    await page.goto(`${baseUrl()}/classroom/${classroomId}/users?query=${SUFFIX}`);
    await row('Бекова Дана').waitFor();
    await row('Жумабаев Ерасыл').waitFor();
    expect(await page.getByTestId('bulk-category').isDisabled()).toBe(true);
    await row('Бекова Дана').locator('input[type="checkbox"]').check();
    await row('Жумабаев Ерасыл').locator('input[type="checkbox"]').check();
    await page.getByTestId('bulk-category').click();
    // The dialog opens with the focus in its one question.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Категория питания');
    await choose('Категория питания', SW);
    const summary = page.getByTestId('bulk-category-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toBe(
      'Изменится у учеников: 1Социальный кошелёк будет назначен: 1Уже в этой категории: 1',
    );
    await shot(page, 'classroom-users-bulk-category');
    await page.getByRole('button', { name: 'Применить' }).click();
    await page.getByText('Категория питания изменена у учеников: 1').waitFor();
    await expect.poll(() => row('Жумабаев Ерасыл').textContent()).toContain(SW);
    expect(await page.getByTestId('bulk-category').isDisabled()).toBe(true);
  });

  it('deletes a pupil after a confirmation', async () => {
    await page.getByLabel('Поиск по ФИО').fill('');
    await row('Жумабаев Ерасыл').getByRole('button', { name: 'Удалить' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Да' }).click();
    await page.getByText('Пользователь удалён').waitFor();
    await row('Жумабаев Ерасыл').waitFor({ state: 'detached' });
  });
});

describe('/pupils as superadmin@demo.kz', () => {
  const table = () => page.locator('[data-testid="pupils-page"] .ant-table-tbody');
  const row = (text: string) => table().locator('tr', { hasText: text });

  it('finds a pupil by IIN, with school, BIN, class and the social wallet date', async () => {
    await signInAs('superadmin@demo.kz', '/pupils');
    await page.getByText('Ученики', { exact: true }).first().waitFor();
    await page.getByLabel('Поиск по ФИО, ИИН или номеру карты').fill(IINS[1]!);
    await row('Бекова Дана').waitFor();
    await expect.poll(() => table().locator('tr.ant-table-row').count()).toBe(1);
    const headers = await page.locator('[data-testid="pupils-page"] thead th').allTextContents();
    expect(headers).toEqual(['ID', 'Фото', 'ФИО', 'Школа', 'БИН', 'Класс', 'Категория', 'Действия']);
    const { bin } = await call<{ bin: string }>('GET', `/api/school/${schoolId}`);
    const text = await row('Бекова Дана').textContent();
    for (const part of ['Школа-гимназия №1', bin, CLASS, SW, `(${TODAY})`]) expect(text).toContain(part);
    await shot(page, 'pupils-search');
  });

  it('filters by school: another school does not show the pupil', async () => {
    await page.getByTestId('school-select').click();
    await page.locator('.ant-select-item-option', { hasText: 'Средняя школа №25' }).click();
    await page.waitForURL((u) => u.searchParams.has('schoolId'));
    await page.getByText('Нет данных').waitFor();
    await page.getByTestId('school-select').click();
    await page.locator('.ant-select-item-option', { hasText: 'Школа-гимназия №1' }).click();
    await row('Бекова Дана').waitFor();
  });

  it('opens the parent invitation of a pupil', async () => {
    await row('Бекова Дана').getByRole('button', { name: 'Пригласить родителя' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Пригласить родителя: Бекова Дана ${SUFFIX}`).waitFor();
    await shot(page, 'pupils-invite');
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('edits a pupil from the list and returns to it', async () => {
    await row('Бекова Дана')
      .getByRole('link', { name: `Бекова Дана ${SUFFIX}` })
      .click();
    await page.waitForURL(
      (u) => u.pathname.startsWith('/user/') && (u.searchParams.get('from') ?? '').startsWith('/pupils'),
    );
    const name = page.getByLabel('ФИО', { exact: true });
    await name.waitFor();
    await page.locator('.ant-breadcrumb').getByRole('link', { name: 'Ученики' }).waitFor();
    await name.fill(`Бекова Дана Серикқызы ${SUFFIX}`);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Изменения сохранены').waitFor();
    await page.waitForURL((u) => u.pathname === '/pupils');
    await row('Бекова Дана Серикқызы').waitFor();
  });
});

describe('/classroom/:classroomId/users as kg.admin@demo.kz', () => {
  it('speaks of children of a group, and never of a class', async () => {
    await signInAs('kg.admin@demo.kz', '/classrooms');
    const schools = await call<{ rows: { id: number; name: string }[] }>('GET', '/api/schools?limit=1000');
    const garden = schools.rows.find((s) => s.name === 'Детский сад «Балапан»')!.id;
    const group = `Солнышко ${SUFFIX}`;
    const { id } = await call<{ id: number }>('POST', '/api/classroom', { schoolId: garden, name: group });

    await page.goto(`${baseUrl()}/classroom/${id}/users`);
    const crumbs = page.locator('.ant-breadcrumb');
    await crumbs.getByText(`Дети группы ${group}`).waitFor();
    await crumbs.getByRole('link', { name: 'Группы' }).waitFor();
    await page.getByText('Детей пока нет').waitFor();
    expect(await page.locator('body').innerText()).not.toMatch(/класс/i);
    const template = await downloadLink(page.getByTestId('import-template'));
    const book = XLSX.read(Buffer.from(await (await fetch(`${baseUrl()}${template}`)).arrayBuffer()));
    expect(XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 })[0]).toContain('Группа');
    await shot(page, 'classroom-users-kindergarten');
  });
});

describe('a pupil’s photo', () => {
  it('opens enlarged when its thumbnail in the class pupils list is clicked, and Esc closes it', async () => {
    await signInAs('edu.admin@demo.kz', '/classrooms');
    const schools = await call<{ rows: { id: number; name: string }[] }>('GET', '/api/schools?limit=1000');
    const school = schools.rows.find((s) => s.name === 'Школа-гимназия №1')!.id;
    const klass = await call<{ id: number }>('POST', '/api/classroom', { schoolId: school, name: `4 «Ф${SUFFIX}»` });
    const name = `Фотогенова Айша ${SUFFIX}`;
    const pupil = await call<{ id: number }>('POST', '/api/user', { name, classroom_id: klass.id });

    const file = path.join(tmp, 'pupil.png');
    await sharp({ create: { width: 320, height: 320, channels: 3, background: { r: 30, g: 110, b: 200 } } })
      .png()
      .toFile(file);
    const form = new FormData();
    form.append('image', new Blob([fs.readFileSync(file)], { type: 'image/png' }), 'pupil.png');
    const uploaded = await fetch(`${baseUrl()}/api/image/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await storedToken(page)}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const image = (await uploaded.json()) as { id: number; url: string };
    await call('PUT', '/api/user', { id: pupil.id, image_id: image.id });

    await page.goto(`${baseUrl()}/classroom/${klass.id}/users`);
    const thumb = page.locator('[data-testid="classroom-users-page"] tr', { hasText: name }).locator('.ant-image');
    await thumb.locator(`img[src="${image.url}"]`).waitFor();
    const small = (await thumb.boundingBox())!;
    await thumb.click();
    const large = page.locator(`.ant-image-preview img[src="${image.url}"]`);
    await large.waitFor({ state: 'visible' });
    await page.waitForFunction((url) => {
      const img = document.querySelector<HTMLImageElement>(`.ant-image-preview img[src="${url}"]`);
      return img?.complete && img.naturalWidth > 0;
    }, image.url);
    // The preview zooms in with an animation: measure once it has settled.
    await expect
      .poll(async () => (await large.boundingBox())?.width ?? 0, { timeout: 5000 })
      .toBeGreaterThan(small.width * 4);
    await shot(page, 'classroom-users-photo-preview');
    // Esc closes it. On a loaded machine (CI, twice) the preview stayed open: once after one Esc, once
    // through 15 s of them. A person presses it again, and so does the test; if it still stays, the
    // failure says in which state the preview was (closing and stuck in its motion, or still open).
    try {
      await expect
        .poll(async () => {
          await page.keyboard.press('Escape');
          return large.isVisible();
        })
        .toBe(false);
    } catch (error) {
      const state = await page.evaluate(() => ({
        preview: [...document.querySelectorAll('.ant-image-preview')].map((el) => el.className),
        focus: document.activeElement?.outerHTML.slice(0, 160),
      }));
      throw new Error(`${String(error)}; the preview: ${JSON.stringify(state)}`);
    }
  });
});
