import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import path from 'node:path';
import { baseUrl, openBrowser, openKazakhBrowser, shot, SHOTS, signIn, signInAt } from './browser.ts';
import { call as apiCall, setSchoolMealsAside, tokenOf, withCard } from './fixation-helpers.ts';

/** docs/rules.md "A parent's children": a parent's start page shows each child and today's meals. */
const stamp = Date.now().toString(36).toUpperCase();
let phone: Awaited<ReturnType<typeof openBrowser>>;
let adminToken: string;
let restoreMeals: () => Promise<void> = async () => {};
let kid: { id: number; name: string; schoolId: number } | null = null;
let kidClassroomId = 0;
/** The child's parent, who came by the school's invitation. */
let parentEmail = '';
let restoreMilk: () => Promise<unknown> = async () => {};
interface DemoDish {
  id: number;
  category_id: number;
  image_id: number | null;
  name: string;
  name_kk: string | null;
  cost: string;
  output: string;
  description: string | null;
  allergens: string[];
}

const call = <T>(method: string, path: string, body?: unknown, token: string | null = adminToken) =>
  apiCall<T>(token, method, path, body);

beforeAll(async () => {
  adminToken = await tokenOf('edu.admin@demo.kz');
  // The meal is recorded at any hour: the school's one meal a day, not its meal times.
  restoreMeals = await setSchoolMealsAside(adminToken);
  phone = await openBrowser({ width: 390, height: 844 });
});
afterAll(async () => {
  await phone?.close();
  await restoreMeals();
  await restoreMilk();
});

