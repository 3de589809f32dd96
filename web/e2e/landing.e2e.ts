import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, openBrowser, shot, signIn, signOutHere } from './browser.ts';

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
