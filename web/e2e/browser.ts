import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import type { Role } from '@tamaq/contract/roles';

/**
 * Debian's Chromium: its headless shell when installed (the same engine without the desktop browser
 * around it: three files took 62 s of processor time on it against 71 s, the suite 571 s against 589 s
 * of wall time, its installation has no desktop libraries to fetch), else the browser.
 */
const CHROMIUM =
  process.env.CHROMIUM_PATH ||
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((bin) => fs.existsSync(bin)) ||
  '/usr/bin/chromium';
export const SHOTS = path.resolve(import.meta.dirname, 'screenshots');

/** The server of this worker (VITEST_POOL_ID counts the workers from 1). */
export const baseUrl = (): string => {
  const urls = inject('baseUrls');
  const url = urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length];
  if (!url) throw new Error('no test server for this worker');
  return url;
};

/**
 * What each open page did lately, for the report of a failed test (e2e/on-failure.ts): where it went,
 * the answers of 400 and above, the requests that failed, the console's errors. A test sees only the
 * screen; this says whether the screen waited on a 401, a 429, a lost connection or nothing.
 */
const journals = new Map<Page, string[]>();
const JOURNAL_LINES = 40;

function keepJournal(page: Page) {
  const lines: string[] = [];
  journals.set(page, lines);
  const note = (line: string) => {
    lines.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (lines.length > JOURNAL_LINES) lines.shift();
  };
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`navigated to ${frame.url()}`);
  });
  page.on('response', (response) => {
    // Every answer of the API (a screen that waits may be waiting for one never asked), and any other failed one.
    if (response.status() >= 400 || new URL(response.url()).pathname.startsWith('/api/'))
      note(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on('requestfailed', (request) =>
    note(`failed ${request.method()} ${request.url()}: ${request.failure()?.errorText ?? '?'}`),
  );
  page.on('console', (message) => {
    if (message.type() === 'error') note(`console: ${message.text().slice(0, 300)}`);
  });
  page.on('close', () => journals.delete(page));
}

/** Each open page's address, the start of its text and its journal: printed when a test fails. */
export async function whatPagesShow(): Promise<string> {
  const parts: string[] = [];
  for (const [page, lines] of journals) {
    const text = await page
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch((err: Error) => `(unreadable: ${err.message.split('\n')[0]})`);
    const state = await page
      .evaluate(() => `${document.visibilityState}${document.hasFocus() ? ', focused' : ''}`)
      .catch(() => '?');
    parts.push(
      [
        `page at ${page.url()} (${state})`,
        `shows: ${text.replace(/\s+/g, ' ').slice(0, 600)}`,
        ...lines.map((l) => `  ${l}`),
      ].join('\n'),
    );
  }
  return parts.join('\n\n');
}

/**
 * The desktop browser, headless: where the headless shell falls short of what a person's browser
 * does (it shows no notification: a service worker's `getNotifications()` stays empty, and
 * `Notification.permission` reads 'denied' whatever was granted). `.ci/run` installs it.
 */
const FULL_CHROMIUM = process.env.CHROMIUM_FULL_PATH || '/usr/bin/chromium';

/** A fresh Chromium profile (Debian's binary, no download) for one test file. */
export async function openBrowser(
  viewport = { width: 1280, height: 800 },
  locale = 'ru-RU',
  opts: { full?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; close(): Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: opts.full ? FULL_CHROMIUM : CHROMIUM,
    headless: true,
    viewport,
    locale,
    // The app then draws without antd's animations (as for a user who turned them off): a click
    // never lands on a dialog button still zooming into place on a loaded machine.
    reducedMotion: 'reduce',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  context.on('page', keepJournal);
  for (const open of context.pages()) keepJournal(open);
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(15_000);
  return {
    context,
    page,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  // Transitions end first, so a shot shows the state the test reached, not a half-faded button.
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

export const DEMO_PASSWORD = 'demo12345';

/** A demo account of each role that has one (the demo data's logins). */
export const DEMO_ACCOUNTS: Partial<Record<Role, string>> = {
  SuperAdmin: 'superadmin@demo.kz',
  Admin: 'admin@demo.kz',
  Cashier: 'cashier@demo.kz',
  Economist: 'economist@demo.kz',
  EducationKindergartenAdmin: 'kg.admin@demo.kz',
  EducationAdmin: 'edu.admin@demo.kz',
  EducationLibrarian: 'librarian@demo.kz',
  EducationCashier: 'edu.cashier@demo.kz',
  EducationSocialTeacher: 'social@demo.kz',
  EducationObserver: 'observer@demo.kz',
  Parent: 'parent@demo.kz',
};

/** Fills the login form and presses "Войти", whatever the answer; `next` is where the form leads after. */
export async function submitLogin(
  page: Page,
  email: string,
  password: string,
  base = baseUrl(),
  next?: string,
): Promise<void> {
  await page.goto(`${base}/login${next ? `?next=${encodeURIComponent(next)}` : ''}`);
  await page
    .getByLabel(/логин|e-mail/i)
    .first()
    .fill(email);
  await page
    .getByLabel(/пароль/i)
    .first()
    .fill(password);
  await page.getByRole('button', { name: /войти/i }).click();
}

/** Signs in through the login form, as a person would (against `base`, the shared server by default). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, base = baseUrl()): Promise<void> {
  await submitLogin(page, email, password, base);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/**
 * Signs in on `path` (with its query): the sign-in form as a link to that screen opens it for someone
 * signed out, so the app loads once, on that screen, with its data fresh. Fails if the account may not
 * open it (the form then leads to the start screen).
 */
export async function signInAt(
  page: Page,
  email: string,
  path: string,
  { password = DEMO_PASSWORD, base = baseUrl() }: { password?: string; base?: string } = {},
): Promise<void> {
  await submitLogin(page, email, password, base, path);
  const pathname = new URL(path, base).pathname;
  await page.waitForURL((url) => url.pathname === pathname);
}

/** A second browser speaking Kazakh, signed in as `email` through the Kazakh sign-in form; close it after. */
export async function openKazakhBrowser(email: string): Promise<Awaited<ReturnType<typeof openBrowser>>> {
  const kazakh = await openBrowser(undefined, 'kk-KZ');
  const kk = kazakh.page;
  await kk.goto(`${baseUrl()}/login`);
  await kk.getByLabel('Логин немесе e-mail').fill(email);
  await kk.getByLabel('Құпиясөз', { exact: true }).fill(DEMO_PASSWORD);
  await kk.getByRole('button', { name: 'Кіру' }).click();
  await kk.waitForURL((url) => !url.pathname.startsWith('/login'));
  return kazakh;
}

/** Forgets the session of this browser: the next page opens signed out. */
export async function signOutHere(page: Page, base = baseUrl()): Promise<void> {
  if (!page.url().startsWith(base)) await page.goto(`${base}/login`);
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
}

/** The stored access token, or null when this browser is signed out. */
export const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('access_token'));

/**
 * The link of a download button once it has its token (the screen asks for a download token as it
 * opens, so the first moment it has none), checked to carry a download token, never the session's.
 */
export async function downloadLink(link: Locator): Promise<string> {
  // Read again until the href read is one with a token: the screen may draw the link anew between
  // the wait and the read (a token given up for the next one, a session changed just before).
  let href: string | null = null;
  let token: string | null = null;
  for (let tries = 0; !token && tries < 50; tries++) {
    await link.and(link.page().locator('[href*="token="]')).waitFor();
    href = await link.getAttribute('href');
    token = href ? new URL(href, 'http://x').searchParams.get('token') : null;
    if (!token) await link.page().waitForTimeout(100);
  }
  if (!href || !token) throw new Error('the link never carried a token');
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { aud?: string };
  if (token === (await storedToken(link.page())) || claims.aud !== 'download')
    throw new Error(`${href} carries no download token`);
  return href;
}

/** The validation message shown under the form field labelled `label`. */
export function fieldError(page: Page, label: string) {
  return page
    .locator('.ant-form-item, .tq-field')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator('.ant-form-item-explain-error, .tq-field-error:not(:empty)');
}
