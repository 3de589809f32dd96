import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldError, openBrowser, shot, signOutHere } from './browser.ts';
import { codeIn, nextMailTo, otherThan, mailedServer, uniqueEmail, type MailedServer } from './mail.ts';

let server: MailedServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  server = mailedServer();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'signup-pass-1';

/** Step 1 filled in and sent; resolves when the code step is shown. */
async function sendDetails(page: Page, name: string, email: string) {
  await signOutHere(page, server.url);
  await page.goto(`${server.url}/signup`);
  await page.getByLabel('ФИО').fill(name);
  await page.getByLabel('Название организации').fill('ТОО «Школьное питание»');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Повторите пароль').fill(PASSWORD);
  await page.getByTestId('consent').click();
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await page.getByTestId('code-form').waitFor();
}

describe('/signup', () => {
  it('mails a code that signs the new company Admin in on /fixation with the navigation', async () => {
    const { page } = browser;
    const email = uniqueEmail('signup');
    const mail = nextMailTo(server.mailbox, email);
    await sendDetails(page, 'Жанна Ахметова', email);

    expect(await page.getByTestId('code-form').textContent()).toContain(`Мы отправили код подтверждения на ${email}`);
    expect(await page.getByLabel('Код подтверждения').isVisible()).toBe(true);
    expect(await page.getByTestId('resend-wait').textContent()).toMatch(/^Отправить код ещё раз можно через \d+ с$/);
    await shot(page, 'signup-code-step');

    const received = await mail();
    expect(received.subject).toBe('Код подтверждения регистрации в Tamaq');
    await page.getByLabel('Код подтверждения').fill(codeIn(received));
    await page.getByRole('button', { name: 'Подтвердить' }).click();

    await page.waitForURL((u) => u.pathname === '/report/fixations');
    await page.getByTestId('profile-menu-title').getByText('Жанна Ахметова').waitFor();
    await page.getByTestId('nav').waitFor({ state: 'visible' });
    await page.getByTestId('nav-group-reports').first().waitFor();
    await shot(page, 'signup-signed-in');
  });

  it('shows «Неверный код подтверждения» under the code field for a wrong code', async () => {
    const { page } = browser;
    const email = uniqueEmail('signup-wrong');
    const mail = nextMailTo(server.mailbox, email);
    await sendDetails(page, 'Ерлан Садыков', email);

    await page.getByLabel('Код подтверждения').fill(otherThan(codeIn(await mail())));
    await page.getByRole('button', { name: 'Подтвердить' }).click();

    const error = fieldError(page, 'Код подтверждения');
    await error.waitFor();
    expect(await error.textContent()).toBe('Неверный код подтверждения');
    expect(new URL(page.url()).pathname).toBe('/signup');
    await shot(page, 'signup-wrong-code');
  });
});