describe('the parent’s start page', () => {
  it('shows the child, and a meal recorded at the school with its time', async () => {
    const { rows: schools } = await call<{ rows: { id: number; name: string }[] }>('GET', '/api/schools?limit=100');
    const school = schools.find((s) => s.name === 'Школа-гимназия №1')!;
    const classroom = await call<{ id: number }>('POST', '/api/classroom', {
      schoolId: school.id,
      name: `Солнышко ${stamp}`,
      name_kk: `Күншуақ ${stamp}`,
    });
    const { rows: foods } = await call<{ rows: { id: number; name: string }[] }>(
      'GET',
      '/api/food/categories?limit=100',
    );
    const pupil = await call<{ id: number; name: string }>('POST', '/api/user', {
      name: `Абенов Руслан ${stamp}`,
      school_id: school.id,
      classroom_id: classroom.id,
      food_category_id: foods.find((f) => f.name === 'Платное питание')!.id,
    });
    kid = { ...pupil, schoolId: school.id };
    kidClassroomId = classroom.id;
    const card = await withCard(adminToken, pupil, `FAM${stamp}`);
    // The parent comes through the school's invitation, as every parent does: its link waits in the
    // outbox where no mail server is set.
    const email = `family.${stamp.toLowerCase()}@example.kz`;
    parentEmail = email;
    await call('POST', '/api/users/parent/invitation', { email, user_id: pupil.id });
    const outbox = await call<{ rows: { to: string; text: string }[] }>(
      'GET',
      `/api/admin/outbox?query=${encodeURIComponent(email)}`,
      undefined,
      await tokenOf('superadmin@demo.kz'),
    );
    const code = /\/parent\/invitation\/([A-Za-z0-9_-]{43})/.exec(outbox.rows[0]!.text)![1]!;
    await call(
      'POST',
      '/api/users/parent/invitation/confirm',
      { code, name: 'Абенова Жанар', password: 'family12345' },
      null,
    );

    const { page } = phone;
    await signInAt(page, email, '/download', { password: 'family12345', base: baseUrl() });
    const child = page.getByTestId('child-card').filter({ hasText: pupil.name });
    await child.waitFor();
    expect(await child.textContent()).toContain(`Школа-гимназия №1 · Солнышко ${stamp}`);
    await child.getByTestId('child-no-meals').waitFor();

    await call('POST', '/api/school/fixation', { cardId: card, schoolId: school.id });
    const hhmm = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Almaty',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date());
    await page.reload();
    const meal = child.getByTestId('child-meals').locator('> li');
    await meal.first().waitFor();
    expect(await meal.count()).toBe(1);
    const line = (await meal.getByTestId('meal-line').textContent()) ?? '';
    expect(line).toMatch(/^\d\d:\d\d — Школа-гимназия №1 · Платное питание$/);
    // Recorded just now: within a minute of the clock read after the scan.
    const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
    expect(Math.abs(minutes(hhmm) - minutes(line)) % (24 * 60)).toBeLessThanOrEqual(1);
    await shot(page, 'parent-home-390');

    // The parent rates today's meal: four stars at once, then a comment; kept over a reload.
    const rating = meal.getByTestId('meal-rating');
    // The fourth star tapped (its radio lies unseen under it).
    await rating.getByTitle('Хорошо').click();
    await page.getByText('Спасибо за оценку').first().waitFor();
    await rating.getByRole('button', { name: 'Добавить комментарий' }).click();
    await rating.getByLabel('Комментарий к оценке').fill('Плов был тёплый, спасибо');
    await rating.getByRole('button', { name: 'Сохранить' }).click();
    await rating.getByText('«Плов был тёплый, спасибо»').waitFor();
    await page.reload();
    await rating.getByText('«Плов был тёплый, спасибо»').waitFor();
    expect(await rating.getByRole('radio', { checked: true }).getAttribute('value')).toBe('4');
    await shot(page, 'parent-rating-390');

    // The week: today eaten, with the meal's time on its line and in the day's words below.
    const today = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Asia/Almaty' }).format(new Date());
    const calendar = child.getByTestId('child-calendar');
    // A week's line is named by what it shows: «Чт, 03.12 Питание получено · 12:05».
    const todayLine = calendar.getByRole('button', { name: new RegExp(`^.., ${today.slice(0, 5)} Питание получено`) });
    await todayLine.waitFor();
    expect(await todayLine.textContent()).toContain(line.slice(0, 5));
    expect(await calendar.getByTestId('child-day').count()).toBe(7);
    const detail = calendar.getByTestId('child-day-detail');
    expect(await detail.textContent()).toContain(`${line.slice(0, 5)} — Платное питание`);
    expect(await calendar.getByTestId('child-entitlement').textContent()).toBe('Категория питания: Платное питание');
    await calendar.scrollIntoViewIfNeeded();
    await shot(page, 'parent-week-390');

    // The month as a grid; the month before: the child was added today, so no day of it was missed.
    await calendar.getByText('Месяц', { exact: true }).click();
    await calendar.getByTestId('child-month').waitFor();
    const days = calendar.getByTestId('child-day');
    const inMonth = new Date(Number(today.slice(6)), Number(today.slice(3, 5)), 0).getDate();
    await expect.poll(() => days.count()).toBe(inMonth);
    expect(
      await calendar.getByRole('button', { name: `${today}: Питание получено` }).getAttribute('aria-pressed'),
    ).toBe('true');
    await shot(page, 'parent-month-390');
    const period = calendar.getByTestId('child-period');
    const shown = await period.textContent();
    await calendar.getByRole('button', { name: 'Предыдущий месяц' }).click();
    await expect.poll(() => period.textContent()).not.toBe(shown);
    await expect.poll(() => calendar.locator('[data-status="served"]').count()).toBe(0);
    const statuses = await days.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    expect(statuses.every((s) => s === 'not_entitled' || s === 'off')).toBe(true);
    await calendar.getByRole('button', { name: 'Сегодня' }).click();
    await calendar.getByRole('button', { name: `${today}: Питание получено` }).waitFor();
  });

  it('keeps the allergens and diet a parent sets for the child, with who set them', async () => {
    const { page } = phone;
    const card = page.getByTestId('child-card').filter({ hasText: kid!.name });
    const section = card.getByTestId('child-restrictions');
    await section.getByText('Не заданы: ребёнок ест всё').waitFor();
    await section.getByRole('button', { name: 'Задать ограничения' }).click();
    const form = section.getByTestId('child-restrictions-form');
    await form.getByLabel('Арахис').check();
    await form.getByLabel('Молоко и молочные продукты (и лактоза)').check();
    await form.getByLabel('Без свинины').check();
    await form.getByLabel('Примечание для школы').fill('Сыпь от арахиса');
    await shot(page, 'parent-restrictions-form-390');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Ограничения сохранены: школа видит их сразу').waitFor();
    const summary = section.getByTestId('child-restrictions-summary');
    await summary.waitFor();
    expect(await summary.locator('.tq-tag').allTextContents()).toEqual([
      'Арахис',
      'Молоко и молочные продукты (и лактоза)',
      'Без свинины',
    ]);
    // Kept: a reload reads them back, with the parent's name and the school's part to do.
    await page.reload();
    await summary.waitFor();
    const text = (await summary.textContent()) ?? '';
    expect(text).toContain('«Сыпь от арахиса»');
    expect(text).toContain('Задано: Абенова Жанар, ');
    expect(text).toContain('Справкой не подтверждено');
  });

  it('e-mails the parent each meal of the child once they ask for it, and stops when they turn it off', async () => {
    const { page } = phone;
    const card = page.getByTestId('child-card').filter({ hasText: kid!.name });
    const section = card.getByTestId('child-notifications');
    const meals = section.getByLabel('Когда ребёнок поел, с точным временем и местом — письмом');
    await meals.waitFor();
    expect(await meals.isChecked()).toBe(false);
    const email = (await section.textContent())!.match(/Письма придут на (\S+)/)![1]!;
    await meals.click();
    await page.getByText('Уведомления включены').waitFor();
    expect(await meals.isChecked()).toBe(true);
    await page.reload();
    await expect.poll(() => meals.isChecked()).toBe(true);
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'parent-notifications-390');

    // Today's meal again: the school takes it back and the queue records it anew.
    const { rows } = await call<{ rows: { id: number; user: { id: number } }[] }>(
      'GET',
      `/api/school/fixations?schoolId=${kid!.schoolId}&query=${encodeURIComponent(kid!.name)}`,
    );
    const visit = rows.find((r) => r.user.id === kid!.id)!;
    const superToken = await tokenOf('superadmin@demo.kz');
    await call('DELETE', `/api/school/fixation/${visit.id}`);
    await call('POST', '/api/school/fixation', { cardId: `FAM${stamp}`, schoolId: kid!.schoolId });
    // The worker sends within seconds; without a mail server the letter waits in the outbox.
    const letters = async () =>
      (
        await call<{ rows: { to: string; subject: string }[] }>(
          'GET',
          `/api/admin/outbox?query=${encodeURIComponent(email)}`,
          undefined,
          superToken,
        )
      ).rows.filter((r) => r.subject.includes('поел(а) в'));
    await expect.poll(letters, { timeout: 15_000 }).toHaveLength(1);
    expect((await letters())[0]!.subject).toMatch(new RegExp(`^${kid!.name} поел\\(а\\) в \\d\\d:\\d\\d$`));

    await meals.click();
    await page.getByText('Уведомления выключены').waitFor();
    expect(await meals.isChecked()).toBe(false);
    // On again: the school's page names the channel (next test).
    await meals.click();
    await expect.poll(() => meals.isChecked()).toBe(true);
    await page.getByText('Уведомления включены').first().waitFor();
  });

  it('keeps the parent’s quiet hours and the daily digest, and refuses the same start and end', async () => {
    const { page } = phone;
    const box = page.getByTestId('notification-settings');
    await box.scrollIntoViewIfNeeded();
    const form = box.getByTestId('notification-settings-form');
    await form.waitFor();
    await form.getByLabel('Присылать письма одной сводкой в день (в 19:00)').check();
    await form.getByLabel('Тихие часы: ничего не присылать в это время').check();
    await form.getByLabel('С', { exact: true }).fill('22:00');
    await form.getByLabel('До', { exact: true }).fill('22:00');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await form.getByText('Начало и конец тихих часов совпадают').waitFor();
    await form.getByLabel('До', { exact: true }).fill('07:30');
    // Changed, the field no longer shows the complaint.
    await form.getByText('Начало и конец тихих часов совпадают').waitFor({ state: 'detached' });
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Настройки уведомлений сохранены').waitFor();
    await shot(page, 'parent-notification-settings-390');
    await page.reload();
    await form.waitFor();
    expect(await form.getByLabel('Присылать письма одной сводкой в день (в 19:00)').isChecked()).toBe(true);
    expect(await form.getByLabel('С', { exact: true }).inputValue()).toBe('22:00');
    expect(await form.getByLabel('До', { exact: true }).inputValue()).toBe('07:30');
    // Back to letters at once, no quiet hours: the tests after this one read letters as they come.
    await form.getByLabel('Присылать письма одной сводкой в день (в 19:00)').uncheck();
    await form.getByLabel('Тихие часы: ничего не присылать в это время').uncheck();
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Настройки уведомлений сохранены').first().waitFor();
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const kept = () => call<{ email_digest: boolean }>('GET', '/api/parent/notifications/settings', undefined, token);
    await expect.poll(async () => (await kept()).email_digest).toBe(false);
  });

  it('shows a meal as a notice on the phone once the parent turns notices on for this device', async () => {
    // The desktop browser, headless: the shell shows no notification.
    const device = await openBrowser({ width: 390, height: 844 }, 'ru-RU', { full: true });
    try {
      await pushOnDevice(device);
    } finally {
      await device.close();
    }
  });

  async function pushOnDevice({ page, context }: Awaited<ReturnType<typeof openBrowser>>) {
    const pushUrl = inject('pushUrl');
    // Chromium's push service (Google's) is out of reach here: this browser's subscription is made at
    // the local push service the servers send to, and the page's PushManager hands it out.
    const sub = (await (await fetch(`${pushUrl}/control/subscribe`, { method: 'POST' })).json()) as {
      endpoint: string;
      keys: { p256dh: string; auth: string };
    };
    await page.addInitScript((s: typeof sub) => {
      const made = (key: unknown) => ({
        endpoint: s.endpoint,
        options: { applicationServerKey: key, userVisibleOnly: true },
        toJSON: () => s,
        unsubscribe: async () => {
          localStorage.removeItem('test-push-key');
          return true;
        },
      });
      const keyOf = (key: BufferSource) =>
        Array.from(new Uint8Array(ArrayBuffer.isView(key) ? key.buffer : (key as ArrayBuffer)));
      PushManager.prototype.subscribe = async function (opts?: PushSubscriptionOptionsInit) {
        const key = keyOf(opts!.applicationServerKey as BufferSource);
        localStorage.setItem('test-push-key', JSON.stringify(key));
        return made(new Uint8Array(key).buffer) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        const key = localStorage.getItem('test-push-key');
        return (key ? made(new Uint8Array(JSON.parse(key) as number[]).buffer) : null) as PushSubscription | null;
      };
    }, sub);
    await context.grantPermissions(['notifications'], { origin: baseUrl() });
    await signInAt(page, parentEmail, '/download', { password: 'family12345', base: baseUrl() });

    const devices = page.getByTestId('push-devices');
    await devices.scrollIntoViewIfNeeded();
    await devices.getByRole('button', { name: 'Включить на этом устройстве' }).click();
    await page.getByText('Уведомления на этом устройстве включены').waitFor();
    const listed = devices.getByTestId('push-device');
    await listed.waitFor();
    expect(await listed.textContent()).toMatch(/^Chrome, Linuxэто устройствос \d\d\.\d\d\.\d{4}$/);
    await devices.getByText('На этом устройстве уведомления включены').waitFor();
    await shot(page, 'parent-push-devices-390');

    // Meals by notice on the device, beside the letters.
    const card = page.getByTestId('child-card').filter({ hasText: kid!.name });
    const byPush = card.getByLabel('Когда ребёнок поел, с точным временем и местом — уведомлением на устройстве');
    await byPush.click();
    await expect.poll(() => byPush.isChecked()).toBe(true);
    await card.getByTestId('child-notifications').screenshot({ path: path.join(SHOTS, 'parent-push-choices-390.png') });

    // Today's meal again; the worker sends the notice to the device within seconds.
    const { rows } = await call<{ rows: { id: number; user: { id: number } }[] }>(
      'GET',
      `/api/school/fixations?schoolId=${kid!.schoolId}&query=${encodeURIComponent(kid!.name)}`,
    );
    await call('DELETE', `/api/school/fixation/${rows.find((r) => r.user.id === kid!.id)!.id}`);
    await call('POST', '/api/school/fixation', { cardId: `FAM${stamp}`, schoolId: kid!.schoolId });
    const deviceId = sub.endpoint.split('/').pop()!;
    const pushes = async () => {
      const got = (await (await fetch(`${pushUrl}/control/received`)).json()) as {
        received: { device: string; payload: string }[];
        errors: string[];
      };
      expect(got.errors).toEqual([]);
      return got.received.filter((r) => r.device === deviceId);
    };
    await expect.poll(pushes, { timeout: 15_000 }).toHaveLength(1);
    const payload = (await pushes())[0]!.payload;
    expect(JSON.parse(payload)).toMatchObject({
      title: expect.stringMatching(new RegExp(`^${kid!.name} поел\\(а\\) в \\d\\d:\\d\\d$`)),
      url: '/download',
    });

    // What the push service hands the browser, delivered to the app's service worker: it shows it.
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.find((r) => r.scopeURL === `${baseUrl()}/`)).toBeTruthy();
    const { registrationId } = registrations.find((r) => r.scopeURL === `${baseUrl()}/`)!;
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseUrl(), registrationId, data: payload });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => `${n.title} | ${n.body}`),
      );
    await expect.poll(shown).toEqual([`${JSON.parse(payload).title} | ${JSON.parse(payload).body}`]);
    await cdp.detach();

    // Off on this device: asked first; the channel leaves the child's list.
    await listed.getByRole('button', { name: 'Отключить уведомления на устройстве «Chrome, Linux»' }).click();
    await page.getByRole('button', { name: 'Да', exact: true }).click();
    await page.getByText('Уведомления на устройстве отключены').waitFor();
    await listed.waitFor({ state: 'detached' });
    await byPush.waitFor({ state: 'detached' });
    await devices.getByRole('button', { name: 'Включить на этом устройстве' }).waitFor();
  }

  it('sends a meal to the parent’s Telegram once they tie a chat to the school’s bot', async () => {
    const { page } = phone;
    const telegramUrl = inject('telegramUrl');
    const box = page.getByTestId('telegram-chats');
    await box.scrollIntoViewIfNeeded();
    // This server's bot (each test server has its own).
    const bot = /от бота @(tamaq_test_\d+_bot) школы/.exec((await box.textContent())!)![1]!;
    await box.getByRole('button', { name: 'Подключить Telegram' }).click();
    const open = box.getByRole('link', { name: 'Открыть Telegram' });
    await open.waitFor();
    const href = (await open.getAttribute('href'))!;
    expect(href).toMatch(new RegExp(`^https://t\\.me/${bot}\\?start=[A-Za-z0-9_-]{24}$`));
    await box.screenshot({ path: path.join(SHOTS, 'parent-telegram-link-390.png') });
    // The parent opens the link on the phone and presses «Старт»: Telegram sends the bot «/start <code>».
    const chatId = 600000000 + Math.floor(Math.random() * 1e6);
    await fetch(`${telegramUrl}/control/write`, {
      method: 'POST',
      body: JSON.stringify({ bot, chatId, text: `/start ${href.split('=')[1]}`, from: { first_name: 'Жанар' } }),
    });
    await page.getByText('Telegram подключён').waitFor({ timeout: 20_000 });
    const chat = box.getByTestId('telegram-chat');
    await chat.waitFor();
    expect(await chat.textContent()).toMatch(/^Жанарс \d\d\.\d\d\.\d{4}$/);
    const sent = async () =>
      ((await (await fetch(`${telegramUrl}/control/sent`)).json()) as { chat_id: number; text: string }[])
        .filter((m) => m.chat_id === chatId)
        .map((m) => m.text);
    expect((await sent())[0]).toMatch(/^Готово! Сюда будут приходить уведомления/);

    const card = page.getByTestId('child-card').filter({ hasText: kid!.name });
    const byTelegram = card.getByLabel('Когда ребёнок поел, с точным временем и местом — в Telegram');
    await byTelegram.click();
    await expect.poll(() => byTelegram.isChecked()).toBe(true);
    const { rows } = await call<{ rows: { id: number; user: { id: number } }[] }>(
      'GET',
      `/api/school/fixations?schoolId=${kid!.schoolId}&query=${encodeURIComponent(kid!.name)}`,
    );
    await call('DELETE', `/api/school/fixation/${rows.find((r) => r.user.id === kid!.id)!.id}`);
    await call('POST', '/api/school/fixation', { cardId: `FAM${stamp}`, schoolId: kid!.schoolId });
    await expect
      .poll(async () => (await sent()).filter((m) => m.startsWith(`${kid!.name} поел(а) в`)), { timeout: 15_000 })
      .toHaveLength(1);
    await card
      .getByTestId('child-notifications')
      .screenshot({ path: path.join(SHOTS, 'parent-telegram-choices-390.png') });

    // Untied after a question: the channel leaves the child's list.
    await chat.getByRole('button', { name: 'Отключить уведомления в чат «Жанар»' }).click();
    await page.getByRole('button', { name: 'Да', exact: true }).click();
    await page.getByText('Уведомления в Telegram отключены').waitFor();
    await chat.waitFor({ state: 'detached' });
    await byTelegram.waitFor({ state: 'detached' });
  });

  it('shows the school the restrictions a parent set, and the school’s certificate mark reaches the parent', async () => {
    const office = await openBrowser({ width: 1366, height: 900 });
    try {
      await signIn(office.page, 'edu.admin@demo.kz');
      await office.page.goto(`${baseUrl()}/user/${kid!.id}`);
      const card = office.page.getByTestId('pupil-family');
      const restrictions = card.getByTestId('pupil-restrictions');
      await restrictions.locator('.ant-tag').first().waitFor();
      expect(await restrictions.locator('.ant-tag').allTextContents()).toEqual([
        'Арахис',
        'Молоко и молочные продукты (и лактоза)',
        'Без свинины',
      ]);
      expect(await restrictions.textContent()).toContain('Задано: Абенова Жанар, ');
      expect(await card.getByTestId('pupil-parents').textContent()).toMatch(
        /Абенова Жанар.*family\..*@example\.kz.*e-mail/,
      );
      // The mark is the server's answer: the box shows it once saved.
      await restrictions.getByLabel('Подтверждено медицинской справкой').click();
      await office.page.getByText('Отметка о справке сохранена').waitFor();
      await restrictions.getByText(/^Отметил\(а\): /).waitFor();
      await shot(office.page, 'pupil-family-1366');
      // The parent's rating of today's meal reaches the admin's ratings, without the parent's name.
      // The period of the school's today: a test browser's clock is UTC, and after midnight in Almaty
      // (19:00 UTC) its default period would end on the day before the parent's rating.
      const almatyToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Almaty' }).format(new Date());
      const monthBefore = new Date(Date.parse(`${almatyToday}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
      await office.page.goto(`${baseUrl()}/ratings?dateFrom=${monthBefore}&dateTo=${almatyToday}`);
      const comments = office.page.getByTestId('ratings-comments');
      await comments.getByText('Плов был тёплый, спасибо').waitFor();
      const row = comments.locator('tbody tr').filter({ hasText: 'Плов был тёплый, спасибо' });
      const cells = await row.locator('td').allTextContents();
      expect(cells.slice(0, 4)).toEqual([
        new Intl.DateTimeFormat('ru-RU', { timeZone: 'Asia/Almaty' }).format(new Date()),
        'Школа-гимназия №1',
        '4',
        'Плов был тёплый, спасибо',
      ]);
      expect(await office.page.getByTestId('ratings-page').textContent()).not.toContain('Абенова');
      await office.page.getByTestId('ratings-by-school').getByText('Школа-гимназия №1').waitFor();
      // By dish: the demo's rated lunches count for the dishes served with them, and today's meal for
      // those of today's menu (none on a day the school serves no menu).
      const byDish = office.page.getByTestId('ratings-by-dish');
      await byDish.locator('tbody tr.ant-table-row').first().waitFor();
      const dishNames = await byDish.locator('tbody tr.ant-table-row td:first-child').allTextContents();
      expect(dishNames.length).toBeGreaterThan(0);
      for (const name of cells[4] === '—' ? [] : cells[4]!.split(', ')) expect(dishNames).toContain(name);
      await shot(office.page, 'ratings-1366');
    } finally {
      await office.close();
    }
    // The parent's page says the school has the certificate.
    const { page } = phone;
    await page.reload();
    const summary = page
      .getByTestId('child-card')
      .filter({ hasText: kid!.name })
      .getByTestId('child-restrictions-summary');
    await summary.getByText(/^Подтверждено медицинской справкой \(/).waitFor();
  });

  it('lists the child for the kitchen on a day whose free menu holds an allergen kept from them, and sets the queue’s rule', async () => {
    // A free menu of the school from a Monday far ahead (no screen serves it today), its one dish with milk.
    const cat = (await call<{ rows: { id: number }[] }>('GET', '/api/categories?limit=1')).rows[0]!.id;
    const dish = await call<{ id: number }>('POST', '/api/product', {
      category_id: cat,
      name: `Сырники ${stamp}`,
      cost: '300',
      output: '150 г',
      allergens: ['milk', 'eggs'],
    });
    const menu = await call<{ id: number }>('POST', '/api/menu', { name: `Меню кухни ${stamp}`, days: 1, groups: '1' });
    await call('POST', '/api/menu/product', { menu_id: menu.id, day: 1, group: 1, product_id: dish.id });
    const activation = await call<{ id: number }>('POST', '/api/activated/menu/activate', {
      school_id: kid!.schoolId,
      menu_id: menu.id,
      type: 'free_food',
      date: '2099-09-07',
    });
    const office = await openBrowser({ width: 1366, height: 900 });
    try {
      await signIn(office.page, 'edu.admin@demo.kz');
      await office.page.goto(`${baseUrl()}/kitchen?schoolId=${kid!.schoolId}&date=2099-09-07`);
      const list = office.page.getByTestId('kitchen-restricted');
      await list.waitFor();
      expect(await list.textContent()).toContain(
        `Ограничения в питании: кому нельзя блюда дня («Меню кухни ${stamp}», 1)`,
      );
      const row = list.locator('tbody tr').filter({ hasText: kid!.name });
      expect(await row.locator('td').allTextContents()).toEqual([
        `Солнышко ${stamp}`,
        kid!.name,
        'Молоко и молочные продукты (и лактоза)',
        `Сырники ${stamp}`,
        'Сыпь от арахиса',
        'есть',
      ]);
      await shot(office.page, 'kitchen-restricted-1366');
      // The school's rule at the queue: chosen here, kept for the school.
      const rule = office.page.getByTestId('kitchen-rule');
      expect(await rule.textContent()).toContain('Отмечать питание и предупреждать');
      await rule.click();
      await office.page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: 'Не отмечать питание' })
        .click();
      await office.page.getByText('Правило раздачи сохранено').waitFor();
      await office.page.reload();
      await office.page
        .getByTestId('kitchen-rule')
        .locator('.ant-select-content, .ant-select-selection-item')
        .getByText('Не отмечать питание')
        .waitFor();
      await shot(office.page, 'kitchen-rule-1366');
      // In Kazakh: the rule's words, as the school chose it.
      const kazakh = await openKazakhBrowser('edu.admin@demo.kz');
      try {
        await kazakh.page.goto(`${baseUrl()}/kitchen?schoolId=${kid!.schoolId}&date=2099-09-07`);
        const kkRule = kazakh.page.getByTestId('kitchen-rule');
        await kkRule.getByText('Тамақты белгілемеу').waitFor();
        expect(await kazakh.page.getByTestId('kitchen-restricted').textContent()).toContain(
          'Таратуда балаға күннің тағамы болмаса',
        );
        await shot(kazakh.page, 'kitchen-rule-1366-kk');
      } finally {
        await kazakh.close();
      }
    } finally {
      await office.close();
      await call('PUT', '/api/kitchen/restricted-rule', { schoolId: kid!.schoolId, rule: 'warn' });
      await call('PUT', '/api/activated/menu/remove', { id: activation.id });
    }
  });

  it('lists the child’s books on hand with the day each is due, and the returned ones', async () => {
    const almaty = (days: number) => new Date(Date.now() + 5 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
    const book = async (name: string) => {
      const created = await call<{ id: number }>('POST', '/api/book', {
        schoolId: kid!.schoolId,
        name,
        authors: 'Ахмет Байтұрсынұлы',
        publisher: 'Атамұра',
        year: 2021,
      });
      return (
        await call<{ barcodes: { id: number; barcode: string }[] }>('POST', '/api/book/count', {
          book_id: created.id,
          count: 1,
        })
      ).barcodes[0]!;
    };
    const soon = await book(`Әліппе ${stamp}`);
    const later = await book(`Ана тілі ${stamp}`);
    const read = await book(`Ертегілер ${stamp}`);
    for (const [copy, due] of [
      [soon, almaty(2)],
      [later, almaty(30)],
      [read, almaty(10)],
    ] as const)
      await call('POST', '/api/book/issuance', { user_id: kid!.id, book_ids: [copy.id], expired_at: due });
    await call('POST', '/api/book/returning', { user_id: kid!.id, book_ids: [read.id] });

    const { page } = phone;
    await page.reload();
    const books = page.getByTestId('child-card').filter({ hasText: kid!.name }).getByTestId('child-books');
    const loans = books.getByTestId('child-loan');
    await loans.first().waitFor();
    const fmt = (iso: string) => iso.split('-').reverse().join('.');
    expect(await loans.allTextContents()).toEqual([
      `Әліппе ${stamp} — Ахмет Байтұрсынұлывернуть до ${fmt(almaty(2))}Скоро срок`,
      `Ана тілі ${stamp} — Ахмет Байтұрсынұлывернуть до ${fmt(almaty(30))}`,
    ]);
    await books.getByText('Возвращённые (1)').click();
    const history = books.getByTestId('child-books-history');
    await history.waitFor();
    expect(await history.textContent()).toContain(`Ертегілер ${stamp}`);
    expect(await history.textContent()).toContain(`возвращена ${fmt(almaty(0))}`);
    await books.scrollIntoViewIfNeeded();
    await shot(page, 'parent-books-390');
  });

  it('shows the school’s menu a day at a time: dishes with photos, portions and prices', async () => {
    const { page } = phone;
    // The demo's milk holds milk, as its dish form would say; given back after the test.
    const { rows } = await call<{ rows: DemoDish[] }>('GET', '/api/products?query=Молоко&limit=100');
    const milkDish = rows.find((d) => d.name === 'Молоко')!;
    const save = (allergens: string[]) =>
      call('PUT', '/api/product', {
        id: milkDish.id,
        category_id: milkDish.category_id,
        image_id: milkDish.image_id,
        name: milkDish.name,
        name_kk: milkDish.name_kk,
        cost: milkDish.cost,
        output: milkDish.output,
        description: milkDish.description,
        allergens,
      });
    await save(['milk']);
    restoreMilk = () => save(milkDish.allergens);
    await page.reload();
    const menu = page.getByTestId('child-card').filter({ hasText: kid!.name }).getByTestId('child-menu');
    const date = menu.getByTestId('child-menu-date');
    await menu.scrollIntoViewIfNeeded();
    // The demo school sells its paid menu on working days: the next one within a week has dishes.
    for (let i = 0; i < 7 && !(await menu.getByTestId('child-menu-paid_food').isVisible()); i++) {
      const shown = await date.textContent();
      await menu.getByRole('button', { name: 'Следующий день' }).click();
      await expect.poll(() => date.textContent()).not.toBe(shown);
      await menu.getByTestId('loading').waitFor({ state: 'detached' });
    }
    const paid = menu.getByTestId('child-menu-paid_food');
    // Milk is kept from this child (the restrictions above): the day's dishes that hold milk (by their
    // cards: the porridge's, the pancakes', the omelette's milk) are marked for it; its tea is not.
    const restricted = paid.locator('[data-restricted="true"]');
    await restricted.first().waitFor();
    for (const text of await restricted.allTextContents())
      expect(text).toContain('Ребёнку нельзя: Молоко и молочные продукты (и лактоза)');
    const tea = paid.getByTestId('child-dish').filter({ hasText: /^Чай с сахаром/ });
    expect(await tea.first().getAttribute('data-restricted')).not.toBe('true');
    expect(await paid.textContent()).toMatch(/^Платное меню «Осень–зима, 10 дней», день \d+/);
    const dishes = paid.getByTestId('child-dish');
    expect(await dishes.count()).toBeGreaterThan(3);
    expect(await paid.locator('img').count()).toBeGreaterThan(0);
    // Its name, portion and price: «Блины со сметаной · 150 г · 290,00 тг.».
    expect((await dishes.first().textContent())?.replace(/\s/g, ' ')).toMatch(/^\D+\d+ ?[а-я]*.*\d,\d\d тг\.$/);
    await shot(page, 'parent-menu-390');
    // The free menu of the day, one tap away, has no prices.
    await menu.locator('.tq-seg').getByText('Бесплатное питание').click();
    const free = menu.getByTestId('child-menu-free_food');
    await free.waitFor();
    expect(await free.getByTestId('child-dish').count()).toBeGreaterThan(3);
    expect(await free.textContent()).not.toContain('тг.');
    await menu.locator('.tq-seg').getByText('Платное меню').click();
    await paid.waitFor();
    // A Sunday has no meals.
    while (!(await date.textContent())?.startsWith('Вс'))
      await menu.getByRole('button', { name: 'Следующий день' }).click();
    await menu.getByText('Не учебный день: питания нет').waitFor();
  });

  it('says what the school holds about the child, numbers masked, and whom to ask to correct it', async () => {
    const { page } = phone;
    const card = page.getByTestId('child-card').filter({ hasText: kid!.name });
    const record = card.getByTestId('child-record');
    await record.getByText('Какие данные о ребёнке хранит школа').click();
    const list = record.getByTestId('child-record-list');
    await list.waitFor();
    const text = (await list.textContent()) ?? '';
    expect(text).toContain(`ФИО${kid!.name}`);
    expect(text).toContain('ИИНне указан');
    // The card is shown by its last four characters only.
    expect(text).toContain(`******${`FAM${stamp}`.slice(-4)} с `);
    expect(text).not.toContain(`FAM${stamp}`);
    expect(text).toContain('отметок питания: 1, отметок отсутствия: 0, выдач книг: 3');
    expect(text).toContain('Абенова Жанар (с ');
    expect(await record.getByTestId('child-record-ask').textContent()).toMatch(
      /^Чтобы исправить данные, обратитесь в администрацию школы: .+ \(Школа-гимназия №1, /,
    );
    await record.scrollIntoViewIfNeeded();
    await shot(page, 'parent-record-390');
  });

  it('tells a parent at a staff address there is no access, and leads home, not to the sign-in form', async () => {
    const { page } = phone;
    await page.goto(`${baseUrl()}/schools`);
    await page.getByTestId('no-access').waitFor();
    expect(new URL(page.url()).pathname).toBe('/schools');
    expect(await page.getByTestId('no-access').textContent()).toContain('Нет доступа');
    await shot(page, 'parent-no-access-390');
    await page.getByRole('link', { name: 'На главную' }).click();
    await page.waitForURL((u) => u.pathname === '/' || u.pathname === '/download');
    await page.getByTestId('child-card').first().waitFor();
  });

  it('reads the school, the class and the category in Kazakh for a Kazakh parent', async () => {
    const { page } = phone;
    await page.evaluate(() => localStorage.setItem('tamaq.language', 'kk'));
    await page.reload();
    const child = page.getByTestId('child-card').first();
    await child.waitFor();
    await page.getByText('Менің балаларым').waitFor();
    const text = (await child.textContent()) ?? '';
    expect(text).toContain(`№1 мектеп-гимназия · Күншуақ ${stamp}`);
    expect(text).toContain('Ақылы тамақтану');
    const calendar = child.getByTestId('child-calendar');
    await calendar.getByText('Тамақтану күндері').waitFor();
    await calendar
      .getByRole('button', { name: /Тамақ берілді/ })
      .first()
      .waitFor();
    expect(await calendar.getByTestId('child-entitlement').textContent()).toBe('Тамақтану санаты: Ақылы тамақтану');
    const restrictions = child.getByTestId('child-restrictions');
    await restrictions.getByText('Тамақтану шектеулері').waitFor();
    expect(await restrictions.locator('.tq-tag').allTextContents()).toEqual([
      'Жержаңғақ',
      'Сүт және сүт өнімдері (және лактоза)',
      'Шошқа етінсіз',
    ]);
    await shot(page, 'parent-home-390-kk');
    // The app on this phone, in Kazakh (no offer from the headless browser: the way through its menu).
    const install = page.getByTestId('install-card');
    await install.getByText('Осы телефондағы қосымша').waitFor();
    expect(await install.getByTestId('install-how').textContent()).toContain('«Қосымшаны орнату»');
    await install.scrollIntoViewIfNeeded();
    await install.screenshot({ path: path.join(SHOTS, 'download-install-390-kk.png') });
  });

  it('lays the start page out without a sideways scroll on a phone and a desktop, in both languages', async () => {
    const sideways = (page: typeof phone.page) =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    // Kazakh (the phone's parent, since the test before), at 390 and at 1366.
    const { page } = phone;
    expect(await sideways(page)).toBe(0);
    await page.setViewportSize({ width: 1366, height: 900 });
    try {
      await page.getByTestId('child-card').first().waitFor();
      expect(await sideways(page)).toBe(0);
      await shot(page, 'parent-home-1366-kk');
    } finally {
      await page.setViewportSize({ width: 390, height: 844 });
    }
    // Russian: the demo parent of two children at 1366.
    const desk = await openBrowser({ width: 1366, height: 900 });
    try {
      await signIn(desk.page, 'parent@demo.kz');
      await desk.page.getByTestId('child-card').nth(1).waitFor();
      await desk.page.getByTestId('install-card').waitFor();
      expect(await sideways(desk.page)).toBe(0);
      await shot(desk.page, 'parent-home-1366');
    } finally {
      await desk.close();
    }
  });

  it('opens without a network with what the parent last saw, and says when it was loaded', async () => {
    // In Kazakh: the parent's profile holds it since the test before.
    const { page, context } = phone;
    await page.goto(`${baseUrl()}/download`);
    const child = page.getByTestId('child-card').filter({ hasText: kid!.name });
    await child.waitFor();
    // The service worker is there, and the page's answers are written down on the phone.
    await expect
      .poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration('/'))?.active))
      .toBe(true);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('tamaq-kept-answers') ?? ''))
      .toContain(`Күншуақ ${stamp}`);
    // Offline first, then what the page shows is read: the page may have opened with what it kept
    // the test before and be reading the network anew, and the answer shown last is the one kept.
    await context.setOffline(true);
    try {
      await page.waitForTimeout(500);
      const loaded = /\d\d:\d\d/.exec((await page.getByTestId('children-updated').textContent())!)![0];
      await page.reload();
      await child.waitFor();
      expect(await child.textContent()).toContain(`№1 мектеп-гимназия · Күншуақ ${stamp}`);
      // The children's list read again fails: the page says so, and when what it shows was loaded.
      await expect
        .poll(() => page.getByTestId('children-updated').textContent(), { timeout: 20_000 })
        .toBe(`Балалар туралы деректерді жүктеу мүмкін болмады. ${loaded} жаңартылды`);
      await shot(page, 'parent-offline-390');
    } finally {
      await context.setOffline(false);
    }
    await page.reload();
    await page
      .getByTestId('children-updated')
      .getByText(/^\d\d:\d\d жаңартылды$/)
      .waitFor();
  });

  it('lets the school give the pupil a sign-in of their own, and the pupil rates today’s meal', async () => {
    const email = `pupil.${stamp.toLowerCase()}@example.kz`;
    const office = await openBrowser({ width: 1366, height: 900 });
    try {
      await signIn(office.page, 'edu.admin@demo.kz');
      await office.page.goto(`${baseUrl()}/classroom/${kidClassroomId}/user/${kid!.id}`);
      const form = office.page.getByTestId('user-form');
      await form.getByText(/^Ученик входит со своим e-mail и паролем/).click();
      await form.getByRole('textbox', { name: 'E-mail' }).fill(email);
      await form.getByLabel('Пароль', { exact: true }).fill('pupil-pass-1');
      await form.getByRole('button', { name: 'Сохранить' }).click();
      await office.page.getByText('Изменения сохранены').waitFor();
    } finally {
      await office.close();
    }
    const own = await openBrowser({ width: 390, height: 844 });
    try {
      const { page } = own;
      await signIn(page, email, 'pupil-pass-1');
      const today = page.getByTestId('student-today');
      await today.waitFor();
      const meal = today.getByTestId('student-meal').first();
      expect(await meal.textContent()).toMatch(/^\d\d:\d\d — Школа-гимназия №1/);
      // Five stars: the pupil's own rating, kept over a reload.
      await meal.getByRole('radio').nth(4).click();
      await page.getByText('Спасибо за оценку').first().waitFor();
      await page.reload();
      await expect.poll(() => meal.locator('[role="radio"][aria-checked="true"]').count(), { timeout: 10_000 }).toBe(5);
      await shot(page, 'student-home-390');
    } finally {
      await own.close();
      await call('PUT', '/api/user', { id: kid!.id, role_id: null });
    }
  });

  it('stops showing a child to a parent the school unlinked', async () => {
    const office = await openBrowser({ width: 1366, height: 900 });
    try {
      await signIn(office.page, 'edu.admin@demo.kz');
      await office.page.goto(`${baseUrl()}/user/${kid!.id}`);
      const parents = office.page.getByTestId('pupil-parents');
      await parents.getByRole('button', { name: 'Отвязать' }).click();
      await office.page.getByText('Отвязать родителя «Абенова Жанар»? Он больше не увидит ребёнка').waitFor();
      await office.page.getByRole('button', { name: 'Отвязать' }).last().click();
      await office.page.getByText('Родитель «Абенова Жанар» отвязан').waitFor();
      await office.page.getByText('Родители не привязаны: пригласите родителя по e-mail').waitFor();
    } finally {
      await office.close();
    }
    const { page } = phone;
    await page.reload();
    // Whatever the language the parent reads in: no child, and the way to be linked again.
    await page.getByTestId('children-today').getByTestId('children-none').waitFor();
    expect(await page.getByTestId('child-card').count()).toBe(0);
  });
});
