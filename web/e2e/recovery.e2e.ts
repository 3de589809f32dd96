import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, shot, signIn, signOutHere, storedToken } from './browser.ts';
import { codeIn, nextMailTo, mailedServer, type MailedServer } from './mail.ts';

let server: MailedServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  server = mailedServer();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('/recovery', () => {
  it('reads an unknown e-mail as «Неверный логин или пароль»', async () => {
    const { page } = browser;
    await signOutHere(page, server.url);
    await page.goto(`${server.url}/recovery`);
    await page.getByRole('heading', { name: 'Восстановление пароля' }).waitFor();
    await shot(page, 'recovery-request');

    await page.getByLabel('E-mail').fill('nobody@example.kz');
    await page.getByRole('button', { name: 'Продолжить' }).click();
    const alert = page.getByTestId('form-alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Неверный логин или пароль');
    expect(await page.getByTestId('recovery-confirm-form').count()).toBe(0);
    await shot(page, 'recovery-unknown-email');
  });

  // A demo user whom no other file signs in as on the mail server (its password changes here).
  it('mails a demo user a code that sets a new password and signs in; the new password then works', async () => {
    const { page } = browser;
    const email = 'economist@demo.kz';
    const password = 'recovered-pass-1';
    await signOutHere(page, server.url);
    await page.goto(`${server.url}/recovery`);
    const mail = nextMailTo(server.mailbox, email);
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Продолжить' }).click();

    const form = page.getByTestId('recovery-confirm-form');
    await form.waitFor();
    expect(await form.textContent()).toContain(`Мы отправили код подтверждения на ${email}`);
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);
    const received = await mail();
    expect(received.subject).toBe('Восстановление пароля в Tamaq');
    await page.getByLabel('Новый пароль').fill(password);
    await page.getByLabel('Повторите пароль').fill(password);
    await page.getByLabel('Код подтверждения').fill(codeIn(received));
    await shot(page, 'recovery-confirm');
    await page.getByRole('button', { name: 'Сменить пароль' }).click();

    await page.waitForURL((u) => u.pathname === '/report/fixations');
    expect(await storedToken(page)).not.toBeNull();
    await page.getByTestId('profile-menu-title').waitFor();
    await shot(page, 'recovery-signed-in');

    await signOutHere(page, server.url);
    await signIn(page, email, password, server.url);
    await page.waitForURL((u) => u.pathname === '/report/fixations');
  });
});
