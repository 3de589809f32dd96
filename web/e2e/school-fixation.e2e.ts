import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, openBrowser, signIn } from './browser.ts';
import {
  blur,
  call,
  debugPage,
  expectVisits,
  historyRows,
  recordTones,
  scanCard,
  setSchoolMealsAside,
  sleep,
  snap,
  tokenOf,
  tonesPlayed,
  uploadPhoto,
  visitCount,
  wedgeScan,
  withCard,
} from './fixation-helpers.ts';

const stamp = Date.now().toString(36).toUpperCase();
const SCHOOL = 'Школа-гимназия №1';
const LIST = '/api/school/fixations' as const;

/** The counter: the education cashier, who may pick among the organization's schools. */
let counter: Awaited<ReturnType<typeof openBrowser>>;
/** Another person's screen of the same school: the admin locked to it, in another browser profile. */
let office: Awaited<ReturnType<typeof openBrowser>>;
let eduAdmin: string;
let schoolId: number;
let classroom: { id: number; name: string };
let paid: { id: number; name: string };
let restoreMeals: () => Promise<void> = async () => {};

async function pupil(tag: string, foodCategory: number | null = paid.id, extra: object = {}) {
  const name = `Ученик ${tag} ${stamp}`;
  const user = await call<{ id: number; name: string }>(eduAdmin, 'POST', '/api/user', {
    name,
    school_id: schoolId,
    classroom_id: classroom.id,
    food_category_id: foodCategory,
    ...extra,
  });
  const card = await withCard(eduAdmin, user, `SF${stamp}${tag}`);
  return { ...user, card };
}

const rowOf = (page: Page, name: string) => historyRows(page).filter({ hasText: name });
const liveStatus = (page: Page) => page.getByTestId('live-status');

async function openScreen(page: Page, query = '') {
  await page.goto(`${baseUrl()}/school/fixation${query}`);
  await page.getByTestId('school-fixation-page').waitFor();
  await page.locator('[data-testid="live-status"][data-status="live"]').waitFor();
}

beforeAll(async () => {
  eduAdmin = await tokenOf('edu.admin@demo.kz');
  // This file scans at any hour: the school's one meal a day, not its meal times.
  restoreMeals = await setSchoolMealsAside(eduAdmin);
  const schools = await call<{ rows: { id: number; name: string }[] }>(eduAdmin, 'GET', '/api/schools?limit=100');
  schoolId = schools.rows.find((s) => s.name === SCHOOL)!.id;
  const rooms = await call<{ rows: { id: number; name: string }[] }>(
    eduAdmin,
    'GET',
    `/api/classrooms?schoolId=${schoolId}&limit=100`,
  );
  classroom = rooms.rows[0]!;
  const foods = await call<{ rows: { id: number; name: string }[] }>(eduAdmin, 'GET', '/api/food/categories?limit=100');
  paid = foods.rows.find((f) => f.name === 'Платное питание')!;

  counter = await openBrowser({ width: 1024, height: 768 });
  office = await openBrowser({ width: 1280, height: 800 });
  await recordTones(counter.page);
  debugPage(counter.page, 'counter');
  debugPage(office.page, 'office');
  await signIn(counter.page, 'edu.cashier@demo.kz');
  await signIn(office.page, 'school.admin@demo.kz');
});
afterAll(async () => {
  await counter?.close();
  await office?.close();
  await restoreMeals();
});

