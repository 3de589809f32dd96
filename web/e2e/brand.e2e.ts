import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, shot } from './browser.ts';
import { mailedServer } from './mail.ts';

/** docs/product.md "What it does": the logo, name and footer © follow the host name, from the BRANDS configuration. */
let browser: Awaited<ReturnType<typeof openBrowser>>;

beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser.close());

/** The run's second server is configured with BRANDS=localhost=asxana (global-setup.ts). */
const port = () => new URL(mailedServer().url).port;

describe('the brand', () => {
  it('is the second brand on a host configured for it', async () => {
    const { page } = browser;
    await page.goto(`http://localhost:${port()}/login`);
    // The logo stays empty until the brand is known, so the other brand's name never flashes.
    await page.getByTestId('brand').filter({ hasText: 'Асхана' }).waitFor();
    expect(await page.getByTestId('footer').textContent()).toContain('Асхана');
    await shot(page, 'brand-asxana-login');
  });

  it('is the default brand on any other host', async () => {
    const { page } = browser;
    await page.goto(`http://127.0.0.1:${port()}/login`);
    await page.getByTestId('brand').filter({ hasText: 'Tamaq' }).waitFor();
    expect(await page.getByTestId('brand').textContent()).not.toContain('Асхана');
    expect(await page.getByTestId('footer').textContent()).toContain('Tamaq');
    expect(await page.getByTestId('footer').textContent()).toContain('Версия 0.0.1');
  });
});
