import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, fieldError, openBrowser, shot, signOutHere, storedToken, submitLogin } from './browser.ts';

let browser: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser.close());

describe('/login', () => {
  it('answers a wrong password with «Неверный логин или пароль» and stays on /login', async () => {
    const { page } = browser;
    await signOutHere(page);
    await submitLogin(page, 'economist@demo.kz', 'not-the-password');
    const alert = page.getByTestId('form-alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Неверный логин или пароль');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await storedToken(page)).toBeNull();
    await shot(page, 'login-wrong-password');
  });

  it('refuses an empty form with «Обязательное поле» under both fields', async () => {
    const { page } = browser;
    await signOutHere(page);
    await page.goto(`${baseUrl()}/login`);
    await page.getByRole('heading', { name: 'Вход' }).waitFor();
    await page.getByRole('button', { name: 'Войти' }).click();
    const login = fieldError(page, 'Логин или e-mail');
    const password = fieldError(page, 'Пароль');
    await login.waitFor();
    await password.waitFor();
    expect(await login.textContent()).toBe('Обязательное поле');
    expect(await password.textContent()).toBe('Обязательное поле');
    expect(new URL(page.url()).pathname).toBe('/login');
    await shot(page, 'login-empty');
  });
});
