import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO_PASSWORD, openBrowser, shot, signIn, signOutHere } from './browser.ts';

let browser: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser.close();
  // Whatever happened above, the demo admin works in Russian for the tests after this file.
  const login = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'school.admin@demo.kz', password: DEMO_PASSWORD }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  await fetch(`${baseUrl()}/api/profile/language`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      cookie: 'XSRF-TOKEN=e2e',
      'x-xsrf-token': 'e2e',
    },
    body: JSON.stringify({ language: 'ru' }),
  });
});

describe('the language', () => {
  it('switches the sign-in page to Kazakh, keeps it after signing in, and switches back from the profile menu', async () => {
    const { page } = browser;
    await signOutHere(page);
    await page.goto(`${baseUrl()}/login`);
    await page.getByRole('heading', { name: 'Вход' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');

    // The footer offers Kazakh by its own name; the page loads again in it.
    await page.getByTestId('language-switch').getByRole('button', { name: 'Қазақша' }).click();
    await page.getByRole('heading', { name: 'Кіру' }).waitFor();
    // The contract's field messages speak it too.
    await page.getByRole('button', { name: 'Кіру' }).click();
    await page.getByText('Міндетті өріс').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('kk');
    expect(await page.getByTestId('footer').textContent()).toContain('Құпиялылық саясаты');
    await shot(page, 'language-login-kk');

    await page.getByLabel('Логин немесе e-mail').fill('school.admin@demo.kz');
    await page.getByLabel('Құпиясөз', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Кіру' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    // The app's shell speaks Kazakh too: the menu and the footer.
    await page.getByRole('menuitem', { name: 'Анықтамалықтар' }).first().waitFor();
    expect(await page.getByTestId('footer').textContent()).toContain('Құпиялылық саясаты');
    await shot(page, 'language-app-kk');

    // The scanning screen, where a canteen queue stands, speaks Kazakh.
    await page.goto(`${baseUrl()}/school/fixation`);
    await page.getByText('Картаны сканерге жақындатыңыз').waitFor();
    await page.getByText('Бүгін:').waitFor();
    // A refusal comes from the server, in the language the browser asked for.
    await page.getByPlaceholder('Карта нөмірі және Enter').fill('NOSUCHCARD42');
    await page.keyboard.press('Enter');
    await page.getByText('Карта табылмады').first().waitFor();
    await shot(page, 'language-school-fixation-kk');

    // A catalogue and its words for classes follow the language too.
    await page.goto(`${baseUrl()}/classrooms`);
    await page.getByText('Сынып қосу').first().waitFor();
    await shot(page, 'language-classrooms-kk');

    // The choice is the person's, kept in their profile: on another browser (a Russian one, nothing
    // chosen there) they work in Kazakh as soon as they sign in.
    const elsewhere = await openBrowser(undefined, 'ru-RU');
    try {
      await signIn(elsewhere.page, 'school.admin@demo.kz');
      await elsewhere.page.getByRole('menuitem', { name: 'Анықтамалықтар' }).first().waitFor();
      expect(await elsewhere.page.evaluate(() => document.documentElement.lang)).toBe('kk');
    } finally {
      await elsewhere.close();
    }

    // The profile menu offers Russian by its own name.
    await page.getByTestId('profile-menu-title').hover();
    await page.getByTestId('switch-language').click();
    await page.getByRole('menuitem', { name: 'Справочники' }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    // And the profile keeps that choice too: a reload stays Russian.
    await page.reload();
    await page.getByRole('menuitem', { name: 'Справочники' }).first().waitFor();
  });

  it('speaks Kazakh to a browser whose language is Kazakh, until someone chooses otherwise', async () => {
    const kazakh = await openBrowser(undefined, 'kk-KZ');
    try {
      const { page } = kazakh;
      await page.goto(`${baseUrl()}/login`);
      await page.getByRole('heading', { name: 'Кіру' }).waitFor();
      await page.getByTestId('language-switch').getByRole('button', { name: 'Русский' }).click();
      await page.getByRole('heading', { name: 'Вход' }).waitFor();
      await page.reload();
      await page.getByRole('heading', { name: 'Вход' }).waitFor();
    } finally {
      await kazakh.close();
    }
  });
});
