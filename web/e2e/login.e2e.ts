import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  DEMO_PASSWORD,
  fieldError,
  openBrowser,
  shot,
  signOutHere,
  storedToken,
  submitLogin,
} from './browser.ts';

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

  it('loads the form without the app, then opens the remembered page signed in, by keyboard alone', async () => {
    const { page } = browser;
    await signOutHere(page);
    const scripts: string[] = [];
    const record = (r: { url(): string; request(): { resourceType(): string } }) => {
      if (r.request().resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    };
    page.on('response', record);
    await page.goto(`${baseUrl()}/login?next=%2Fprofile&denied=1`);
    await page.getByRole('heading', { name: 'Вход' }).waitFor();
    expect(await page.getByTestId('form-alert').textContent()).toContain('нет доступа к открытому разделу');
    // The app (antd, the router, the screens) is not part of the sign-in page's download.
    expect(scripts.filter((s) => /\/assets\/(app|login-page)-/.test(s))).toEqual([]);

    // The login field has the focus; Tab, typing and Enter are all it takes.
    await page.keyboard.type('economist@demo.kz');
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO_PASSWORD);
    const password = page.getByLabel('Пароль', { exact: true });
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Показать пароль' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await password.press('Enter');
    await page.waitForURL((u) => u.pathname === '/profile');
    await page.getByLabel('ФИО').waitFor();
    expect(scripts.some((s) => /\/assets\/app-/.test(s))).toBe(true);
    page.off('response', record);
    expect(await storedToken(page)).not.toBeNull();
    await shot(page, 'login-then-profile');
  });
});
