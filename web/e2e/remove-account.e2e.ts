import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, shot, signIn, signOutHere, storedToken, submitLogin } from './browser.ts';
import { codeIn, createAccount, nextMailTo, otherThan, mailedServer, type MailedServer } from './mail.ts';

let server: MailedServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  server = mailedServer();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Asks for a removal code for `email` on the page as it is (signed in or not). */
async function requestCode(page: Page, email: string) {
  await page.goto(`${server.url}/profile/remove`);
  await page.getByRole('heading', { name: 'Удаление аккаунта' }).waitFor();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Получить код' }).click();
}

describe('/profile/remove', () => {
  it('answers an unknown e-mail with «Аккаунт не найден»', async () => {
    const { page } = browser;
    await signOutHere(page, server.url);
    await requestCode(page, 'nobody@example.kz');
    const alert = page.getByTestId('form-alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Аккаунт не найден');
    expect(await page.getByTestId('code-form').count()).toBe(0);
    await shot(page, 'remove-unknown-email');
  });

  it('mails a code to a real account and refuses a wrong one with «Неверный код подтверждения»', async () => {
    const { page } = browser;
    const account = await createAccount(server, 'remove-wrong');
    await signOutHere(page, server.url);
    const mail = nextMailTo(server.mailbox, account.email);
    await requestCode(page, account.email);
    await page.getByTestId('code-form').waitFor();
    expect(await page.getByTestId('resend-wait').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Удалить аккаунт' }).isVisible()).toBe(true);
    await shot(page, 'remove-code-step');

    const received = await mail();
    expect(received.subject).toBe('Удаление аккаунта в Tamaq');
    await page.getByLabel('Код подтверждения').fill(otherThan(codeIn(received)));
    await page.getByRole('button', { name: 'Удалить аккаунт' }).click();
    const alert = page.getByTestId('form-alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Неверный код подтверждения');
    expect(await page.getByTestId('removal-done').count()).toBe(0);
    await shot(page, 'remove-wrong-code');

    // The account is still there.
    await signIn(page, account.email, account.password, server.url);
  });

  it('removes the account with the right code, signs this browser out, and the account no longer signs in', async () => {
    const { page } = browser;
    const account = await createAccount(server, 'remove');
    await signOutHere(page, server.url);
    await signIn(page, account.email, account.password, server.url);
    expect(await storedToken(page)).not.toBeNull();

    const mail = nextMailTo(server.mailbox, account.email);
    await requestCode(page, account.email);
    await page.getByLabel('Код подтверждения').fill(codeIn(await mail()));
    await page.getByRole('button', { name: 'Удалить аккаунт' }).click();

    const done = page.getByTestId('removal-done');
    await done.waitFor();
    expect(await done.textContent()).toBe('Ваш аккаунт успешно удалён');
    expect(await storedToken(page)).toBeNull();
    await shot(page, 'remove-done');

    await submitLogin(page, account.email, account.password, server.url);
    await page.getByTestId('form-alert').getByText('Неверный логин или пароль').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
