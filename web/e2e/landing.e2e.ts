import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { baseUrl, openBrowser, shot, SHOTS, signIn, signOutHere } from './browser.ts';

let browser: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser.close());

describe('/download', () => {
  it('shows a parent the App Store and Google Play links of the brand', async () => {
    const { page } = browser;
    await signOutHere(page);
    await signIn(page, 'parent@demo.kz');
    await page.waitForURL((u) => u.pathname === '/download');
    await page.getByRole('heading', { name: 'Личный кабинет родителя' }).waitFor();
    const appStore = page.getByRole('link', { name: 'Загрузите в App Store' });
    const googlePlay = page.getByRole('link', { name: 'Доступно в Google Play' });
    await appStore.waitFor();
    expect(await appStore.getAttribute('href')).toMatch(/^https:\/\/apps\.apple\.com\//);
    expect(await googlePlay.getAttribute('href')).toMatch(/^https:\/\/play\.google\.com\//);
    expect(await appStore.getAttribute('target')).toBe('_blank');
    await shot(page, 'download-parent');
  });

  it('installs the app on the parent’s phone from the page when the browser offers it', async () => {
    const phone = await openBrowser({ width: 390, height: 844 });
    try {
      const { page } = phone;
      await signIn(page, 'parent@demo.kz');
      const card = page.getByTestId('install-card');
      // No offer from the browser (the headless one never makes it): the way through its menu.
      await card.getByTestId('install-how').waitFor();
      expect(await card.getByTestId('install-how').textContent()).toContain('Установить приложение');
      // The browser offers it, as Chromium does once the page qualifies: the page's button asks it.
      await page.evaluate(() => {
        const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: async () => {
            (window as unknown as { asked: boolean }).asked = true;
          },
          userChoice: Promise.resolve({ outcome: 'accepted' }),
        });
        window.dispatchEvent(offer);
      });
      await card.getByRole('button', { name: 'Установить на этот телефон' }).click();
      await card.getByTestId('install-done').getByText('Приложение установлено').waitFor();
      expect(await page.evaluate(() => (window as unknown as { asked: boolean }).asked)).toBe(true);
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: path.join(SHOTS, 'download-install-390.png') });
    } finally {
      await phone.close();
    }
  });
});

describe('/privacy', () => {
  it('opens without signing in', async () => {
    const { page } = browser;
    await signOutHere(page);
    await page.goto(`${baseUrl()}/privacy`);
    await page.getByRole('heading', { name: 'Политика конфиденциальности' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/privacy');
    expect(await page.getByTestId('privacy-page').textContent()).toContain('Какие данные мы обрабатываем');
    await shot(page, 'privacy');
  });

  it('is reached from the footer link of /login', async () => {
    const { page } = browser;
    await signOutHere(page);
    await page.goto(`${baseUrl()}/login`);
    await page.getByTestId('footer').getByRole('link', { name: 'Политика конфиденциальности' }).click();
    await page.waitForURL((u) => u.pathname === '/privacy');
    await page.getByTestId('privacy-page').waitFor();
  });
});
