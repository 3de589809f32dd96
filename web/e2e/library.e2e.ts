import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import type { Book } from '@tamaq/contract/library';
import type { UserList } from '@tamaq/contract/users';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  DEMO_PASSWORD,
  downloadLink,
  fieldError,
  openBrowser,
  SHOTS,
  shot,
  signIn,
  signOutHere,
} from './browser.ts';
import { cdpBurst } from './cdp-scan.ts';
import { makeBin } from '@tamaq/contract/kz-id';
import { call, tokenOf, withCard } from './fixation-helpers.ts';

const plain = (s: string | null) => (s ?? '').replace(/\u00a0/g, ' ');
const SUFFIX = String(Date.now()).slice(-6);
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

beforeAll(async () => {
  browser = await openBrowser();
  page = browser.page;
  await signOutHere(page);
  await signIn(page, 'librarian@demo.kz');
});
afterAll(() => browser?.close());

const rows = () => page.locator('[data-testid="book-categories-page"] tbody tr.ant-table-row');
const row = (name: string) => rows().filter({ hasText: name });

describe('/books/categories as librarian@demo.kz', () => {
  it('lands on the categories, adds one, refuses a taken name, renames and deletes it', async () => {
    await page.goto(`${baseUrl()}/books/categories`);
    await page.getByTestId('book-categories-page').waitFor();
    // Locked to her school: no school picker.
    expect(await page.getByTestId('school-select').count()).toBe(0);

    const name = `Учебники ${SUFFIX}`;
    await page.getByRole('link', { name: 'Добавить категорию' }).click();
    await page.waitForURL((u) => /^\/books\/category\/\d+\/create$/.test(u.pathname));
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await fieldError(page, 'Название категории').getByText('Обязательное поле').waitFor();
    await page.getByLabel('Название категории').fill(name);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Категория добавлена').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/books/categories');
    await row(name).waitFor();
    await shot(page, 'book-categories-list');

    await page.getByRole('link', { name: 'Добавить категорию' }).click();
    await page.getByLabel('Название категории').fill(name.toUpperCase());
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await fieldError(page, 'Название категории')
      .getByText('Категория с таким названием в этой школе уже есть')
      .waitFor();

    await page.goto(`${baseUrl()}/books/categories`);
    await row(name).getByRole('link', { name: 'Изменить' }).click();
    await page.getByText('Редактирование категории книг').first().waitFor();
    const field = page.getByLabel('Название категории');
    expect(await field.inputValue()).toBe(name);
    await field.fill(`${name} (старые)`);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Категория сохранена').waitFor();
    await row(`${name} (старые)`).waitFor();

    await row(`${name} (старые)`).getByRole('button', { name: 'Удалить' }).click();
    await page.getByText('Вы действительно желаете удалить категорию?').waitFor();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Да' }).click();
    await page.getByText('Категория удалена').waitFor();
    await row(`${name} (старые)`).waitFor({ state: 'detached' });
  });
});

const bookRows = () => page.locator('[data-testid="books-page"] tbody tr.ant-table-row');
const copyRows = () => page.locator('[data-testid="book-barcodes-page"] tbody tr.ant-table-row');

/** The librarian's school, and a book there with `n` generated copies, made through the API. */
async function bookWithCopies(token: string, name: string, n: number): Promise<Book> {
  const profile = await call<{ school_id: number | null }>(token, 'GET', '/api/profile');
  const book = await call<Book>(token, 'POST', '/api/book', {
    schoolId: profile.school_id,
    name,
    authors: 'Абай Кунанбаев',
    publisher: 'Жазушы',
    year: 2015,
  });
  return n === 0 ? book : call<Book>(token, 'POST', '/api/book/count', { book_id: book.id, count: n });
}

const isoDay = (offsetDays: number) => {
  const d = new Date(Date.now() + 5 * 3600_000 + offsetDays * 86_400_000); // Almaty's date
  return d.toISOString().slice(0, 10);
};

