import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, openBrowser, shot } from './browser.ts';

let browser: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser.close());

describe('/api/docs', () => {
  it('shows the API generated from the contract', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl()}/api/docs`);
    await page.getByText('/api/auth/login').first().waitFor();
    await shot(page, 'api-docs');
  });

  it('lets "Try it out" writes pass the CSRF check, as the web client does', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl()}/api/docs`);
    await page.getByText('/api/auth/login').first().waitFor();
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return res.status;
    });
    // 422: the body was checked, so the CSRF guard let it through (it answers 403 otherwise).
    expect(status).toBe(422);
  });
});
