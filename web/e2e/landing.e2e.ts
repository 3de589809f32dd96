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

describe("the family's own page", () => {
  it('loads for a parent without the staff app, and signs out from its header', async () => {
    const { page } = browser;
    await signOutHere(page);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await signIn(page, 'parent@demo.kz');
    await page.waitForURL((u) => u.pathname === '/download');
    await page.getByTestId('child-card').first().waitFor();
    // The family's frame: who is signed in and the way out; none of the staff app's frame or code.
    expect(await page.getByTestId('family-who').textContent()).toBe('Тимур Абенов');
    expect(await page.locator('.ant-layout-header').count()).toBe(0);
    scripts.length = 0;
    await page.reload();
    await page.getByTestId('child-card').first().waitFor();
    expect(scripts.some((s) => /\/assets\/family-[\w-]+\.js$/.test(s))).toBe(true);
    expect(scripts.filter((s) => /\/assets\/(app|app-layout|index)-[\w-]+\.js$/.test(s))).toEqual([]);
    // The brand leads to the parent's own page.
    expect(await page.getByTestId('brand').getAttribute('href')).toBe('/download');
    await page.getByTestId('sign-out').click();
    await page.waitForURL((u) => u.pathname === '/login');
    // Back to the page signed out: the sign-in form, which brings the parent back here.
    await page.goto(`${baseUrl()}/download`);
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('next') === '/download');
    await signIn(page, 'parent@demo.kz');
    await page.waitForURL((u) => u.pathname === '/download');
    await page.getByTestId('child-card').first().waitFor();
  });

  it('loads at most 150 KB of JavaScript on the wire for a parent’s phone', async () => {
    const phone = await openBrowser({ width: 390, height: 844 });
    try {
      const { context, page } = phone;
      await signIn(page, 'parent@demo.kz');
      await page.getByTestId('child-card').first().waitFor();
      // The page opened again with nothing cached (a phone whose cache was cleared), its service
      // worker out of the way: every script crosses the line as the server sends it (compressed).
      await page.evaluate(async () => {
        for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      const scripts = new Map<string, string>();
      const bytes: number[] = [];
      cdp.on('Network.responseReceived', (e) => {
        if (e.type === 'Script') scripts.set(e.requestId, e.response.url);
      });
      cdp.on('Network.loadingFinished', (e) => {
        if (scripts.has(e.requestId)) bytes.push(e.encodedDataLength);
      });
      await page.reload({ waitUntil: 'networkidle' });
      await page.getByTestId('child-card').first().waitFor();
      const total = bytes.reduce((a, b) => a + b, 0);
      expect(bytes.length).toBeGreaterThan(3);
      expect(total).toBeLessThanOrEqual(150 * 1024);
    } finally {
      await phone.close();
    }
  });

  it('sends a parent who opens / to their page, and anyone else at it to the sign-in form', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl()}/`);
    await page.waitForURL((u) => u.pathname === '/download');
    await page.getByTestId('child-card').first().waitFor();
    await signOutHere(page);
    await signIn(page, 'edu.admin@demo.kz');
    await page.waitForURL((u) => u.pathname === '/schools');
    await page.goto(`${baseUrl()}/download`);
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('denied') === '1');
    await signOutHere(page);
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