describe('/school/fixation', () => {
  it("records the demo school's meal whose window holds now, or refuses with the next one", async () => {
    await restoreMeals();
    try {
      const p = await pupil('W');
      // The screen of the admin locked to the school (the counter's picks a school in the next test).
      const page = office.page;
      await openScreen(page);
      // What a first-shift pupil on paid meals meets at this minute in Almaty (breakfast 08:00–09:30,
      // lunch 11:30–13:30), asked before and after the scan: a window may open or close meanwhile.
      const expected = () => {
        const now = new Intl.DateTimeFormat('en-GB', {
          timeZone: 'Asia/Almaty',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        }).format(new Date());
        if (now < '08:00') return 'refusal: Сейчас не время питания. Следующее: «Завтрак» с 08:00';
        if (now < '09:30') return 'success: Завтрак';
        if (now < '11:30') return 'refusal: Сейчас не время питания. Следующее: «Обед» с 11:30';
        if (now < '13:30') return 'success: Обед';
        return 'refusal: Питание на сегодня закончилось. Первое завтра: «Завтрак» с 08:00';
      };
      const before = expected();
      await blur(page);
      await wedgeScan(page, p.card);
      const card = page.locator('[data-testid="scan-card"]:not([data-kind="idle"])');
      await card.waitFor();
      const shown = `${await card.getAttribute('data-kind')}: ${await card.textContent()}`;
      const after = expected();
      const met = [before, after].some((e) => {
        const [kind, words] = e.split(': ');
        return shown.startsWith(`${kind}: `) && shown.includes(words!);
      });
      expect(met, `${shown} (expected ${before})`).toBe(true);
      await expectVisits(eduAdmin, LIST, p.name, shown.startsWith('success') ? 1 : 0);
      await snap(page, 'school-fixation-meal-time');
    } finally {
      restoreMeals = await setSchoolMealsAside(eduAdmin);
    }
  });

  it('records a wedge scan at the counter, and another screen of the school shows it live without a reload', async () => {
    const photo = await uploadPhoto(eduAdmin, [200, 120, 40]);
    const p = await pupil('A', paid.id, { image_id: photo.id });
    const page = counter.page;
    await openScreen(office.page);
    // The admin tied to the school has no school picker; the cashier of the organization has one.
    expect(await office.page.getByTestId('school-select').count()).toBe(0);
    await office.page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    await openScreen(page);
    await page.getByTestId('school-select').waitFor();
    await page.getByTestId('school-select').click();
    await page.getByTitle(SCHOOL).click();
    await page.waitForURL((u) => u.searchParams.get('schoolId') === String(schoolId));
    await page.getByTestId('school-select').getByText(SCHOOL).waitFor();
    await page.locator('[data-testid="live-status"][data-status="live"]').waitFor();
    expect(await liveStatus(page).textContent()).toBe('Обновляется вживую');

    // «Сегодня: N из M»: the new pupil is among those who may eat, and has not eaten yet.
    const today = await call<{ fed: number; total: number }>(
      eduAdmin,
      'GET',
      `/api/school/fixation/today?schoolId=${schoolId}`,
    );
    await page
      .getByTestId('today-count')
      .filter({ hasText: `Сегодня: ${today.fed} из ${today.total}` })
      .waitFor();

    await blur(page);
    await tonesPlayed(page);
    await wedgeScan(page, p.card);
    const card = scanCard(page, 'success');
    await card.getByText(p.name).waitFor();
    expect(await card.textContent()).toContain(classroom.name);
    expect(await card.textContent()).toContain(paid.name);
    await card.locator(`img[src="${photo.url}"]`).waitFor();
    expect(await tonesPlayed(page)).toEqual([1320, 1760]);
    await rowOf(page, p.name).waitFor();
    await snap(page, 'school-fixation-scan-1024');

    // The other screen got it through the websocket: same page, no reload.
    await rowOf(office.page, p.name).waitFor({ timeout: 10_000 });
    const cells = await rowOf(office.page, p.name).locator('td').allTextContents();
    expect(cells.slice(1, 4)).toEqual([p.name, classroom.name, paid.name]);
    expect(cells[4]).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/);
    expect(await office.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    // Both screens count the meal at once, the other one through the live channel.
    const fed = `Сегодня: ${today.fed + 1} из ${today.total}`;
    await page.getByTestId('today-count').filter({ hasText: fed }).waitFor();
    await office.page.getByTestId('today-count').filter({ hasText: fed }).waitFor({ timeout: 10_000 });
    await snap(office.page, 'school-fixation-live');
    expect(await visitCount(eduAdmin, LIST, p.name)).toBe(1);
  });

  it('refuses a pupil who already ate, an unknown card and a pupil without a food category, in red', async () => {
    const fed = await pupil('R');
    const none = await pupil('N', null);
    const page = counter.page;
    await openScreen(page, `?schoolId=${schoolId}`);
    await blur(page);

    await wedgeScan(page, fed.card);
    await scanCard(page, 'success').getByText(fed.name).waitFor();
    await sleep(3200);
    await tonesPlayed(page);
    await wedgeScan(page, fed.card);
    const reason = scanCard(page, 'refusal').getByTestId('scan-reason');
    await reason.waitFor();
    expect(await reason.textContent()).toMatch(/^Уже получил\(а\) питание сегодня в \d\d:\d\d$/);
    expect(await tonesPlayed(page)).toEqual([160]);
    await snap(page, 'school-fixation-repeat');

    await wedgeScan(page, `NOCARD${stamp}`);
    await scanCard(page, 'refusal').getByText('Карта не найдена', { exact: true }).waitFor();

    await wedgeScan(page, none.card);
    await scanCard(page, 'refusal')
      .getByText('У ученика нет категории питания: питание не положено', { exact: true })
      .waitFor();
    await snap(page, 'school-fixation-no-category');

    // Today's refusals at this counter, newest first, each pupil named with the class.
    await page.getByTestId('today-refusals').click();
    const rows = page.getByTestId('today-refusals-list').locator('tbody tr:not(.ant-table-measure-row)');
    const row = async (k: number) => (await rows.nth(k).locator('td').allInnerTexts()).slice(1);
    expect(await row(0)).toEqual([
      none.card,
      `${none.name}, ${classroom.name}`,
      'У ученика нет категории питания: питание не положено',
    ]);
    expect(await row(1)).toEqual([`NOCARD${stamp}`, 'Неизвестно', 'Карта не найдена']);
    expect((await row(2)).slice(0, 2)).toEqual([fed.card, `${fed.name}, ${classroom.name}`]);
    await page.keyboard.press('Escape');
    await page.getByTestId('today-refusals-list').waitFor({ state: 'detached' });
    expect(await visitCount(eduAdmin, LIST, fed.name)).toBe(1);
    expect(await visitCount(eduAdmin, LIST, none.name)).toBe(0);
  });

  it('ignores the same card scanned twice within 3 s: one visit, no red card, and the next scan works', async () => {
    const twice = await pupil('D');
    const next = await pupil('E');
    const page = counter.page;
    await openScreen(page, `?schoolId=${schoolId}`);
    await blur(page);
    const doubled = page.waitForResponse((r) => r.url().endsWith('/api/school/fixation') && r.status() === 429);
    await wedgeScan(page, twice.card);
    await wedgeScan(page, twice.card);
    await doubled;
    await scanCard(page, 'success').getByText(twice.name).waitFor();
    // Both answers are in once nothing is on its way: the 429 left the green card as it was.
    await page.getByTestId('scan-sending').waitFor({ state: 'hidden' });
    expect(await scanCard(page).getAttribute('data-kind')).toBe('success');
    expect(await visitCount(eduAdmin, LIST, twice.name)).toBe(1);
    await wedgeScan(page, next.card);
    await scanCard(page, 'success').getByText(next.name).waitFor();
  });

  it('lets the education admin delete a visit after a confirmation, gone live from the other screens; the cashier has no delete', async () => {
    const p = await pupil('X');
    const page = counter.page;
    await openScreen(page, `?schoolId=${schoolId}`);
    await blur(page);
    await wedgeScan(page, p.card);
    await rowOf(page, p.name).waitFor();
    expect(await rowOf(page, p.name).getByRole('button').count()).toBe(0);

    await openScreen(office.page, `?query=${encodeURIComponent(p.name)}`);
    await rowOf(office.page, p.name)
      .getByRole('button', { name: `Удалить посещение ${p.name}` })
      .click();
    await office.page.getByText('Вы действительно желаете удалить посещение?').waitFor();
    await office.page.locator('.ant-popconfirm').getByRole('button', { name: 'Отмена', exact: true }).click();
    expect(await visitCount(eduAdmin, LIST, p.name)).toBe(1);
    await rowOf(office.page, p.name)
      .getByRole('button', { name: `Удалить посещение ${p.name}` })
      .click();
    await office.page.locator('.ant-popconfirm').getByRole('button', { name: 'Да', exact: true }).click();
    await office.page.getByText('Посещение удалено').waitFor();
    await rowOf(office.page, p.name).waitFor({ state: 'detached' });
    await expectVisits(eduAdmin, LIST, p.name, 0);
    // The counter's screen is told at once, not at its next 30 s refresh.
    await rowOf(page, p.name).waitFor({ state: 'detached', timeout: 5_000 });
  });

  it('says when the live list lost its connection, and catches up on what came in meanwhile', async () => {
    const missed = await pupil('L');
    const page = office.page;
    await openScreen(page);
    await page.context().setOffline(true);
    await page.locator('[data-testid="live-status"][data-status="reconnecting"]').waitFor();
    expect(await liveStatus(page).textContent()).toBe('Нет связи — переподключение…');
    await snap(page, 'school-fixation-reconnecting');
    // A visit recorded elsewhere while this screen is cut off.
    await call(eduAdmin, 'POST', '/api/school/fixation', { cardId: missed.card, schoolId });
    await page.context().setOffline(false);
    await page.locator('[data-testid="live-status"][data-status="live"]').waitFor({ timeout: 20_000 });
    await rowOf(page, missed.name).waitFor();
  });

  it('shows the queue’s pace: scans a minute and in 10 minutes, the class being served and its time, live', async () => {
    const room = await call<{ id: number; name: string }>(eduAdmin, 'POST', '/api/classroom', {
      schoolId,
      name: `Темп ${stamp}`,
    });
    const inRoom = async (tag: string) => {
      const user = await call<{ id: number }>(eduAdmin, 'POST', '/api/user', {
        name: `Ученик ${tag} ${stamp}`,
        school_id: schoolId,
        classroom_id: room.id,
        food_category_id: paid.id,
      });
      return withCard(eduAdmin, user, `SP${stamp}${tag}`);
    };
    const cards = [await inRoom('Q1'), await inRoom('Q2'), await inRoom('Q3')];
    const page = counter.page;
    await openScreen(office.page);
    await openScreen(page, `?schoolId=${schoolId}`);
    await page.getByTestId('queue-pace').waitFor();
    for (const card of cards.slice(0, 2)) {
      await blur(page);
      await wedgeScan(page, card);
      await scanCard(page, 'success').waitFor();
    }
    // Both screens show the class now being served: the counter after its scans, the office live.
    for (const screen of [page, office.page]) {
      const served = screen.getByTestId('pace-class');
      await served
        .filter({ hasText: `Темп ${stamp}:` })
        .filter({ hasText: '2 из 3' })
        .waitFor();
      expect(Number(await screen.getByTestId('pace-minute').textContent())).toBeGreaterThanOrEqual(2);
      expect(Number(await screen.getByTestId('pace-ten').textContent())).toBeGreaterThanOrEqual(2);
    }
    // The class's time ticks by itself, with no new scan.
    const time = office.page.getByTestId('pace-class-time');
    const seconds = async () => {
      const [m, s] = (await time.textContent())!.split(':').map(Number);
      return m! * 60 + s!;
    };
    const first = await seconds();
    await expect.poll(seconds, { timeout: 5_000 }).toBeGreaterThanOrEqual(first + 2);
    await snap(office.page, 'school-fixation-pace');
  });

  it('speaks of a kindergarten and its groups to the kindergarten admin, locked to their kindergarten', async () => {
    const kg = await openBrowser({ width: 1024, height: 768 });
    try {
      await signIn(kg.page, 'kg.admin@demo.kz');
      await openScreen(kg.page);
      await kg.page.getByTestId('school-fixation-page').getByText('Фиксация в детском саду').waitFor();
      await kg.page.getByRole('columnheader', { name: 'Группа' }).waitFor();
      expect(await kg.page.getByTestId('school-select').count()).toBe(0);
      await snap(kg.page, 'school-fixation-kindergarten');
    } finally {
      await kg.close();
    }
  });

  it('says it is loading on a slow network, never «no visits» nor the role in place of the name', async () => {
    // The education admin chooses among the schools: the visits wait for the schools' list.
    const admin = await openBrowser({ width: 1280, height: 800 });
    const { page } = admin;
    await signIn(page, 'edu.admin@demo.kz');
    // The profile and the schools take three seconds to come, as on a school's bad line.
    const slow = async (route: Route) => {
      await sleep(3000);
      await route.continue();
    };
    await page.route('**/api/profile', slow);
    await page.route('**/api/schools?*', slow);
    try {
      await page.goto(`${baseUrl()}/school/fixation`);
      await page.getByTestId('school-fixation-page').waitFor();
      const history = page.getByTestId('fixation-history');
      await history.getByText('Загрузка…').waitFor();
      expect(await page.getByText('Посещений пока нет').count()).toBe(0);
      const title = page.getByTestId('profile-menu-title');
      expect(await title.textContent()).not.toContain('Администратор');
      expect(await title.locator('.ant-skeleton').count()).toBe(1);
      await snap(page, 'school-fixation-slow');
      // Then the person's name, and the list.
      await expect.poll(() => title.locator('.ant-skeleton').count(), { timeout: 15_000 }).toBe(0);
      expect(await title.textContent()).not.toContain('Загрузка');
      await history.locator('tbody tr.ant-table-row').first().waitFor({ timeout: 15_000 });
    } finally {
      await admin.close();
    }
  });

  it('fits a phone', async () => {
    const p = await pupil('P');
    const page = counter.page;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await openScreen(page, `?schoolId=${schoolId}`);
      await blur(page);
      await wedgeScan(page, p.card);
      await scanCard(page, 'success').getByText(p.name).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await snap(page, 'school-fixation-phone');
    } finally {
      await page.setViewportSize({ width: 1024, height: 768 });
    }
  });
});
