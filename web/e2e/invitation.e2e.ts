import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, fieldError, openBrowser, shot, signIn, signInAt, signOutHere, storedToken } from './browser.ts';
import { nextMailTo, mailedServer, uniqueEmail, type MailedServer } from './mail.ts';

let server: MailedServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let adminToken: string;

const NOT_FOUND =
  'Приглашение не найдено! Возможно, срок действия приглашения истёк или оно уже использовано. Попросите отправить его повторно';

async function call<T>(method: string, path: string, body?: unknown, token = adminToken): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const login = (email: string, password: string) =>
  fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

/** A pupil of its own, in a class of its own, made through the API as the education admin. */
async function createPupil(name: string): Promise<{ id: number; classroomId: number }> {
  const schools = await call<{ rows: { id: number }[] }>('GET', '/api/schools?limit=1');
  const schoolId = schools.rows[0]!.id;
  const classroom = await call<{ id: number }>('POST', '/api/classroom', { schoolId, name: `7 «И» ${Date.now()}` });
  const pupil = await call<{ id: number }>('POST', '/api/user', {
    name,
    school_id: schoolId,
    classroom_id: classroom.id,
  });
  return { id: pupil.id, classroomId: classroom.id };
}

/** Invites `email` to the pupil and answers the link from the mail that arrives. */
async function invite(email: string, pupilId: number): Promise<string> {
  const mail = nextMailTo(server.mailbox, email);
  await call('POST', '/api/users/parent/invitation', { email, user_id: pupilId });
  const { text, subject } = await mail();
  expect(subject).toBe('Приглашение в Tamaq');
  const link = /https?:\/\/\S+\/parent\/invitation\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
  if (!link) throw new Error(`no link in the mail: ${text}`);
  return link;
}

beforeAll(async () => {
  server = mailedServer();
  browser = await openBrowser({ width: 375, height: 812 });
  const res = await login('edu.admin@demo.kz', DEMO_PASSWORD);
  adminToken = ((await res.json()) as { access_token: string }).access_token;
});
afterAll(async () => {
  await browser?.close();
});

describe('the invite modal of a class pupil list', () => {
  it('sends the invitation to the e-mail typed and says so', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 800 });
    try {
      const name = `Омарова Амина ${Date.now()}`;
      const pupil = await createPupil(name);
      await signInAt(page, 'edu.admin@demo.kz', `/classroom/${pupil.classroomId}/users`, { base: server.url });
      await page.getByRole('button', { name: 'Пригласить родителя' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(`Пригласить родителя: ${name}`).waitFor();

      await dialog.getByLabel('E-mail родителя').fill('mama');
      await dialog.getByRole('button', { name: 'Пригласить' }).click();
      await dialog.getByText('Введите корректный e-mail').waitFor();
      await shot(page, 'invitation-modal');

      const email = uniqueEmail('modal');
      const mail = nextMailTo(server.mailbox, email);
      await dialog.getByLabel('E-mail родителя').fill(email);
      await dialog.getByRole('button', { name: 'Пригласить' }).click();
      await page.getByText(`Приглашение отправлено на ${email}`).waitFor();
      await dialog.waitFor({ state: 'hidden' });
      expect((await mail()).text).toContain(name);
    } finally {
      await page.setViewportSize({ width: 375, height: 812 });
    }
  });
});

describe('/parent/invitation/{code}', () => {
  it('lets a new parent accept the mailed link on a phone and shows the app store links', async () => {
    const { page } = browser;
    const pupilName = `Садыкова Аружан ${Date.now()}`;
    const email = uniqueEmail('parent');
    const link = await invite(email, (await createPupil(pupilName)).id);
    expect(link.startsWith(server.url)).toBe(true);

    await page.goto(link);
    const form = page.getByTestId('invitation-form');
    await form.waitFor();
    const card = await page.getByTestId('invitation-page').textContent();
    expect(card).toContain(pupilName);
    expect(card).toContain(email);
    await shot(page, 'invitation-form-375');

    await page.getByRole('button', { name: 'Принять приглашение' }).click();
    expect(await fieldError(page, 'Ваше ФИО').textContent()).toBe('Обязательное поле');
    await page.getByLabel('Ваше ФИО').fill('Садыкова Гульнара');
    await page.getByLabel('Пароль', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Принять приглашение' }).click();
    // Under their fields (the app also says them aloud, in a region of its own).
    await fieldError(page, 'Пароль').getByText('Пароль должен быть не короче 8 символов').waitFor();
    await page
      .locator('.ant-form-item-explain-error')
      .getByText('Нужно согласие на обработку персональных данных')
      .waitFor();
    expect(await page.getByRole('link', { name: 'политикой конфиденциальности' }).getAttribute('href')).toBe(
      '/privacy',
    );
    await shot(page, 'invitation-form-errors-375');

    await page.getByLabel('Пароль', { exact: true }).fill('parent-pass-1');
    await page.getByTestId('consent').check();
    await page.getByRole('button', { name: 'Принять приглашение' }).click();
    await page.getByTestId('invitation-done').waitFor();
    expect(await page.getByTestId('app-store').getAttribute('href')).toContain('apps.apple.com');
    expect(await page.getByTestId('google-play').getAttribute('href')).toContain('play.google.com');
    expect(new URL(page.url()).pathname).toBe(new URL(link).pathname);
    // The page fits the phone: nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'invitation-done-375');

    expect((await login(email, 'parent-pass-1')).status).toBe(200);
    // The link works once.
    await page.reload();
    expect(await page.getByTestId('invitation-error').textContent()).toBe(NOT_FOUND);
  });

  it("asks an existing parent only for the account's password", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 800 });
    try {
      const link = await invite('parent@demo.kz', (await createPupil(`Нурланов Алихан ${Date.now()}`)).id);
      // A staff member signed in on this browser, as on a school's shared computer.
      await signOutHere(page, server.url);
      await signIn(page, 'edu.admin@demo.kz', DEMO_PASSWORD, server.url);
      await page.goto(link);
      await page.getByTestId('invitation-form').waitFor();
      await page.getByText('У вас уже есть учётная запись с этим e-mail').waitFor();
      expect(await page.getByLabel('Ваше ФИО').count()).toBe(0);
      await page.getByTestId('consent').check();

      await page.getByLabel('Пароль от учётной записи').fill('not-the-password');
      await page.getByRole('button', { name: 'Принять приглашение' }).click();
      expect(await page.getByTestId('form-alert').textContent()).toBe('Неверный логин или пароль');
      // The page sends no stored token: the admin signed in on this browser stays signed in.
      expect(await storedToken(page)).not.toBeNull();
      await shot(page, 'invitation-existing-wrong-password');

      await page.getByLabel('Пароль от учётной записи').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Принять приглашение' }).click();
      await page.getByTestId('invitation-done').waitFor();
      await shot(page, 'invitation-done');
    } finally {
      await page.setViewportSize({ width: 375, height: 812 });
    }
  });

  it('says the invitation is not found for a mangled or unknown code', async () => {
    const { page } = browser;
    for (const code of ['not-a-code', 'A'.repeat(43)]) {
      await page.goto(`${server.url}/parent/invitation/${code}`);
      expect(await page.getByTestId('invitation-error').textContent()).toBe(NOT_FOUND);
    }
    await shot(page, 'invitation-not-found-375');
  });
});
