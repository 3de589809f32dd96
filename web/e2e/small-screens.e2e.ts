import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, shot, signInAt, signOutHere } from './browser.ts';
import { openInApp, problemsOnScreen, trackRequests } from './screen-checks.ts';

/**
 * The screens people work at, 320 px wide (a phone, or a 1280 px screen at 400 % zoom) and 640 px
 * wide (1280 px at 200 %): nothing cut, nothing lost, and no page that scrolls sideways; a list's or
 * a report's grid may scroll within itself, as a table does.
 */
const SCREENS: Record<string, string[]> = {
  'edu.admin@demo.kz': [
    '/school/fixation',
    '/cashbox',
    '/books/issuance',
    '/users',
    '/classrooms',
    '/categories',
    '/menus',
    '/books',
    '/cards',
    '/orders',
  ],
  'admin@demo.kz': ['/fixation', '/canteens', '/watches', '/fixation/categories'],
};

for (const width of [320, 640]) {
  describe(`at ${width} px`, () => {
    let browser: Awaited<ReturnType<typeof openBrowser>>;
    let page: Page;
    let settled: () => Promise<void>;
    beforeAll(async () => {
      browser = await openBrowser({ width, height: 720 });
      page = browser.page;
      settled = trackRequests(page);
    });
    afterAll(() => browser?.close());

    for (const [email, routes] of Object.entries(SCREENS)) {
      it(`${email}: ${routes.join(', ')}`, async () => {
        await signOutHere(page);
        const first = routes[0]!;
        await signInAt(page, email, first);
        const found: string[] = [];
        for (const route of routes) {
          if (route !== first) await openInApp(page, route);
          await settled();
          found.push(...(await page.evaluate(problemsOnScreen)).map((p) => `${route}: ${p}`));
          if (process.env.E2E_SHOTS) await shot(page, `small-${width}-${route.replace(/\W+/g, '-')}`);
        }
        expect(found).toEqual([]);
      }, 120_000);
    }
  });
}