describe('/books as librarian@demo.kz', () => {
  it('adds a book with every field, refuses a bad year, finds it by author and edits it', async () => {
    const name = `Алгебра ${SUFFIX}`;
    await page.goto(`${baseUrl()}/books`);
    await page.getByTestId('books-page').waitFor();
    await page.getByRole('link', { name: 'Добавить книгу' }).click();
    await page.waitForURL((u) => /^\/books\/\d+\/create$/.test(u.pathname));
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await fieldError(page, 'Название').getByText('Обязательное поле').waitFor();

    await page.getByLabel('Название').fill(name);
    await page.getByLabel('Авторы').fill(`Абылкасымова ${SUFFIX}`);
    await page.getByLabel('Издательство').fill('Мектеп');
    await page.getByLabel('Год издания').fill('2о17');
    await page.getByLabel('Язык').fill('русский');
    await page.getByLabel('Предмет').fill('математика');
    await page.getByLabel('Направление').fill('естественно-математическое');
    await page.getByLabel('Вид учебного материала').fill('учебник');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await fieldError(page, 'Год издания').getByText('Год издания — четыре цифры').waitFor();
    // A fifth digit typed is kept and refused, never cut off to a year nobody typed.
    await page.getByLabel('Год издания').fill('');
    await page.getByLabel('Год издания').pressSequentially('20271');
    expect(await page.getByLabel('Год издания').inputValue()).toBe('20271');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await fieldError(page, 'Год издания').getByText('Год издания — четыре цифры').waitFor();
    await page.getByLabel('Год издания').fill('2017');
    await shot(page, 'book-form');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Книга добавлена').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/books');

    await page.getByLabel('Поиск по названию, автору или штрихкоду').fill(`абылкасымова ${SUFFIX}`);
    // The search tolerates typos, so the demo's books by the same author come too; ours, matching
    // every word, comes first.
    await expect.poll(() => bookRows().first().textContent(), { timeout: 15_000 }).toContain(name);
    await shot(page, 'books-list');
    await bookRows().first().getByRole('link', { name: 'Изменить' }).click();
    await page.getByText('Редактирование книги').first().waitFor();
    expect(await page.getByLabel('Предмет').inputValue()).toBe('математика');
    await page.getByLabel('Год издания').fill('2019');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Книга сохранена').waitFor();
    await bookRows().filter({ hasText: name }).filter({ hasText: '2019' }).waitFor();
  });

  it('generates barcodes, takes a scanned label and a typed one, deletes one and shows its history', async () => {
    const token = await tokenOf('librarian@demo.kz');
    const book = await bookWithCopies(token, `Физика ${SUFFIX}`, 0);
    await page.goto(`${baseUrl()}/books?query=${encodeURIComponent(`Физика ${SUFFIX}`)}`);
    await bookRows()
      .filter({ hasText: `Физика ${SUFFIX}` })
      .getByRole('link', { name: /Штрихкоды книги/ })
      .click();
    await page.getByTestId('book-barcodes-page').waitFor();
    await page.getByText('У книги пока нет экземпляров').waitFor();

    // A count out of 1–500 or not a whole number stays as typed with the message; nothing is made.
    for (const typed of ['5000', '0', '-1', 'abc', '2.5']) {
      await page.getByLabel('Количество штрихкодов').fill(typed);
      await page.getByRole('button', { name: 'Сохранить' }).click();
      await fieldError(page, 'Количество штрихкодов').getByText('Количество штрихкодов — от 1 до 500').waitFor();
      expect(await page.getByLabel('Количество штрихкодов').inputValue()).toBe(typed);
    }
    await shot(page, 'book-copies-count-refused');
    // Above 20 it asks, saying how many labels and sheets that prints; «Отмена» makes none.
    await page.getByLabel('Количество штрихкодов').fill('50');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    const question = page.getByTestId('copies-question');
    await question.waitFor();
    expect(await question.textContent()).toBe(
      'Книга получит 50 новых штрихкодов: на печать пойдёт 50 этикеток, листов A4 — 3.',
    );
    await page.locator('.ant-modal-confirm-title').getByText('Создать 50 экземпляров?').waitFor();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Отмена' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await page.getByText('У книги пока нет экземпляров').isVisible()).toBe(true);
    await page.getByLabel('Количество штрихкодов').fill('3');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Добавлено экземпляров: 3').waitFor();
    await copyRows().nth(2).waitFor();

    // Digits typed at a person's pace outside the field, then Enter, make no copy.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.type('4870001', { delay: 120 });
    await page.keyboard.press('Enter');
    await page.waitForTimeout(500);
    expect(await copyRows().count()).toBe(3);

    // A label scanned with the focus nowhere, and one typed into the field with Enter.
    const scanned = `LB-${SUFFIX}`;
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await cdpBurst(page, scanned.toLowerCase(), 10);
    await copyRows().filter({ hasText: scanned }).waitFor();
    await page.getByLabel('Штрихкод вручную').fill(`${SUFFIX}77`);
    await page.keyboard.press('Enter');
    await copyRows()
      .filter({ hasText: `${SUFFIX}77` })
      .waitFor();
    expect(await copyRows().count()).toBe(5);
    // The same label again is refused with the reason under the field.
    await page.getByLabel('Штрихкод вручную').fill(scanned);
    await page.keyboard.press('Enter');
    await fieldError(page, 'Штрихкод вручную').getByText('Такой штрихкод уже есть в библиотеке этой школы').waitFor();
    await shot(page, 'book-barcodes');

    // Printing shows only the labels: a Code 128 code, its text and the book's name each.
    await page.emulateMedia({ media: 'print' });
    const labels = page.getByTestId('book-labels');
    expect(await labels.isVisible()).toBe(true);
    expect(await page.getByTestId('book-barcodes-page').isVisible()).toBe(false);
    const codes = await labels
      .locator('svg[data-code128]')
      .evaluateAll((els) => els.map((e) => [e.getAttribute('data-code128'), e.querySelectorAll('rect').length]));
    expect(codes.map(([code]) => code)).toContain(scanned);
    expect(codes).toHaveLength(5);
    for (const [, rects] of codes) expect(rects).toBeGreaterThan(20);
    expect(await labels.getByText(`Физика ${SUFFIX}`).count()).toBe(5);
    await page.pdf({ path: `${SHOTS}/book-labels.pdf`, format: 'A4', printBackground: true });
    await shot(page, 'book-labels');
    await page.emulateMedia({ media: 'screen' });

    // A sheet already begun: the librarian picks its first free cell, the 23rd (row 8, column 2); the
    // cells before it print blank, so 2 labels finish that sheet and 3 start the next.
    await page.getByRole('button', { name: 'Ячейка 23: ряд 8, столбец 2' }).click();
    await page.getByTestId('label-start-text').getByText('Печать с ячейки 23: первые 22 останутся пустыми').waitFor();
    await shot(page, 'book-labels-start');
    await page.emulateMedia({ media: 'print' });
    const sheets = labels.locator('.book-labels-sheet');
    expect(await sheets.count()).toBe(2);
    expect(await sheets.nth(0).locator('.book-label-used').count()).toBe(22);
    expect(await sheets.nth(0).locator('.book-label').count()).toBe(2);
    expect(await sheets.nth(1).locator('.book-label').count()).toBe(3);
    const sheet = (await sheets.nth(0).boundingBox())!;
    const label = (await sheets.nth(0).locator('.book-label').first().boundingBox())!;
    // Row 8 of 37.125 mm rows, column 2 of 70 mm columns (96 px an inch).
    const mm = 96 / 25.4;
    expect(Math.round((label.y - sheet.y) / mm)).toBe(260);
    expect(Math.round((label.x - sheet.x) / mm)).toBe(70);
    await page.pdf({ path: `${SHOTS}/book-labels-start.pdf`, format: 'A4', printBackground: true });
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('button', { name: 'Ячейка 1: ряд 1, столбец 1' }).click();

    // Two copies ticked and removed at once, after the question.
    const two = [
      await copyRows().nth(0).locator('code').textContent(),
      await copyRows().nth(1).locator('code').textContent(),
    ];
    for (const code of two) await page.getByRole('checkbox', { name: `Выбрать экземпляр ${code}` }).check();
    await page.getByTestId('copies-picked').getByText('Выбрано экземпляров: 2').waitFor();
    await page.getByRole('button', { name: 'Удалить выбранные (2)' }).click();
    await page.getByText('Удалить выбранные экземпляры: 2? Их этикетки больше не сработают').waitFor();
    await shot(page, 'book-copies-remove-many');
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Да' }).click();
    await page.getByText('Удалено экземпляров: 2').waitFor();
    for (const code of two) await copyRows().filter({ hasText: code! }).waitFor({ state: 'detached' });
    expect(await copyRows().count()).toBe(3);
    expect(await page.getByTestId('copies-picked').count()).toBe(0);

    await copyRows()
      .filter({ hasText: `${SUFFIX}77` })
      .getByRole('button', { name: 'Удалить' })
      .click();
    await page.getByText(`Вы действительно желаете удалить штрихкод ${SUFFIX}77?`).waitFor();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Да' }).click();
    await page.getByText('Штрихкод удалён').waitFor();
    await copyRows()
      .filter({ hasText: `${SUFFIX}77` })
      .waitFor({ state: 'detached' });

    await copyRows()
      .filter({ hasText: scanned })
      .getByRole('link', { name: `История экземпляра ${scanned}` })
      .click();
    await page.getByTestId('book-history-page').waitFor();
    await page.getByText('Штрихкод добавлен').waitFor();
    await page.getByText('Книга добавлена').waitFor();
    expect(book.id).toBeGreaterThan(0);
  });

  it('shows the books on hand with the return date coloured by status', async () => {
    const token = await tokenOf('librarian@demo.kz');
    const admin = await tokenOf('edu.admin@demo.kz');
    const book = await bookWithCopies(token, `География ${SUFFIX}`, 3);
    const pupils = await call<UserList>(admin, 'GET', `/api/users?schoolId=${book.schoolId}&isPupils=1&limit=3`);
    const [a, b, c] = book.barcodes;
    const issue = (copy: { id: number }, user: { id: number }, due: string) =>
      call(token, 'POST', '/api/book/issuance', { user_id: user.id, book_ids: [copy.id], expired_at: due });
    await issue(a!, pupils.rows[0]!, isoDay(1));
    await issue(b!, pupils.rows[1]!, isoDay(2));
    await issue(c!, pupils.rows[2]!, isoDay(30));

    await page.goto(`${baseUrl()}/books/onhands`);
    await page.getByTestId('on-hands-page').waitFor();
    // The demo's overdue copies come first, in red.
    await page
      .locator('[data-testid="on-hands-page"] tbody tr.ant-table-row [data-status="overdue"]')
      .first()
      .waitFor();
    await shot(page, 'books-on-hands-demo');
    await page.getByLabel('Поиск по ученику, книге или штрихкоду').fill(`География ${SUFFIX}`);
    const tags = page.locator('[data-testid="on-hands-page"] tbody tr.ant-table-row [data-status]');
    await expect.poll(() => tags.count(), { timeout: 15_000 }).toBe(3);
    expect(await tags.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual([
      'soon',
      'soon',
      'normal',
    ]);
    await shot(page, 'books-on-hands');
  });

  it('narrows the books on hand to the overdue ones of one class, prints that list and downloads it', async () => {
    const token = await tokenOf('librarian@demo.kz');
    type Row = { user: { name: string; classroom: { name: string } | null }; status: string; barcode: string };
    const overdue = await call<{ rows: Row[] }>(token, 'GET', '/api/books/on/hand?overdue=1&limit=100');
    const classroom = overdue.rows.find((r) => r.user.classroom)!.user.classroom!.name;
    const ofClass = overdue.rows.filter((r) => r.user.classroom?.name === classroom);

    await page.goto(`${baseUrl()}/books/onhands`);
    await page.getByTestId('on-hands-page').waitFor();
    const tags = page.locator('[data-testid="on-hands-page"] tbody tr.ant-table-row [data-status]');
    await tags.first().waitFor();
    await page.getByTestId('overdue-only').click();
    await expect.poll(() => page.url()).toContain('overdue=1');
    await page.getByTestId('classroom-select').click();
    await page.keyboard.type(classroom);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: new RegExp(`^${classroom}$`) })
      .click();
    await expect.poll(() => page.url()).toContain('classroomId=');
    await expect
      .poll(async () => (await tags.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).join())
      .toBe(ofClass.map(() => 'overdue').join());
    const names = await page
      .locator('[data-testid="on-hands-page"] tbody tr.ant-table-row td:first-child')
      .allInnerTexts();
    expect(names.sort()).toEqual(ofClass.map((r) => r.user.name).sort());
    await shot(page, 'books-on-hands-class');

    // Printed for the class teacher: the whole list with its heading, nothing else on paper.
    await page.getByTestId('on-hands-print').and(page.locator(':not([disabled])')).waitFor();
    await page.emulateMedia({ media: 'print' });
    const printed = page.getByTestId('on-hands-printed');
    expect(await printed.isVisible()).toBe(true);
    expect(await printed.locator('h1').textContent()).toBe(`Просроченные книги: класс ${classroom}`);
    expect(await printed.locator('tbody tr').count()).toBe(ofClass.length);
    await page.pdf({ path: `${SHOTS}/books-on-hands-class.pdf`, format: 'A4', printBackground: true });
    await page.emulateMedia({ media: 'screen' });

    // The same list as a sheet.
    const href = await downloadLink(page.getByTestId('on-hands-export'));
    expect(href).toContain('overdue=1');
    const res = await fetch(new URL(href, baseUrl()));
    expect(res.status).toBe(200);
    const book = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, {
      header: 1,
      blankrows: false,
    });
    expect(rows[0]![0]).toMatch(new RegExp(`^Просроченные книги: .+, класс ${classroom}$`));
    const header = rows.findIndex((r) => r[0] === '№');
    expect(
      rows
        .slice(header + 1)
        .map((r) => r[5])
        .sort(),
    ).toEqual(ofClass.map((r) => r.barcode).sort());
  });
});

