import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, shot, signIn, signOutHere } from './browser.ts';

let browser: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  browser = await openBrowser({ width: 390, height: 800 });
});
afterAll(() => browser.close());

describe('the navigation at 390 px', () => {
  it('opens as a drawer for a signed-in admin, with its entries and the profile links', async () => {
    const { page } = browser;
    await signOutHere(page);
    await signIn(page, 'admin@demo.kz');
    await page.waitForURL((u) => u.pathname === '/report/fixations');
    const drawer = page.getByRole('dialog');
    expect(await drawer.isVisible()).toBe(false);
    await shot(page, 'mobile-home');

    await page.getByTestId('nav-toggle').click();
    await drawer.waitFor();
    const nav = drawer.getByTestId('nav');
    for (const entry of ['Фиксация', 'Ручная фиксация', 'Отчёты', 'Справочники']) {
      expect(await nav.getByText(entry, { exact: true }).first().isVisible(), entry).toBe(true);
    }
    for (const entry of ['Профиль', 'Смена пароля', 'Выход']) {
      expect(await drawer.getByTestId('profile-menu').getByText(entry, { exact: true }).isVisible(), entry).toBe(true);
    }
    await shot(page, 'mobile-drawer');

    await nav.getByRole('link', { name: 'Ручная фиксация' }).click();
    await page.waitForURL((u) => u.pathname === '/fixation/manual');
    await drawer.waitFor({ state: 'hidden' });
  });
});
