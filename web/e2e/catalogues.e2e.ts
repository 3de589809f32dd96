import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUES, catalogueScreens, cataloguePaths, type Catalogue } from '@tamaq/contract/catalogues';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { DEMO_ACCOUNTS, openBrowser, signInAt, signOutHere, storedToken } from './browser.ts';
import { call } from './fixation-helpers.ts';

/**
 * The main path of every catalogue of the contract's `catalogues.ts`, from its declaration, as the
 * demo account of its first role goes it: a row (made from the create endpoint's example) found by
 * the list's search, opened, renamed and saved, and deleted after the question. A new catalogue is
 * walked without a test of its own; what its form has beyond a name wants one.
 */

let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
beforeAll(async () => {
  browser = await openBrowser();
  page = browser.page;
});
afterAll(() => browser?.close());

const SUFFIX = String(Date.now()).slice(-7);

describe.each(Object.entries(CATALOGUES) as [keyof typeof CATALOGUES, Catalogue][])('the catalogue %s', (group, c) => {
  const email = DEMO_ACCOUNTS[c.roles[0]!]!;
  const screens = catalogueScreens(c);
  const rows = () => page.locator('#content tbody tr.ant-table-row');
  const row = (name: string) => rows().filter({ has: page.getByRole('link', { name, exact: true }) });
  /** Searches the list for `text` and waits for its answer: the one row of that name. */
  const search = async (text: string) => {
    await page.getByRole('searchbox').first().fill(text);
    await page.waitForURL((u) => u.searchParams.get('query') === text);
    await row(text).waitFor();
    await expect.poll(() => rows().count()).toBe(1);
  };

  it(`is found, renamed and deleted by ${email}`, async () => {
    await signOutHere(page);
    const name = `Пример ${SUFFIX}`;
    await signInAt(page, email, `${screens.list}?query=${encodeURIComponent(SUFFIX)}`);
    const token = await storedToken(page);
    const example = ENDPOINTS[group].create.example as Record<string, unknown>;
    await call(token, 'POST', cataloguePaths(c).create.path, { ...example, name });

    // The list asked before the row was made: a search finds it.
    await search(name);
    await row(name).getByRole('link', { name: 'Изменить' }).click();
    await page.waitForURL((u) => new RegExp(`^${c.one}/\\d+$`).test(u.pathname));
    // One name, or (a catalogue named in both languages) the Russian one of its two.
    const field = page
      .getByLabel('Название', { exact: true })
      .or(page.getByLabel('Название на русском', { exact: true }));
    await expect.poll(() => field.inputValue()).toBe(name);
    const renamed = `${name} 2`;
    await field.fill(renamed);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL((u) => u.pathname === screens.list);

    await search(renamed);
    await row(renamed).getByRole('button', { name: 'Удалить' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Да' }).click();
    await row(renamed).waitFor({ state: 'detached' });
    await page.getByText('Нет данных').waitFor();
    expect(
      (
        await call<{ total: number }>(
          token,
          'GET',
          `${cataloguePaths(c).list.path}?query=${encodeURIComponent(renamed)}`,
        )
      ).total,
    ).toBe(0);
  });
});