describe('/books/notices as librarian@demo.kz', () => {
  it('lists the e-mails to parents about overdue books, and finds those of one pupil', async () => {
    await page.goto(`${baseUrl()}/books/notices`);
    const notices = page.locator('[data-testid="overdue-notices-page"] tbody tr.ant-table-row');
    // The demo's notices of yesterday: some were for a parent (kept, as no mail server is set up:
    // never «Отправлено»), the rest had no parent with an e-mail.
    const sent = notices.filter({ has: page.locator('[data-status="kept"]') });
    await sent.first().waitFor();
    expect(await sent.first().textContent()).toContain('zhanna.library@demo.kz');
    expect(await sent.first().textContent()).toContain('Почта не настроена');
    expect(await notices.filter({ has: page.locator('[data-status="sent"]') }).count()).toBe(0);
    await notices
      .filter({ has: page.locator('[data-status="no_parent"]') })
      .first()
      .waitFor();
    await shot(page, 'books-overdue-notices');
    // Every column in view at 1280 px: nothing to scroll sideways to.
    const content = page.locator('[data-testid="overdue-notices-page"] .ant-table-content');
    expect(await content.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
    const pupil = (await sent.first().locator('td').nth(2).textContent())!;
    await page.getByLabel('Поиск по ученику, книге или штрихкоду').fill(pupil);
    await expect
      .poll(async () => (await notices.locator('td:nth-child(3)').allTextContents()).every((n) => n === pupil), {
        timeout: 15_000,
      })
      .toBe(true);
  });
});

describe('/books/issuance as librarian@demo.kz', () => {
  const note = () => page.getByTestId('desk-note');
  const deskCopies = () => page.locator('[data-testid="desk-copies"] tbody tr.ant-table-row');

  it('issues and takes back books by scanner alone, at several paces and with the focus anywhere', async () => {
    const token = await tokenOf('librarian@demo.kz');
    const admin = await tokenOf('edu.admin@demo.kz');
    // Two titles: a second copy of one title would be asked about (its own test below).
    const book = await bookWithCopies(token, `Литература ${SUFFIX}`, 2);
    const [one, three] = book.barcodes.map((b) => b.barcode);
    const [two] = (await bookWithCopies(token, `Поэзия ${SUFFIX}`, 1)).barcodes.map((b) => b.barcode);
    const pupils = await call<UserList>(
      admin,
      'GET',
      `/api/users?schoolId=${book.schoolId}&isPupils=1&limit=1&offset=20`,
    );
    const pupil = pupils.rows[0]!;
    const card = await withCard(admin, pupil, `LIB${SUFFIX}`);

    await page.goto(`${baseUrl()}/`);
    await page.waitForURL((u) => u.pathname === '/books/issuance');
    await page.getByTestId('desk-prompt').waitFor();
    // The card with the focus nowhere, at a hand-held scanner's pace.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await cdpBurst(page, card, 10);
    await page.getByTestId('desk-student').getByText(pupil.name).waitFor();

    // Copies: as fast as the browser takes keys, then 30 ms apart with the focus in the typed field.
    await cdpBurst(page, one!, 0);
    await deskCopies().filter({ hasText: one! }).waitFor();
    await page.getByLabel('Карта или штрихкод вручную').focus();
    await cdpBurst(page, two!, 30);
    await deskCopies().filter({ hasText: two! }).waitFor();
    expect(await page.getByLabel('Карта или штрихкод вручную').inputValue()).toBe('');
    await cdpBurst(page, one!, 1);
    await note().getByText('Книга уже выбрана').waitFor();
    expect(await deskCopies().count()).toBe(2);
    await shot(page, 'issuance-issue');

    await page.keyboard.press('Control+Enter');
    await page
      .locator('.ant-modal-confirm-title')
      .getByText(/Выдать 2 кн\. ученику/)
      .waitFor();
    await page.keyboard.press('Enter');
    await note().getByText(`Книги выданы ${pupil.name} до`).waitFor();
    await page.getByTestId('desk-prompt').waitFor();

    // Taking back: the first copy on hand sets the mode; a copy on the shelf does not fit it.
    await cdpBurst(page, card, 60);
    await page.getByTestId('desk-student').getByText(pupil.name).waitFor();
    await cdpBurst(page, two!, 10);
    await page.getByText('Приём: сканируйте следующие книги').waitFor();
    await cdpBurst(page, three!, 10);
    await note().getByText('Книга уже принята').waitFor();
    await cdpBurst(page, one!, 10);
    await deskCopies().nth(1).waitFor();
    await shot(page, 'issuance-return');
    await page.keyboard.press('Control+Enter');
    await page
      .locator('.ant-modal-confirm-title')
      .getByText(/Принять 2 кн\. от ученика/)
      .waitFor();
    await page.keyboard.press('Enter');
    await note().getByText('Книги приняты!').waitFor();
    const onHand = await call<{ total: number }>(
      token,
      'GET',
      `/api/books/on/hand?schoolId=${book.schoolId}&query=${encodeURIComponent(`Литература ${SUFFIX}`)}`,
    );
    expect(onHand.total).toBe(0);

    // A card read at the library's desk reader brings the student to the open screen.
    await call(token, 'POST', '/api/book/reader', { schoolId: book.schoolId, card });
    await page.getByTestId('desk-student').getByText(pupil.name).waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('desk-prompt').waitFor();
  });

  it('takes back a pile of books by their barcodes alone, with nobody at the desk', async () => {
    const token = await tokenOf('librarian@demo.kz');
    const admin = await tokenOf('edu.admin@demo.kz');
    const book = await bookWithCopies(token, `Астрономия ${SUFFIX}`, 2);
    const [one, two] = book.barcodes;
    const pupils = await call<UserList>(
      admin,
      'GET',
      `/api/users?schoolId=${book.schoolId}&isPupils=1&limit=1&offset=25`,
    );
    const pupil = pupils.rows[0]!;
    const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await call(token, 'POST', '/api/book/issuance', {
      user_id: pupil.id,
      book_ids: [one!.id, two!.id],
      expired_at: due,
    });

    await page.goto(`${baseUrl()}/books/issuance`);
    await page.getByTestId('desk-prompt').waitFor();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await cdpBurst(page, one!.barcode, 5);
    await note().getByText(`«Астрономия ${SUFFIX}» принята от: ${pupil.name}`).waitFor();
    await shot(page, 'issuance-check-in');
    // Still nobody at the desk: the next copy of the pile, then the first again.
    await page.getByTestId('desk-prompt').waitFor();
    await cdpBurst(page, two!.barcode, 20);
    await note().getByText(`«Астрономия ${SUFFIX}» принята от: ${pupil.name}`).waitFor();
    await cdpBurst(page, one!.barcode, 5);
    await note().getByText(`«Астрономия ${SUFFIX}» (${one!.barcode}) не на руках: принимать нечего`).waitFor();
    await cdpBurst(page, `NOPE${SUFFIX}`, 5);
    await note().getByText(`Код NOPE${SUFFIX}: ни ученика этой школы, ни экземпляра её библиотеки`).waitFor();
    const onHand = await call<{ total: number }>(
      token,
      'GET',
      `/api/books/on/hand?schoolId=${book.schoolId}&query=${encodeURIComponent(`Астрономия ${SUFFIX}`)}`,
    );
    expect(onHand.total).toBe(0);
  });

  it('never lets a scan answer the question: refused aloud, the question stays for Enter', async () => {
    const token = await tokenOf('librarian@demo.kz');
    const admin = await tokenOf('edu.admin@demo.kz');
    const book = await bookWithCopies(token, `Химия ${SUFFIX}`, 2);
    const [one, two] = book.barcodes.map((b) => b.barcode);
    const pupils = await call<UserList>(
      admin,
      'GET',
      `/api/users?schoolId=${book.schoolId}&isPupils=1&limit=1&offset=30`,
    );
    const pupil = pupils.rows[0]!;
    const card = await withCard(admin, pupil, `LQ${SUFFIX}`);
    await page.goto(`${baseUrl()}/books/issuance`);
    await page.getByTestId('desk-prompt').waitFor();
    await cdpBurst(page, card, 5);
    await page.getByTestId('desk-student').getByText(pupil.name).waitFor();
    await cdpBurst(page, one!, 5);
    await deskCopies().filter({ hasText: one! }).waitFor();
    await page.keyboard.press('Control+Enter');
    const question = page.locator('.ant-modal-confirm-title').getByText(/Выдать 1 кн\. ученику/);
    await question.waitFor();
    // The next copy scanned while the question is open, as hardware sends it (each key stamped with its
    // own time, whatever the page is doing): its Enter answers nothing, the scan is refused.
    await cdpBurst(page, two!, 8);
    await note().getByText(`Скан ${two!} не принят: сначала ответьте на вопрос`).waitFor();
    expect(await question.isVisible()).toBe(true);
    const held = async () =>
      (
        await call<{ total: number }>(
          token,
          'GET',
          `/api/books/on/hand?schoolId=${book.schoolId}&query=${encodeURIComponent(`Химия ${SUFFIX}`)}`,
        )
      ).total;
    expect(await held()).toBe(0);
    await shot(page, 'issuance-scan-during-question');
    // A person's Enter answers it.
    await page.keyboard.press('Enter');
    await note().getByText(`Книги выданы ${pupil.name} до`).waitFor();
    expect(await held()).toBe(1);
  });

  it('asks before another copy of a title the pupil holds or has in the list; declined, it is not added', async () => {
    const token = await tokenOf('librarian@demo.kz');
    const admin = await tokenOf('edu.admin@demo.kz');
    const title = `Физика ${SUFFIX}`;
    const book = await bookWithCopies(token, title, 3);
    const [one, two, three] = book.barcodes.map((b) => b.barcode);
    const other = await bookWithCopies(token, `Биология ${SUFFIX}`, 1);
    const pupils = await call<UserList>(
      admin,
      'GET',
      `/api/users?schoolId=${book.schoolId}&isPupils=1&limit=1&offset=35`,
    );
    const pupil = pupils.rows[0]!;
    const card = await withCard(admin, pupil, `LT${SUFFIX}`);
    await call(token, 'POST', '/api/book/issuance', {
      user_id: pupil.id,
      book_ids: [book.barcodes[0]!.id],
      expired_at: isoDay(7),
    });
    await page.goto(`${baseUrl()}/books/issuance`);
    await page.getByTestId('desk-prompt').waitFor();
    await cdpBurst(page, card, 5);
    await page.getByTestId('desk-student').getByText(pupil.name).waitFor();
    // Another title goes in without a word.
    await cdpBurst(page, other.barcodes[0]!.barcode, 5);
    await deskCopies().filter({ hasText: other.barcodes[0]!.barcode }).waitFor();
    const question = (n: number) =>
      page
        .locator('.ant-modal-confirm-title')
        .getByText(`«${title}»: ${n} экз. этой книги уже у ученика или в списке. Выдать ещё один экземпляр?`);
    // A second copy of the title the pupil holds: asked; «Отмена» leaves it out.
    await cdpBurst(page, two!, 5);
    await question(1).waitFor();
    await shot(page, 'issuance-same-title');
    await page.getByRole('button', { name: 'Отмена' }).click();
    await question(1).waitFor({ state: 'detached' });
    expect(await deskCopies().count()).toBe(1);
    // Asked again, and added.
    await cdpBurst(page, two!, 5);
    await question(1).waitFor();
    await page.keyboard.press('Enter');
    await deskCopies().filter({ hasText: two! }).waitFor();
    // The third counts the one on hand and the one in the list.
    await cdpBurst(page, three!, 5);
    await question(2).waitFor();
    await page.keyboard.press('Enter');
    await deskCopies().filter({ hasText: three! }).waitFor();
    expect(await deskCopies().count()).toBe(3);
    expect(one).toBeDefined();
  });

  it('warns of overdue books, asks before Esc or another card drops scanned copies, and switches students', async () => {
    const token = await tokenOf('librarian@demo.kz');
    const admin = await tokenOf('edu.admin@demo.kz');
    // A demo pupil with an overdue copy.
    const onHand = await call<{ rows: { user: { id: number; name: string }; barcode: string; status: string }[] }>(
      token,
      'GET',
      '/api/books/on/hand?limit=100',
    );
    const late = onHand.rows.find((r) => r.status === 'overdue')!;
    const lateCard = await withCard(admin, late.user, `OVD${SUFFIX}`);
    const book = await bookWithCopies(token, `Химия ${SUFFIX}`, 2);
    const pupils = await call<UserList>(
      admin,
      'GET',
      `/api/users?schoolId=${book.schoolId}&isPupils=1&limit=1&offset=30`,
    );
    const other = pupils.rows[0]!;
    const otherCard = await withCard(admin, other, `SW${SUFFIX}`);

    await page.goto(`${baseUrl()}/books/issuance`);
    await page.getByTestId('desk-prompt').waitFor();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await cdpBurst(page, lateCard, 10);
    await page.getByTestId('desk-student').getByText(late.user.name).waitFor();
    // Warned, and the loans are listed with the overdue one marked.
    const warning = note();
    await warning.getByText(/просрочено книг — \d+\. Напомните вернуть их; по правилу школы выдавать можно/).waitFor();
    expect(await warning.getAttribute('data-kind')).toBe('warning');
    const loans = page.getByTestId('desk-loans');
    await loans.getByText(late.barcode).waitFor();
    expect(await loans.locator('tr', { hasText: late.barcode }).textContent()).toContain('просрочено');
    await shot(page, 'issuance-overdue');

    // A copy scanned, then Esc: asked, and «Отмена» keeps the copy.
    const [one] = book.barcodes.map((b) => b.barcode);
    await cdpBurst(page, one!, 10);
    await deskCopies().filter({ hasText: one! }).waitFor();
    await page.keyboard.press('Escape');
    const question = page.locator('.ant-modal-confirm');
    await question
      .locator('.ant-modal-confirm-title')
      .filter({ hasText: /^Сбросить ученика .+ и отсканированные книги \(1\)\?/ })
      .waitFor();
    await question.getByRole('button', { name: 'Отмена' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await deskCopies().count()).toBe(1);

    // Another pupil's card: asked before the copy goes; Enter agrees and the desk is theirs.
    await cdpBurst(page, otherCard, 10);
    await question
      .locator('.ant-modal-confirm-title')
      .filter({
        hasText: `Перейти к ученику ${other.name}? Отсканированные книги (1) не выданы и не приняты: список очистится`,
      })
      .waitFor();
    await shot(page, 'issuance-switch');
    await page.keyboard.press('Enter');
    await page.getByTestId('desk-student').getByText(other.name).waitFor();
    expect(await deskCopies().count()).toBe(0);
    // With nothing scanned, Esc starts over at once.
    await page.keyboard.press('Escape');
    await page.getByTestId('desk-prompt').waitFor();
  });

  it('refuses new books to a pupil with overdue ones once the school’s rule says so, and still takes them back', async () => {
    const token = await tokenOf('librarian@demo.kz');
    const admin = await tokenOf('edu.admin@demo.kz');
    const onHand = await call<{ rows: { user: { id: number; name: string }; barcode: string; status: string }[] }>(
      token,
      'GET',
      '/api/books/on/hand?limit=100',
    );
    const late = onHand.rows.find((r) => r.status === 'overdue')!;
    const lateCard = await withCard(admin, late.user, `OVR${SUFFIX}`);
    const book = await bookWithCopies(token, `Геометрия ${SUFFIX}`, 1);
    const rule = page.getByTestId('overdue-rule');
    try {
      await page.goto(`${baseUrl()}/books/issuance`);
      await page.getByTestId('desk-prompt').waitFor();
      await rule
        .locator('.ant-select-content, .ant-select-selection-item')
        .getByText('Предупреждать и выдавать')
        .waitFor();
      await rule.click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: 'Не выдавать, пока не вернёт' })
        .click();
      await page.getByText('Правило сохранено').waitFor();
      expect(
        (await call<{ overdue_rule: string }>(token, 'GET', `/api/book/settings?schoolId=${book.schoolId}`))
          .overdue_rule,
      ).toBe('refuse');
      // The scan goes to the desk, not into the list just used.
      await cdpBurst(page, lateCard, 10);
      await page.getByTestId('desk-student').getByText(late.user.name).waitFor();
      const refused = new RegExp(
        `^${late.user.name}: просрочено книг — \\d+\\. По правилу школы новые книги не выдаются, пока их не вернут$`,
      );
      await note().getByText(refused).waitFor();
      expect(await note().getAttribute('data-kind')).toBe('error');
      await shot(page, 'issuance-overdue-refused');
      // A new copy is refused at the desk; the late one is taken back as ever.
      await cdpBurst(page, book.barcodes[0]!.barcode, 10);
      await note().getByText(refused).waitFor();
      expect(await deskCopies().count()).toBe(0);
      await cdpBurst(page, late.barcode, 10);
      await deskCopies().filter({ hasText: late.barcode }).waitFor();
      await page.keyboard.press('Escape');
      await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Сбросить' }).click();
    } finally {
      await call(token, 'PUT', '/api/book/settings', { schoolId: book.schoolId, overdue_rule: 'warn' });
    }
  });
});

