import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  openKazakhBrowser,
  downloadLink,
  fieldError,
  openBrowser,
  shot,
  signInAt,
  signOutHere,
  storedToken,
} from './browser.ts';

const SUFFIX = String(Date.now()).slice(-7);
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let tmp: string;
let schoolId: number;
const SCHOOL = `Школа классов ${SUFFIX}`;

/** A one-sheet xlsx of inline strings, zipped without compression: enough for an import. */
function xlsxOf(rows: string[][]): Buffer {
  const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const col = (i: number) => String.fromCharCode(65 + i);
  const sheet = rows
    .map(
      (r, y) =>
        `<row r="${y + 1}">${r.map((v, x) => `<c r="${col(x)}${y + 1}" t="inlineStr"><is><t>${esc(v)}</t></is></c>`).join('')}</row>`,
    )
    .join('');
  const ns = 'http://schemas.openxmlformats.org';
  const files: [string, string][] = [
    [
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="Лист1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ],
    [
      'xl/worksheets/sheet1.xml',
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>${sheet}</sheetData></worksheet>`,
    ],
  ];
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of files) {
    const data = Buffer.from(text, 'utf8');
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(data.length, 20);
    dir.writeUInt32LE(data.length, 24);
    dir.writeUInt16LE(fileName.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    central.push(dir, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const dirSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dirSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...central, end]);
}

async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
  const token = await storedToken(page);
  const res = await fetch(`${baseUrl()}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function signInAs(email: string, to: string) {
  await signOutHere(page);
  await signInAt(page, email, to);
}

const rows = () => page.locator('[data-testid="classrooms-page"] tbody tr.ant-table-row');
const row = (name: string) => rows().filter({ has: page.getByRole('link', { name, exact: true }) });
const names = () => rows().locator('td:first-child').allTextContents();
const listUrl = () => `/classrooms?schoolId=${schoolId}`;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-classrooms-'));
  browser = await openBrowser();
  page = browser.page;
  await signInAs('edu.admin@demo.kz', '/classrooms');
  schoolId = (
    await call<{ id: number }>('POST', '/api/school', {
      region_id: 2,
      name: SCHOOL,
      city: 'Алматы',
      address: 'ул. Жибек Жолы, 1',
    })
  ).id;
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('/classrooms as edu.admin@demo.kz', () => {
  it('creates classes through the form and lists them in natural order', async () => {
    await page.goto(`${baseUrl()}${listUrl()}`);
    await page.getByText('В этой школе пока нет классов').waitFor();
    await shot(page, 'classrooms-empty');
    for (const name of ['10 А', '2 А']) {
      await page.getByRole('link', { name: 'Добавить класс' }).click();
      await page.waitForURL((u) => u.pathname === `/classroom/${schoolId}/create`);
      await page.getByLabel('Название на русском').fill(name);
      await page.getByRole('button', { name: 'Сохранить' }).click();
      await page.getByText('Класс добавлен').first().waitFor();
      await page.waitForURL((u) => u.pathname === '/classrooms' && u.searchParams.get('schoolId') === String(schoolId));
    }
    // Back on the list, the cached rows show first and the new class arrives with the refetch.
    await row('2 А').waitFor();
    await expect.poll(names).toEqual(['2 А', '10 А']);
    expect(await row('2 А').getByRole('link', { name: '2 А' }).getAttribute('href')).toMatch(
      /^\/classroom\/\d+\/users$/,
    );
    await shot(page, 'classrooms-list');
  });

  it('shows the server’s refusal of a name the school already has under the field', async () => {
    await page.goto(`${baseUrl()}/classroom/${schoolId}/create`);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await fieldError(page, 'Название на русском').getByText('Обязательное поле').waitFor();
    await page.getByLabel('Название на русском').fill('2 а');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await fieldError(page, 'Название на русском').getByText('Класс с таким названием в этой школе уже есть').waitFor();
    expect(await page.locator('.ant-breadcrumb').textContent()).toContain(SCHOOL);
    await shot(page, 'classroom-name-taken');
  });

  it('renames a class', async () => {
    await page.goto(`${baseUrl()}${listUrl()}`);
    await row('10 А').getByRole('link', { name: 'Изменить' }).click();
    const field = page.getByLabel('Название на русском');
    await page.getByText('Редактирование класса').first().waitFor();
    expect(await field.inputValue()).toBe('10 А');
    await field.fill('10 Б');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Класс сохранён').waitFor();
    await row('10 Б').waitFor();
    expect(await names()).toEqual(['2 А', '10 Б']);
  });

  it('imports classes from an xlsx file, then lists the rows it refused', async () => {
    await page.goto(`${baseUrl()}${listUrl()}`);
    await row('2 А').waitFor();
    const good = path.join(tmp, 'classes.xlsx');
    fs.writeFileSync(good, xlsxOf([['Класс'], ['1 А'], ['2 А'], ['11 В']]));
    await page.locator('[data-testid=file-upload-input]').setInputFiles(good);
    await page.getByText('Загружено строк: 2').waitFor();
    // The row not loaded is told, with its reason.
    const skipped = page.getByTestId('import-skipped');
    await skipped.waitFor();
    expect(await skipped.locator('li').allTextContents()).toEqual(['строка 3: класс «2 А» в школе уже есть, пропущен']);
    expect(await page.locator('.ant-modal-confirm-title').textContent()).toBe('Пропущено строк: 1');
    await shot(page, 'classrooms-import-skipped');
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
    await skipped.waitFor({ state: 'detached' });
    await row('11 В').waitFor();
    expect(await names()).toEqual(['1 А', '2 А', '10 Б', '11 В']);
    await shot(page, 'classrooms-imported');

    // A bad row beside good ones: said before anything is written, with the choice to load the good
    // rows alone and the bad one as a workbook with its reason.
    const bad = path.join(tmp, 'duplicates.xlsx');
    fs.writeFileSync(bad, xlsxOf([['Класс'], ['5 А'], ['5 Б'], ['5 а']]));
    await page.locator('[data-testid=file-upload-input]').setInputFiles(bad);
    const rejected = page.getByTestId('import-rejected');
    await rejected.waitFor();
    expect(await page.locator('.ant-modal-confirm-title').textContent()).toBe('Строки с ошибками: 1');
    expect(await rejected.locator('li').allTextContents()).toEqual(['строка 4: название повторяет строку 2']);
    expect(await rejected.textContent()).toContain('Верных строк: 2.');
    const [saved] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('import-rejected-download').click(),
    ]);
    expect(saved.suggestedFilename()).toBe('Строки с ошибками.xlsx');
    expect((await fs.promises.stat((await saved.path())!)).size).toBeGreaterThan(1000);
    await shot(page, 'classrooms-import-refused');
    await page.getByRole('button', { name: 'Отмена' }).click();
    await rejected.waitFor({ state: 'detached' });
    expect(await names()).toEqual(['1 А', '2 А', '10 Б', '11 В']);
    // Asked again, the good rows load and the bad one is listed with its reason.
    await page.locator('[data-testid=file-upload-input]').setInputFiles(bad);
    await rejected.waitFor();
    await page.getByRole('button', { name: 'Загрузить верные строки (2)' }).click();
    await page.getByText('Загружено строк: 2').last().waitFor();
    await skipped.waitFor();
    expect(await skipped.locator('li').allTextContents()).toEqual(['строка 4: название повторяет строку 2']);
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
    await row('5 Б').waitFor();
    expect(await names()).toEqual(['1 А', '2 А', '5 А', '5 Б', '10 Б', '11 В']);
    // The list as the next tests expect it.
    const listed = await call<{ rows: { id: number; name: string }[] }>(
      'GET',
      `/api/classrooms?schoolId=${schoolId}&limit=100`,
    );
    for (const c of listed.rows.filter((r) => r.name.startsWith('5 '))) await call('DELETE', `/api/classroom/${c.id}`);
  });

  it('searches, and keeps the school and the search in the address', async () => {
    await page.goto(`${baseUrl()}${listUrl()}`);
    await row('2 А').waitFor();
    await page.getByLabel('Поиск по названию класса').fill('1');
    await page.waitForURL((u) => u.searchParams.get('query') === '1');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="classrooms-page"] tbody tr.ant-table-row').length === 3,
    );
    expect(await names()).toEqual(['1 А', '10 Б', '11 В']);
    await page.reload();
    await row('11 В').waitFor();
    expect(await names()).toEqual(['1 А', '10 Б', '11 В']);
  });

  it('offers the export and the template as links carrying the token', async () => {
    await page.goto(`${baseUrl()}${listUrl()}`);
    await row('2 А').waitFor();
    const href = await downloadLink(page.getByTestId('classrooms-export'));
    const url = new URL(href!, baseUrl());
    expect(url.pathname).toBe('/api/classrooms/download');
    expect(url.searchParams.get('schoolId')).toBe(String(schoolId));
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent(`Классы ${SCHOOL}.xlsx`));
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    const pupils = new URL((await downloadLink(page.getByTestId('pupils-export')))!, baseUrl());
    expect([pupils.pathname, pupils.searchParams.get('schoolId')]).toEqual(['/api/users/export', String(schoolId)]);
    const sheet = await fetch(pupils);
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get('content-disposition')).toContain(encodeURIComponent(`Ученики ${SCHOOL}.xlsx`));

    const template = await downloadLink(page.getByTestId('import-template'));
    const t = await fetch(new URL(template!, baseUrl()));
    expect(t.status).toBe(200);
    expect(t.headers.get('content-type')).toContain('spreadsheetml');
  });

  it('deletes a class after confirmation', async () => {
    await page.goto(`${baseUrl()}${listUrl()}`);
    await row('11 В').getByRole('button', { name: 'Удалить' }).click();
    await page.getByText('Вы действительно желаете удалить класс?').waitFor();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Да' }).click();
    await page.getByText('Класс удалён').waitFor();
    await row('11 В').waitFor({ state: 'detached' });
    expect(await names()).toEqual(['1 А', '2 А', '10 Б']);
  });

  it('switches the school with the selector', async () => {
    await page.goto(`${baseUrl()}${listUrl()}`);
    await row('2 А').waitFor();
    await page.getByTestId('school-select').click();
    await page.locator('.ant-select-item-option', { hasText: 'Средняя школа №25' }).click();
    await page.waitForURL((u) => u.searchParams.get('schoolId') !== String(schoolId));
    await page.waitForFunction(() => !document.body.textContent?.includes('10 Б'));
    await shot(page, 'classrooms-other-school');
  });

  it('moves the classes to the next year after showing the plan', async () => {
    const eleven = await call<{ id: number }>('POST', '/api/classroom', { schoolId, name: '11 А' });
    await call('POST', '/api/user', { name: `Выпускник ${SUFFIX}`, classroom_id: eleven.id });
    await page.goto(`${baseUrl()}${listUrl()}`);
    await row('11 А').waitFor();
    await page.getByTestId('classrooms-promote').click();
    const plan = page.getByTestId('promote-plan');
    await plan.waitFor();
    const planRows = () => plan.locator('tbody tr.ant-table-row').allInnerTexts();
    const cells = async () => (await planRows()).map((r) => r.split('\t').map((c) => c.trim()));
    expect(await cells()).toEqual([
      ['1 А', '2 А', '0'],
      ['2 А', '3 А', '0'],
      ['10 Б', '11 Б', '0'],
      ['11 А', 'Выпуск', '1'],
    ]);
    expect(await page.getByTestId('promote-summary').textContent()).toBe(
      'Перейдут в следующий класс: 3 класса, 0 учеников',
    );
    await page.getByText('Выпускаются: 1 класс, 1 ученик.').waitFor();
    await shot(page, 'classrooms-promote-plan');

    // A school that ends with the 10th grade: 10 Б leaves too.
    await page.getByLabel('Последний класс школы').fill('10');
    await expect.poll(async () => (await cells()).map((c) => c[1])).toEqual(['2 А', '3 А', 'Выпуск', 'Выпуск']);
    // 15, 0 or 2.5 stay as typed with a message, no plan and nothing to apply; never cut to 12 or 1.
    for (const typed of ['15', '0', '2.5', 'abc']) {
      await page.getByLabel('Последний класс школы').fill(typed);
      await page.getByTestId('promote-grade-error').getByText('Последний класс — целое число от 1 до 12').waitFor();
      expect(await page.getByLabel('Последний класс школы').inputValue()).toBe(typed);
      await plan.waitFor({ state: 'detached' });
      expect(await page.locator('.ant-modal-footer').getByRole('button', { name: 'Перевести' }).isDisabled()).toBe(
        true,
      );
    }
    await page.getByLabel('Последний класс школы').fill('11');
    await expect.poll(async () => (await cells()).map((c) => c[1])).toEqual(['2 А', '3 А', '11 Б', 'Выпуск']);
    expect(await page.getByTestId('promote-grade-error').count()).toBe(0);

    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Перевести' }).click();
    await page.getByText('Переведено классов: 4').waitFor();
    await plan.waitFor({ state: 'detached' });
    await expect.poll(names).toEqual(['2 А', '3 А', '11 Б']);
    await shot(page, 'classrooms-promoted');
  });
});

