import fs from 'node:fs';
import { createRequire } from 'node:module';
import type AxeCore from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, shot, signIn } from './browser.ts';
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

  it('is a link named by what it shows (the tile’s letter is drawn, not written)', async () => {
    const { page } = browser;
    const check = async () => {
      const brand = page.getByTestId('brand').filter({ hasText: 'Tamaq' });
      await brand.waitFor();
      // What a sighted person reads on it, and says to a voice control, is its name.
      expect(await brand.evaluate((e) => (e as HTMLElement).innerText.replace(/\s+/g, ' ').trim())).toBe('Tamaq');
      await page.getByRole('link', { name: 'Tamaq', exact: true }).waitFor();
      if (!(await page.evaluate(() => 'axe' in window)))
        await page.evaluate(fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
      const broken = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: typeof AxeCore }).axe;
        const result = await axe.run('[data-testid="brand"]', {
          runOnly: { type: 'rule', values: ['label-content-name-mismatch', 'link-name'] },
        });
        return [...result.violations, ...result.incomplete].map((v) => v.id);
      });
      expect(broken).toEqual([]);
    };
    await page.goto(`http://127.0.0.1:${port()}/login`);
    await check();
    await signIn(page, 'edu.cashier@demo.kz');
    // The app's own header, once it has replaced the sign-in frame.
    await page.getByText('Сауле Омарова').first().waitFor();
    await check();
  });
});
