import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, openBrowser, shot, signIn } from './browser.ts';
import { call, tokenOf } from './fixation-helpers.ts';

type Case = { email: string; home: string; top: string[]; groups: string[]; reaches?: string };

/**
 * Each demo role, where `/` sends it (docs/product.md "Home"; a start screen not built yet gives way to the
 * first built screen of the menu, else the profile), and the navigation it must see (§2.3, §6).
 */
const CASES: Case[] = [
  {
    email: 'superadmin@demo.kz',
    home: '/organizations',
    top: ['/admin', '/organizations', '/pupils', '/users', '/calendar'],
    groups: [],
  },
  {
    email: 'admin@demo.kz',
    home: '/report/fixations',
    top: ['/fixation', '/fixation/manual'],
    groups: ['reports', 'reference'],
    reaches: '/canteens',
  },
  { email: 'cashier@demo.kz', home: '/fixation', top: ['/fixation'], groups: [] },
  {
    email: 'economist@demo.kz',
    home: '/report/fixations',
    top: [],
    groups: ['reports'],
    reaches: '/report/category/fixations',
  },
  {
    email: 'edu.admin@demo.kz',
    home: '/schools',
    top: ['/cashbox', '/school/fixation', '/school/fixation/manual'],
    groups: ['reports', 'menu', 'library', 'reference'],
    reaches: '/menus',
  },
  {
    email: 'school.admin@demo.kz',
    home: '/schools',
    top: ['/cashbox', '/school/fixation', '/school/fixation/manual'],
    groups: ['reports', 'menu', 'library', 'reference'],
  },
  {
    email: 'kg.admin@demo.kz',
    home: '/schools',
    top: ['/school/fixation', '/school/fixation/manual'],
    groups: ['reports', 'reference'],
    reaches: '/classrooms',
  },
  {
    email: 'edu.cashier@demo.kz',
    home: '/school/fixation',
    top: ['/cashbox', '/cashbox/day', '/kitchen', '/school/fixation'],
    groups: [],
  },
  {
    email: 'social@demo.kz',
    home: '/classrooms',
    top: [],
    groups: ['reports', 'reference'],
    reaches: '/food/categories',
  },
  {
    email: 'observer@demo.kz',
    home: '/report/school/statistics',
    top: ['/report/school/statistics'],
    groups: ['reports'],
  },
  { email: 'librarian@demo.kz', home: '/books/issuance', top: [], groups: ['library'], reaches: '/books/onhands' },
  { email: 'parent@demo.kz', home: '/download', top: [], groups: [] },
];

const topHrefs = (page: Page) =>
  page.$$eval('[data-testid="nav"] [data-testid="nav-link"]', (links) => [
    ...new Set(links.filter((a) => !a.closest('.ant-menu-submenu')).map((a) => a.getAttribute('href') ?? '')),
  ]);
const groupKeys = (page: Page) =>
  page.$$eval('[data-testid="nav"] [data-testid^="nav-group-"]', (els) => [
    ...new Set(els.map((e) => e.getAttribute('data-testid')!.replace('nav-group-', ''))),
  ]);
const allHrefs = (page: Page) =>
  page.$$eval('[data-testid="nav"] [data-testid="nav-link"]', (links) => [
    ...new Set(links.map((a) => a.getAttribute('href') ?? '')),
  ]);

let browser: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser.close());

describe('signing in as each demo role', () => {
  for (const c of CASES) {
    it(`${c.email} lands on ${c.home} with its navigation`, async () => {
      const { page } = browser;
      await page.context().clearCookies();
      await page.goto(`${baseUrl()}/login`);
      await page.evaluate(() => localStorage.clear());
      await signIn(page, c.email);
      await page.waitForURL((u) => u.pathname === c.home);
      if (c.home === '/download') {
        // The family's own page: its frame names the parent, and it has no staff navigation at all.
        await page.getByTestId('family-who').getByText(/\S/).waitFor();
        expect(await page.locator('[data-testid="nav"]').count()).toBe(0);
        await shot(page, `home-${c.email.replace('@demo.kz', '')}`);
        return;
      }
      await page.waitForSelector('[data-testid="profile-menu-title"], [data-testid="profile-menu"]');
      expect(new URL(page.url()).pathname).toBe(c.home);
      // The menu fills in as the session's profile arrives: wait for its final state, never read it midway.
      await expect.poll(async () => (await topHrefs(page)).sort()).toEqual([...c.top].sort());
      await expect.poll(async () => (await groupKeys(page)).sort()).toEqual([...c.groups].sort());
      if (c.reaches) await expect.poll(() => allHrefs(page)).toContain(c.reaches);
      // Every entry shown leads to a screen the role may open (never to a refusal).
      await shot(page, `home-${c.email.replace('@demo.kz', '')}`);
    });
  }

  it('a kindergarten admin reads Детские сады and Группы instead of Школы and Классы', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl()}/login`);
    await page.evaluate(() => localStorage.clear());
    await signIn(page, 'kg.admin@demo.kz');
    await page.waitForURL((u) => u.pathname === '/schools');
    // The reference entries live in a submenu that renders when opened, as a user opens it.
    await page.locator('[data-testid="nav-group-reference"]').hover();
    await page.getByRole('link', { name: 'Детские сады', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Группы', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Школы', exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Классы', exact: true }).count()).toBe(0);
  });

  it('a kindergarten admin who creates a book category lands on their kindergartens, not on a refusal', async () => {
    const { page } = browser;
    const token = await tokenOf('kg.admin@demo.kz');
    const kindergarten = (await call<{ rows: { id: number }[] }>(token, 'GET', '/api/schools?limit=1')).rows[0]!.id;
    await page.goto(`${baseUrl()}/books/category/${kindergarten}/create`);
    await page.getByLabel('Название').fill(`Сказки ${String(Date.now()).slice(-7)}`);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Категория добавлена').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/schools');
    await page.getByTestId('schools-page').waitFor();
    expect(await page.getByText(/нет доступа/).count()).toBe(0);
  });
});

describe('guarded routes', () => {
  it('send a signed-out visitor to /login', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl()}/login`);
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${baseUrl()}/organizations`);
    await page.waitForURL((u) => u.pathname === '/login');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('send an unknown path to / and on to the home of the role', async () => {
    const { page } = browser;
    await signIn(page, 'cashier@demo.kz');
    await page.goto(`${baseUrl()}/no/such/page`);
    await page.waitForURL((u) => u.pathname === '/fixation');
  });

  it('sign-out clears the session and returns to /login', async () => {
    const { page } = browser;
    await signIn(page, 'admin@demo.kz');
    // The admin starts on a month's report, whose sticky header (there with or without rows) once
    // covered the menu's last item.
    await page.locator('.ant-table-sticky-holder th').first().waitFor();
    await page.getByTestId('profile-menu-title').hover();
    const signOut = page.getByTestId('sign-out');
    await signOut.waitFor();
    expect(
      await signOut.evaluate((item) => {
        const box = item.getBoundingClientRect();
        return item.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
      }),
    ).toBe(true);
    // A copy of the token taken before the sign-out (a shared school PC) opens nothing after it.
    const copied = await page.evaluate(() => localStorage.getItem('access_token'));
    expect(copied).toEqual(expect.any(String));
    await signOut.click();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await expect
      .poll(
        async () =>
          (await fetch(`${baseUrl()}/api/profile`, { headers: { authorization: `Bearer ${copied}` } })).status,
      )
      .toBe(401);
    await page.goto(`${baseUrl()}/fixation`);
    await page.waitForURL((u) => u.pathname === '/login');
  });
});