describe('/classrooms for other profiles', () => {
  it('hides the school selector from a user locked to a school', async () => {
    await signInAs('school.admin@demo.kz', '/classrooms');
    await page.getByTestId('classrooms-page').waitFor();
    await page.getByRole('link', { name: 'Добавить класс' }).waitFor();
    expect(await page.getByTestId('school-select').count()).toBe(0);
    await shot(page, 'classrooms-locked');
  });

  it('names a group in Russian and Kazakh: each reader sees their own, either finds it', async () => {
    await signInAs('kg.admin@demo.kz', '/classrooms');
    const { rows: kgSchools } = await call<{ rows: { id: number }[] }>('GET', '/api/schools');
    const kgSchool = kgSchools[0]!.id;
    await page.goto(`${baseUrl()}/classroom/${kgSchool}/create`);
    await page.getByLabel('Название на русском').fill(`Солнышко ${SUFFIX}`);
    await page.getByLabel('Название на казахском').fill(`Күншуақ ${SUFFIX}`);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Группа добавлена').first().waitFor();
    await row(`Солнышко ${SUFFIX}`).waitFor();
    const { rows: groups } = await call<{ rows: { id: number }[] }>(
      'GET',
      `/api/classrooms?schoolId=${kgSchool}&query=${encodeURIComponent(`Солнышко ${SUFFIX}`)}`,
    );
    const groupId = groups[0]!.id;
    await call('POST', '/api/user', {
      name: `Ребёнок ${SUFFIX}`,
      school_id: kgSchool,
      classroom_id: groupId,
    });
    for (const name of [`${SUFFIX} Б`, `Ромашка ${SUFFIX}`])
      await call('POST', '/api/classroom', { schoolId: kgSchool, name });
    const kazakh = await openKazakhBrowser('kg.admin@demo.kz');
    try {
      const kk = kazakh.page;
      // The Russian name typed on the Kazakh screen finds the group, shown by its Kazakh name.
      await kk.goto(`${baseUrl()}/classrooms?schoolId=${kgSchool}&query=${encodeURIComponent(`Солнышко ${SUFFIX}`)}`);
      const list = kk.locator('[data-testid="classrooms-page"] tbody tr.ant-table-row');
      await list.getByRole('link', { name: `Күншуақ ${SUFFIX}`, exact: true }).waitFor();
      expect(await list.count()).toBe(1);
      expect(await list.textContent()).not.toContain('Солнышко');
      await shot(kk, 'classrooms-kk');
      // Another screen that names the group names it in Kazakh too: its children's list.
      await kk.goto(`${baseUrl()}/classroom/${groupId}/users`);
      const child = kk.locator('tbody tr.ant-table-row').filter({ hasText: `Ребёнок ${SUFFIX}` });
      await child.waitFor();
      expect(await child.textContent()).toContain(`Күншуақ ${SUFFIX}`);
      expect(await child.textContent()).not.toContain('Солнышко');
      // A name given in Russian alone is marked as such; a number and a letter reads the same in Kazakh.
      await kk.goto(`${baseUrl()}/classrooms?schoolId=${kgSchool}&query=${SUFFIX}`);
      await expect.poll(() => list.count()).toBe(3);
      const marked = list.filter({ has: kk.getByTestId('name-fallback') });
      expect(await marked.count()).toBe(1);
      expect(await marked.textContent()).toContain(`Ромашка ${SUFFIX} (орысша)`);
    } finally {
      await kazakh.close();
    }
  });

  it('speaks of groups to the kindergarten admin', async () => {
    await signInAs('kg.admin@demo.kz', '/classrooms');
    const title = page.locator('[data-testid="classrooms-page"] .ant-card-head-title');
    await title.waitFor();
    expect(await title.textContent()).toBe('Группы');
    await page.getByRole('link', { name: 'Добавить группу' }).waitFor();
    expect(await page.getByLabel('Поиск по названию группы').count()).toBe(1);
    // Groups have no grades to move up.
    expect(await page.getByTestId('classrooms-promote').count()).toBe(0);
    await shot(page, 'classrooms-kindergarten');
  });
});