describe('/books import as librarian@demo.kz', () => {
  const xlsx = (rows: (string | number)[][]) => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Книги');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'books-')), 'books.xlsx');
    fs.writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    return file;
  };
  const HEADER = [
    'Название',
    'Авторы',
    'Издательство',
    'Год издания',
    'Категория',
    'Штрихкоды',
    'Количество экземпляров',
  ];

  it('imports books with their labels and generated copies, prints the labels, and loads a file’s good rows without its bad one', async () => {
    await page.goto(`${baseUrl()}/books`);
    await page.getByTestId('books-page').waitFor();
    await page
      .locator('[data-testid=file-upload-input]')
      .setInputFiles(
        xlsx([
          HEADER,
          [`Импорт ${SUFFIX} А`, 'Автор', 'Мектеп', 2020, 'Учебники', `IM${SUFFIX}1, IM${SUFFIX}2`, ''],
          [`Импорт ${SUFFIX} Б`, 'Автор', 'Мектеп', 2021, '', '', 2],
        ]),
      );
    await page.getByText('Загружено книг: 2, экземпляров: 4').waitFor();
    // The labels are a link away, on a page of their own that prints them sheet by sheet.
    await page.getByTestId('import-labels-link').click();
    await page.getByTestId('import-labels-page').waitFor();
    await page.getByTestId('import-labels-range').getByText('Лист 1 из 1').waitFor();
    await page.getByRole('button', { name: 'Печать листа 1' }).waitFor();
    await page.emulateMedia({ media: 'print' });
    const labels = page.getByTestId('book-labels');
    expect(await labels.locator('svg[data-code128]').count()).toBe(4);
    expect(await labels.getByText(`IM${SUFFIX}1`).count()).toBe(1);
    expect(await labels.getByText(`Импорт ${SUFFIX} Б`).count()).toBe(2);
    await shot(page, 'books-import-labels');
    await page.emulateMedia({ media: 'screen' });
    await shot(page, 'books-import-labels-screen');
    await page.getByRole('link', { name: 'К списку книг' }).click();
    await page.getByTestId('books-page').waitFor();
    await page.getByLabel('Поиск по названию, автору или штрихкоду').fill(`IM${SUFFIX}2`);
    await bookRows()
      .filter({ hasText: `Импорт ${SUFFIX} А` })
      .waitFor();

    // A bad row beside a good one: shown before anything is written, the good one loaded when asked.
    await page
      .locator('[data-testid=file-upload-input]')
      .setInputFiles(
        xlsx([
          HEADER,
          [`Импорт ${SUFFIX} В`, 'Автор', 'Мектеп', 20210, '', '', 1],
          [`Импорт ${SUFFIX} Д`, 'Автор', 'Мектеп', 2021, '', '', 1],
        ]),
      );
    const rejected = page.getByTestId('import-rejected');
    await rejected.waitFor();
    expect(await rejected.locator('li').allTextContents()).toEqual(['строка 2: год издания — четыре цифры']);
    await rejected.getByTestId('import-rejected-download').waitFor();
    await shot(page, 'books-import-refused');
    await page.getByRole('button', { name: 'Загрузить верные строки (1)' }).click();
    await page.getByText('Загружено книг: 1, экземпляров: 1').waitFor();
    const skipped = page.getByTestId('import-skipped');
    await skipped.waitFor();
    expect(await skipped.locator('li').allTextContents()).toEqual(['строка 2: год издания — четыре цифры']);
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
    await skipped.waitFor({ state: 'detached' });
  });

  it('asks before a file names a new category or books the library has already, in one question', async () => {
    await page.goto(`${baseUrl()}/books`);
    await page.getByTestId('books-page').waitFor();
    // The first import's books again, one more generated copy of «Б», and a category nobody has.
    await page
      .locator('[data-testid=file-upload-input]')
      .setInputFiles(
        xlsx([
          HEADER,
          [`Импорт ${SUFFIX} А`, 'Автор', 'Мектеп', 2020, 'Учебники', `IM${SUFFIX}1, IM${SUFFIX}2`, ''],
          [`импорт ${SUFFIX} б`, 'Автор', 'Мектеп', 2021, '', '', 1],
          [`Импорт ${SUFFIX} Г`, 'Автор', 'Мектеп', 2021, `Учебнки ${SUFFIX}`, '', 1],
        ]),
      );
    const question = page.getByTestId('import-confirm');
    await question.waitFor();
    expect(plain(await question.textContent())).toBe(
      `Будут созданы категории: «Учебнки ${SUFFIX}» — проверьте, нет ли опечатки. ` +
        `Уже есть в библиотеке книг: 1 («Импорт ${SUFFIX} Б»): новые не создаются, к ним добавятся экземпляры: 1. Загрузить?`,
    );
    await shot(page, 'books-import-again');
    // «Отмена»: nothing written.
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Отмена' }).click();
    const token = await tokenOf('librarian@demo.kz');
    const found = async (name: string) =>
      (
        await call<{ rows: { name: string; count: number }[] }>(
          token,
          'GET',
          `/api/books/list?query=${encodeURIComponent(`Импорт ${SUFFIX}`)}&limit=100`,
        )
      ).rows.filter((b) => b.name === name);
    expect(await found(`Импорт ${SUFFIX} Г`)).toEqual([]);
    await page
      .locator('[data-testid=file-upload-input]')
      .setInputFiles(
        xlsx([
          HEADER,
          [`Импорт ${SUFFIX} А`, 'Автор', 'Мектеп', 2020, 'Учебники', `IM${SUFFIX}1, IM${SUFFIX}2`, ''],
          [`импорт ${SUFFIX} б`, 'Автор', 'Мектеп', 2021, '', '', 1],
          [`Импорт ${SUFFIX} Г`, 'Автор', 'Мектеп', 2021, `Учебнки ${SUFFIX}`, '', 1],
        ]),
      );
    await question.waitFor();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Загрузить' }).click();
    await page.getByText('Новых книг: 1, уже были в библиотеке: 2; экземпляров добавлено: 2').waitFor();
    expect((await found(`Импорт ${SUFFIX} А`)).map((b) => b.count)).toEqual([2]);
    expect((await found(`Импорт ${SUFFIX} Б`)).map((b) => b.count)).toEqual([3]);
    expect((await found(`Импорт ${SUFFIX} Г`)).map((b) => b.count)).toEqual([1]);
  });

  it('asks before a file that creates thousands of copies, then prints them part by part', async () => {
    await page.goto(`${baseUrl()}/books`);
    await page.getByTestId('books-page').waitFor();
    const rows: (string | number)[][] = [HEADER];
    for (let i = 0; i < 5; i++) rows.push([`Большой ${SUFFIX} ${i}`, 'Автор', 'Мектеп', 2022, '', '', 500]);
    await page.locator('[data-testid=file-upload-input]').setInputFiles(xlsx(rows));
    const question = page.getByTestId('import-confirm');
    await question.waitFor();
    expect(await question.textContent()).toBe(
      'Файл добавит книг: 5, экземпляров: 2\u00a0500; для каждого экземпляра будет этикетка. Загрузить?',
    );
    await shot(page, 'books-import-confirm');
    // Nothing is written before the answer.
    const token = await tokenOf('librarian@demo.kz');
    const found = () =>
      call<{ total: number }>(token, 'GET', `/api/books/list?query=${encodeURIComponent(`Большой ${SUFFIX}`)}`);
    expect((await found()).total).toBe(0);
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Загрузить' }).click();
    await page.getByText('Загружено книг: 5, экземпляров: 2500').waitFor();
    expect((await found()).total).toBe(5);
    await page.getByTestId('import-labels-link').click();
    await page.getByTestId('import-labels-range').getByText('Листы 1–20 из 105').waitFor();
    await page.locator('.ant-pagination-item-6').click();
    await page.getByTestId('import-labels-range').getByText('Листы 101–105 из 105').waitFor();
    await page.getByRole('button', { name: 'Печать листов 101–105' }).waitFor();
    expect(page.url()).toContain('part=6');
    expect(await page.getByTestId('book-labels').locator('svg[data-code128]').count()).toBe(2500 - 5 * 480);
  });
});

