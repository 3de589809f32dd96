import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, openBrowser, signIn, signOutHere } from './browser.ts';
import { cdpBurst } from './cdp-scan.ts';
import {
  call,
  debugPage,
  ensureCategoryNow,
  ENSURE_CATEGORY_TIMEOUT_MS,
  expectVisits,
  recordTones,
  scanCard,
  setSchoolMealsAside,
  tokenOf,
  tonesPlayed,
  withCard,
} from './fixation-helpers.ts';

/**
 * A card scanned the moment a scanning screen is (re)loaded, on a busy machine: the keys come in
 * through the browser's input pipeline, at a scanner's pace whatever the page is doing (`cdpBurst`),
 * before the app's chunks have run. The page's first script
 * keeps them; the screen reads them once ready. The scan is recorded once or refused with its sound.
 */
const stamp = Date.now().toString(36).toUpperCase();
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let eduAdmin: string;
let admin: string;
let removeCategory: () => Promise<void> = async () => {};
let restoreMeals: () => Promise<void> = async () => {};

beforeAll(async () => {
  eduAdmin = await tokenOf('edu.admin@demo.kz');
  admin = await tokenOf('admin@demo.kz');
  removeCategory = (await ensureCategoryNow(admin, `Загрузка ${stamp}`)).remove;
  // The school's scans are recorded at any hour: its one meal a day, not its meal times.
  restoreMeals = await setSchoolMealsAside(eduAdmin);
  browser = await openBrowser({ width: 1024, height: 768 });
  page = browser.page;
  await recordTones(page);
  debugPage(page, 'load');
}, ENSURE_CATEGORY_TIMEOUT_MS);
afterAll(async () => {
  await browser?.close();
  await removeCategory();
  await restoreMeals();
});

/**
 * Opens `path` with the CPU slowed `rate` times and scans `code` `gapMs` a key apart as soon as the
 * page's HTML has been read. Answers whether the screen (`testId`) was already there when the
 * scan ended: it must not be, or this would test nothing.
 */
async function scanWhileLoading(path: string, testId: string, code: string, gapMs: number, rate = 6) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  try {
    await page.goto(`${baseUrl()}${path}`, { waitUntil: 'commit' });
    // The page's HTML is in: the app's scripts are yet to run, its screens' chunks yet to load.
    await page.waitForFunction(() => document.readyState !== 'loading', null, { polling: 2 });
    await cdpBurst(page, code, gapMs);
    return await page.evaluate((id) => document.querySelector(`[data-testid="${id}"]`) !== null, testId);
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}

describe('a card scanned while the screen loads', () => {
  it('is recorded once on /school/fixation', async () => {
    const school = await call<{ school_id: number }>(await tokenOf('school.admin@demo.kz'), 'GET', '/api/profile');
    const rooms = await call<{ rows: { id: number }[] }>(
      eduAdmin,
      'GET',
      `/api/classrooms?schoolId=${school.school_id}&limit=1`,
    );
    const foods = await call<{ rows: { id: number; name: string }[] }>(
      eduAdmin,
      'GET',
      '/api/food/categories?limit=100',
    );
    const name = `Ученик загрузки ${stamp}`;
    const pupil = await call<{ id: number }>(eduAdmin, 'POST', '/api/user', {
      name,
      school_id: school.school_id,
      classroom_id: rooms.rows[0]!.id,
      food_category_id: foods.rows.find((f) => f.name === 'Платное питание')!.id,
    });
    const card = await withCard(eduAdmin, pupil, `LD${stamp}S`);
    await signOutHere(page);
    await signIn(page, 'school.admin@demo.kz');

    expect(await scanWhileLoading('/school/fixation', 'school-fixation-page', card, 5)).toBe(false);
    await scanCard(page, 'success').getByText(name).waitFor({ timeout: 20_000 });
    await expectVisits(eduAdmin, '/api/school/fixations', name, 1);
    expect(await tonesPlayed(page)).toEqual([1320, 1760]);

    // An unknown card at the next reload: refused in red, with its sound, not lost.
    expect(await scanWhileLoading('/school/fixation', 'school-fixation-page', `NOCARD${stamp}`, 5)).toBe(false);
    await scanCard(page, 'refusal').getByText('Карта не найдена', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await tonesPlayed(page)).toEqual([160]);
    await expectVisits(eduAdmin, '/api/school/fixations', name, 1);
  });

  it('is recorded once on /fixation, at a scanner’s fastest', async () => {
    const name = `Сотрудник загрузки ${stamp}`;
    const user = await call<{ id: number }>(admin, 'POST', '/api/user', { name, job_title: 'Повар' });
    const card = await withCard(admin, user, `LD${stamp}C`);
    await signOutHere(page);
    await signIn(page, 'cashier@demo.kz');

    expect(await scanWhileLoading('/fixation', 'fixation-page', card, 0)).toBe(false);
    await scanCard(page, 'success').getByText(name).waitFor({ timeout: 20_000 });
    await expectVisits(admin, '/api/fixations', name, 1);
  });

  it('finds the student at the library desk', async () => {
    const librarian = await tokenOf('librarian@demo.kz');
    const profile = await call<{ school_id: number }>(librarian, 'GET', '/api/profile');
    const pupils = await call<{ rows: { id: number; name: string }[] }>(
      eduAdmin,
      'GET',
      `/api/users?schoolId=${profile.school_id}&isPupils=1&limit=1&offset=25`,
    );
    const pupil = pupils.rows[0]!;
    const card = await withCard(eduAdmin, pupil, `LD${stamp}L`);
    await signOutHere(page);
    await signIn(page, 'librarian@demo.kz');

    expect(await scanWhileLoading('/books/issuance', 'desk-prompt', card, 10, 20)).toBe(false);
    await page.getByTestId('desk-student').getByText(pupil.name).waitFor({ timeout: 20_000 });
  });

  it('is not read by a screen that scans nothing, nor later by the queue’s screen', async () => {
    await signOutHere(page);
    await signIn(page, 'cashier@demo.kz');
    const name = `Сотрудник чужой страницы ${stamp}`;
    const user = await call<{ id: number }>(admin, 'POST', '/api/user', { name, job_title: 'Повар' });
    const card = await withCard(admin, user, `LD${stamp}X`);
    // The cashier's own profile page: a scan there belongs to nobody.
    expect(await scanWhileLoading('/profile', 'profile-page', card, 5)).toBe(false);
    await page.getByTestId('profile-page').waitFor({ timeout: 20_000 });
    await page.goto(`${baseUrl()}/fixation`);
    await page.getByTestId('fixation-page').waitFor();
    await page.getByTestId('current-categories').waitFor();
    await new Promise((r) => setTimeout(r, 1500));
    expect(await scanCard(page, 'success').count()).toBe(0);
    await expectVisits(admin, '/api/fixations', name, 0);
  });
});