describe('an education organization without the library', () => {
  it('has no library in its menu, and a library link says the section is not connected', async () => {
    const stamp = Date.now();
    const email = `nolib.${stamp}@demo.kz`;
    await call(await tokenOf('superadmin@demo.kz'), 'POST', '/api/organization', {
      name: `Отдел образования без библиотеки ${stamp}`,
      type: 'education',
      status: 'active',
      bin: makeBin('25094', (stamp % 100000) * 10),
      modules: [],
      admin_name: 'Админ Без Библиотеки',
      admin_email: email,
      admin_password: DEMO_PASSWORD,
    });
    await signOutHere(page);
    await signIn(page, email);
    await page.getByTestId('nav-group-reference').waitFor();
    expect(await page.getByTestId('nav-group-library').count()).toBe(0);
    await page.goto(`${baseUrl()}/books/issuance`);
    await page.getByRole('heading', { name: 'Раздел не подключён' }).waitFor();
    expect(await page.getByTestId('desk-prompt').count()).toBe(0);
    await shot(page, 'library-module-off');
    // The server says the same to a script: the role is not enough without the module.
    const res = await fetch(`${baseUrl()}/api/books/list`, {
      headers: { authorization: `Bearer ${await tokenOf(email)}` },
    });
    expect(res.status).toBe(403);
    await signOutHere(page);
    await signIn(page, 'librarian@demo.kz');
  });
});
