import fs from 'node:fs';
import type AxeCore from 'axe-core';
import { createRequire } from 'node:module';
import * as XLSX from '@e965/xlsx';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOK_IMPORT_HEADERS, type BookImportResult } from '@tamaq/contract/library';
import {
  CATALOGUES,
  cataloguePaths,
  catalogueScreens,
  type Catalogue,
  type CatalogueRoute,
} from '@tamaq/contract/catalogues';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { PUBLIC_ROUTES, ROUTE_ROLES, type GuardedRoute } from '@tamaq/contract/routes';
import { baseUrl, DEMO_ACCOUNTS, DEMO_PASSWORD, openBrowser, shot, storedToken } from './browser.ts';
import { call } from './fixation-helpers.ts';
import { openInApp, problemsOnScreen, trackRequests } from './screen-checks.ts';

/**
 * Every screen of the route map, opened by a demo account whose role uses it, in a browser whose
 * language is Kazakh and again in one whose language is Russian, 1280 px wide (the narrowest desktop a school has; 1366 lays out in the same
 * antd breakpoint with more room): nothing cut and nothing overflowing, and no violation of WCAG 2.1
 * A or AA that axe-core finds. The list comes from the route
 * map, so a new screen is looked at without anyone adding it here; a screen with ids in its path
 * needs a way to find them in the demo data below (the type check asks for one).
 */

const ACCOUNT = DEMO_ACCOUNTS;

type Rows = { rows: { id: number; schoolId?: number | null }[] };
type WithParams = Extract<GuardedRoute, `${string}:${string}`>;
/** The first row of a list the account sees. */
/** The demo plov's card screen (the demo has a card for it). */
async function demoPlovCard(t: string): Promise<string> {
  const categories = (await call<Rows>(t, 'GET', '/api/categories?limit=100')).rows;
  for (const category of categories) {
    const dishes = (
      await call<{ rows: { id: number; name: string }[] }>(
        t,
        'GET',
        `/api/products?categoryId=${category.id}&limit=100`,
      )
    ).rows;
    const plov = dishes.find((d) => d.name === 'Плов с говядиной');
    if (plov) return `/product/${category.id}/${plov.id}/card`;
  }
  throw new Error('the demo has no plov');
}

const first = async (token: string, path: string) => {
  const row = (await call<Rows>(token, 'GET', path)).rows[0];
  if (!row) throw new Error(`the demo data has nothing at ${path}`);
  return row;
};
/** The first class (in the first school that has one) with a pupil in it: other test files add empty ones. */
const firstClass = async (token: string) => {
  for (const school of (await call<Rows>(token, 'GET', '/api/schools?limit=100')).rows) {
    const classes = (await call<Rows>(token, 'GET', `/api/classrooms?schoolId=${school.id}&limit=100`)).rows;
    for (const classroom of classes) {
      const pupil = (await call<Rows>(token, 'GET', `/api/users?classroomId=${classroom.id}&limit=1`)).rows[0];
      if (pupil) return { school: school.id, classroom: classroom.id, pupil: pupil.id };
    }
  }
  throw new Error('the demo data has no class with a pupil');
};
const pupilOf = firstClass;
/** The first book of the first school that has books. */
const firstBook = async (token: string) => {
  for (const school of (await call<Rows>(token, 'GET', '/api/schools?limit=100')).rows) {
    const book = (await call<Rows>(token, 'GET', `/api/books/list?schoolId=${school.id}&limit=1`)).rows[0];
    if (book) return { school: school.id, book: book.id };
  }
  throw new Error('the demo data has no book');
};

/** The first book category of the first school that has one. */
const firstBookCategory = async (token: string) => {
  for (const school of (await call<Rows>(token, 'GET', '/api/schools?limit=100')).rows) {
    const category = (
      await call<{ rows: { id: number; name: string }[] }>(
        token,
        'GET',
        `/api/book/categories?schoolId=${school.id}&limit=1`,
      )
    ).rows[0];
    if (category) return { school: school.id, category };
  }
  throw new Error('the demo data has no book category');
};

/** A small book file imported into the first school: the id of its import, whose labels a screen prints. */
async function bookImport(token: string): Promise<number> {
  // A category the school has: a new one would make the import ask first.
  const { school, category } = await firstBookCategory(token);
  const H = BOOK_IMPORT_HEADERS;
  const row: Record<keyof typeof H, string | number> = {
    name: `Әліппе ${Date.now()}`,
    authors: 'Ә. Жұмабаева',
    publisher: 'Атамұра',
    year: 2024,
    category: category.name,
    language: 'қазақ',
    discipline: 'Ана тілі',
    direction: 'Тіл',
    type: 'Оқулық',
    barcodes: '',
    count: 3,
  };
  const keys = Object.keys(H) as (keyof typeof H)[];
  const sheet = XLSX.utils.aoa_to_sheet([keys.map((k) => H[k]), keys.map((k) => row[k])]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Кітаптар');
  const form = new FormData();
  const file: ArrayBuffer = XLSX.write(book, { type: 'array', bookType: 'xlsx' });
  form.append('file', new Blob([file]), 'books.xlsx');
  const res = await fetch(`${baseUrl()}/api/books/upload?school_id=${school}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`book import: ${res.status} ${await res.text()}`);
  return ((await res.json()) as BookImportResult).import_id!;
}

/** How each screen with ids in its path finds them, as the account that opens it. */
/** A catalogue's form of a row: its first row, or one made from its create endpoint's example. */
const CATALOGUE_PATHS = Object.fromEntries(
  (Object.entries(CATALOGUES) as [keyof typeof CATALOGUES, Catalogue][]).map(([group, c]) => [
    catalogueScreens(c).edit,
    async (t: string) => {
      const paths = cataloguePaths(c);
      const row =
        (await call<Rows>(t, 'GET', `${paths.list.path}?limit=1`)).rows[0] ??
        (await call<{ id: number }>(t, 'POST', paths.create.path, ENDPOINTS[group].create.example));
      return `${c.one}/${row.id}`;
    },
  ]),
) as Record<WithParams & CatalogueRoute, (token: string) => Promise<string>>;

const PATHS: Record<WithParams, (token: string) => Promise<string>> = {
  ...CATALOGUE_PATHS,
  '/school/:id': async (t) => `/school/${(await first(t, '/api/schools?limit=1')).id}`,
  '/school/:id/settings': async (t) => `/school/${(await first(t, '/api/schools?limit=1')).id}/settings`,
  '/classroom/:classroomId/users': async (t) => `/classroom/${(await firstClass(t)).classroom}/users`,
  '/classroom/:classroomId/user/create': async (t) => `/classroom/${(await firstClass(t)).classroom}/user/create`,
  '/classroom/:classroomId/user/:id': async (t) => {
    const { classroom, pupil } = await pupilOf(t);
    return `/classroom/${classroom}/user/${pupil}`;
  },
  '/classroom/:classroomId/user/cards/:id': async (t) => {
    const { classroom, pupil } = await pupilOf(t);
    return `/classroom/${classroom}/user/cards/${pupil}`;
  },
  '/classroom/:school/create': async (t) => `/classroom/${(await firstClass(t)).school}/create`,
  '/classroom/:school/:id': async (t) => {
    const { school, classroom } = await firstClass(t);
    return `/classroom/${school}/${classroom}`;
  },
  '/fixation/category/:id': async (t) =>
    `/fixation/category/${(await first(t, '/api/fixation/categories?limit=1')).id}`,
  '/user/:id': async (t) => `/user/${(await first(t, '/api/users?limit=1')).id}`,
  '/user/password/:id': async (t) => `/user/password/${(await first(t, '/api/users?limit=1')).id}`,
  '/user/cards/:id': async (t) => `/user/cards/${(await first(t, '/api/users?limit=1')).id}`,
  '/cards/:id': async (t) => `/cards/${(await first(t, '/api/organizations?limit=1')).id}`,
  '/organization/:id': async (t) => `/organization/${(await first(t, '/api/organizations?limit=1')).id}`,
  '/food/category/:id': async (t) => `/food/category/${(await first(t, '/api/food/categories?limit=1')).id}`,
  '/category/:id': async (t) => `/category/${(await first(t, '/api/categories?limit=1')).id}`,
  '/products/:categoryId': async (t) => `/products/${(await first(t, '/api/categories?limit=1')).id}`,
  '/product/:categoryId/create': async (t) => `/product/${(await first(t, '/api/categories?limit=1')).id}/create`,
  '/product/:categoryId/:id': async (t) => {
    const category = (await first(t, '/api/categories?limit=1')).id;
    return `/product/${category}/${(await first(t, `/api/products?categoryId=${category}&limit=1`)).id}`;
  },
  // The demo's plov has a card: the screen with its lines, portions and figures.
  '/product/:categoryId/:id/card': (t) => demoPlovCard(t),
  '/product/:categoryId/:id/card/print': async (t) => `${await demoPlovCard(t)}/print`,
  '/menu/:id': async (t) => `/menu/${(await first(t, '/api/menus?limit=1')).id}`,
  '/menu/:id/print': async (t) => `/menu/${(await first(t, '/api/menus?limit=1')).id}/print`,
  '/menu/:id/approval': async (t) => `/menu/${(await first(t, '/api/menus?limit=1')).id}/approval`,
  '/menu/:id/layout': async (t) => `/menu/${(await first(t, '/api/menus?limit=1')).id}/layout`,
  '/books/category/:schoolId/create': async (t) =>
    `/books/category/${(await first(t, '/api/schools?limit=1')).id}/create`,
  '/books/category/:schoolId/:id': async (t) => {
    const { school, category } = await firstBookCategory(t);
    return `/books/category/${school}/${category.id}`;
  },
  '/books/:schoolId/create': async (t) => `/books/${(await first(t, '/api/schools?limit=1')).id}/create`,
  '/books/:schoolId/:id': async (t) => {
    const { school, book } = await firstBook(t);
    return `/books/${school}/${book}`;
  },
  '/books/:id/barcodes': async (t) => `/books/${(await firstBook(t)).book}/barcodes`,
  '/books/:id/histories': async (t) => `/books/${(await firstBook(t)).book}/histories`,
  '/books/imports/:id/labels': async (t) => `/books/imports/${await bookImport(t)}/labels`,
};

/** 1280 in the suite; `E2E_WIDTH=1366` looks again at the other common width. */
const WIDTH = Number(process.env.E2E_WIDTH) || 1280;

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
type Violation = { rule: string; impact: string; nodes: string[] };

/** What axe-core finds against WCAG 2.1 A and AA on the screen now: each rule broken, with where. */
async function violations(page: Page): Promise<Violation[]> {
  // Evaluated, not added as a script: the product's Content-Security-Policy refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof AxeCore }).axe;
    // Every rule of WCAG 2.1 A and AA, the experimental ones too (a control's name that differs from
    // its visible label is one of them).
    const rules = axe.getRules(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).map((r) => r.ruleId);
    // A report's rows look alike: past a table's first ten rows, a row drawn exactly like one before
    // it (the same elements, classes and styles; only its text differs) is left out. A year's report
    // otherwise took axe 5 s of the sweep (a school's month of visits), nearly all of it for contrast.
    const look = (row: Element) =>
      [row, ...row.querySelectorAll('*')]
        .map((e) => `${e.tagName}.${e.getAttribute('class') ?? ''}[${e.getAttribute('style') ?? ''}]`)
        .join();
    for (const body of document.querySelectorAll('tbody')) {
      const seen = new Set<string>();
      [...body.rows].forEach((row, i) => {
        const drawn = look(row);
        if (i >= 10 && seen.has(drawn)) row.setAttribute('data-axe-alike', '');
        seen.add(drawn);
      });
    }
    const result = await axe.run(
      { exclude: '[data-axe-alike]' },
      { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] },
    );
    for (const row of document.querySelectorAll('[data-axe-alike]')) row.removeAttribute('data-axe-alike');
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      nodes: v.nodes.map((n) => {
        const data = n.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        const why = data?.fgColor
          ? `${data.fgColor} on ${data.bgColor} ${data.contrastRatio}:1`
          : (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300);
        return `${n.target.join(' ')}: ${why}`;
      }),
    }));
  });
}

/**
 * On a screen with a form, as someone who cannot use a mouse reaches it: from the top of the screen
 * (where «Перейти к содержимому» puts the focus), Tab gets to the form's button that sends it without
 * leaving the screen and without being held anywhere on the way. What stands in the way, or null.
 * Nothing is pressed but Tab: the form is not sent.
 */
async function formByKeyboard(page: Page): Promise<string | null> {
  const SUBMIT = '#content form button[type="submit"]';
  const label = await page.evaluate((submit) => {
    const button = document.querySelector<HTMLElement>(submit);
    if (!button?.checkVisibility()) return null;
    document.getElementById('content')!.focus();
    (window as unknown as { tqLastStop?: Element | null }).tqLastStop = null;
    return button.innerText.trim();
  }, SUBMIT);
  if (label === null) return null;
  const stops: string[] = [];
  const LIMIT = 80;
  for (let i = 0; i < LIMIT; i++) {
    await page.keyboard.press('Tab');
    const here = await page.evaluate((submit) => {
      const el = document.activeElement as HTMLElement | null;
      const seen = window as unknown as { tqLastStop?: Element | null };
      const held = el !== null && el === seen.tqLastStop;
      seen.tqLastStop = el;
      if (!el || el === document.body) return { at: 'the page', done: false, left: true, held };
      const name = (el.getAttribute('aria-label') ?? el.innerText ?? '').trim().slice(0, 30);
      return {
        at: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${name ? ` «${name}»` : ''}`,
        done: el === document.querySelector(submit),
        left: !el.closest('#content'),
        held,
      };
    }, SUBMIT);
    if (here.done) return null;
    if (here.left || here.held)
      return `Tab ${here.left ? 'left the screen' : 'is held'} at ${here.at} before «${label}», after ${stops.slice(-5).join(', ')}`;
    stops.push(here.at);
  }
  return `Tab did not reach «${label}» in ${LIMIT} stops: ${stops.slice(0, 10).join(', ')} …`;
}

const TEXTS = {
  kk: { locale: 'kk-KZ', login: 'Логин немесе e-mail', password: 'Құпиясөз', signIn: 'Кіру', name: 'Kazakh' },
  ru: { locale: 'ru-RU', login: 'Логин или e-mail', password: 'Пароль', signIn: 'Войти', name: 'Russian' },
} as const;

/** Each guarded screen under the account of the first role that uses it; every account's start screen too. */
const byAccount = new Map<string, GuardedRoute[]>(Object.values(ACCOUNT).map((email) => [email, []]));
for (const route of Object.keys(ROUTE_ROLES) as GuardedRoute[]) {
  const role = ROUTE_ROLES[route].find((r) => ACCOUNT[r]);
  if (!role) throw new Error(`no demo account opens ${route}`);
  byAccount.set(ACCOUNT[role]!, [...(byAccount.get(ACCOUNT[role]!) ?? []), route]);
}

const slug = (path: string) => path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';

/**
 * Violations known and not yet put right, each with why and the screens where it may be found: any
 * other fails the test, and so does a rule here found on none of its screens (take it off the list).
 */
const KNOWN: { rule: string; routes: string[]; why: string }[] = [];
const isKnown = (rule: string, route: string) => KNOWN.some((k) => k.rule === rule && k.routes.includes(route));

/** Where axe's findings also go when `E2E_AXE` names a file (one JSON line per screen, for a survey). */
const AXE_LOG = process.env.E2E_AXE;

/** A browser in one language that opens screens and says what is wrong on each. */
async function sweeper(language: keyof typeof TEXTS) {
  const T = TEXTS[language];
  const browser = await openBrowser({ width: WIDTH, height: 800 }, T.locale);
  const page = browser.page;
  const settled = trackRequests(page);

  /** The screen now: what is cut or overflowing, each line under the language and the screen's route. */
  async function look(route: string): Promise<string[]> {
    await settled();
    const found = (await page.evaluate(problemsOnScreen)).map((p) => `${T.name} ${route}: ${p}`);
    const broken = await violations(page);
    // By keyboard, in one language: the keys do not depend on the words.
    const keyboard = language === 'ru' ? await formByKeyboard(page) : null;
    if (keyboard) found.push(`${T.name} ${route}: ${keyboard}`);
    if (AXE_LOG) fs.appendFileSync(AXE_LOG, `${JSON.stringify({ language, route, violations: broken })}\n`);
    for (const v of broken) {
      if (isKnown(v.rule, route)) seen.add(`${language} ${v.rule} ${route}`);
      else found.push(`${T.name} ${route}: WCAG ${v.rule} (${v.impact}) at ${v.nodes.slice(0, 3).join('; ')}`);
    }
    if (process.env.E2E_SHOTS) await shot(page, `${language}-${WIDTH}-${slug(route)}`);
    return found;
  }

  async function signInAs(email: string) {
    await page.goto(`${baseUrl()}/login`);
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${baseUrl()}/login`);
    await page.getByLabel(T.login).fill(email);
    await page.getByLabel(T.password, { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: T.signIn }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    // The signed-in frame (the staff app's, or the family's own page), not the sign-in page still on
    // screen while the app loads.
    await page.locator('.ant-layout-content, .tq-family-main').first().waitFor();
  }

  return {
    close: () => browser.close(),
    async publicScreens() {
      const found: string[] = [];
      await page.goto(`${baseUrl()}/login`);
      await page.evaluate(() => localStorage.clear());
      for (const route of PUBLIC_ROUTES.filter((r) => !r.includes(':'))) {
        await page.goto(`${baseUrl()}${route}`);
        found.push(...(await look(route)));
      }
      return found;
    },
    async account(email: string, routes: GuardedRoute[]) {
      await signInAs(email);
      const found = await look(`start of ${email}`);
      // The session this page signed in with (another sign-in would count against the login limit).
      const token = (await storedToken(page))!;
      for (const route of routes) {
        const path = route.includes(':') ? await PATHS[route as WithParams](token) : route;
        // From the family's own page, another address is another app: loaded as a page.
        if (await page.locator('.tq-family').count()) {
          await page.goto(`${baseUrl()}${path}`);
          await page.locator('.ant-layout-content, .tq-family-main').first().waitFor();
        } else await openInApp(page, path);
        found.push(...(await look(route)));
      }
      return found;
    },
  };
}

/** The known violations seen, by language, rule and screen. */
const seen = new Set<string>();
/** `E2E_LANGUAGES=kk` looks in one language only. */
const LANGUAGES = (Object.keys(TEXTS) as (keyof typeof TEXTS)[]).filter(
  (l) => !process.env.E2E_LANGUAGES || process.env.E2E_LANGUAGES.split(',').includes(l),
);

// The languages side by side, each in its own browser: a screen's wait is mostly for the network
// and the page, so two at once take little more than one.
describe(`every screen in ${LANGUAGES.map((l) => TEXTS[l].name).join(' and ')} at ${WIDTH} px`, () => {
  let sweepers: Awaited<ReturnType<typeof sweeper>>[] = [];
  const everywhere = async (look: (s: Awaited<ReturnType<typeof sweeper>>) => Promise<string[]>) =>
    (await Promise.all(sweepers.map(look))).flat();
  beforeAll(async () => {
    // A mail in the outbox, whichever tests ran before: its screen is looked at with a row on it.
    await call(null, 'POST', '/api/auth/password/recovery', { email: 'parent@demo.kz' });
    sweepers = await Promise.all(LANGUAGES.map(sweeper));
  });
  afterAll(() => Promise.all(sweepers.map((s) => s.close())));

  it('public screens: nothing cut, nothing overflowing, no WCAG violation', async () => {
    expect(await everywhere((s) => s.publicScreens())).toEqual([]);
  });

  for (const [email, routes] of byAccount) {
    it(`${email}: the start screen and ${routes.length} more, nothing cut, nothing overflowing, no WCAG violation`, async () => {
      expect(await everywhere((s) => s.account(email, routes))).toEqual([]);
    }, 300_000);
  }

  it('finds each known violation still there in every language (one put right comes off the list)', () => {
    const gone = LANGUAGES.flatMap((language) =>
      KNOWN.filter((k) => !k.routes.some((r) => seen.has(`${language} ${k.rule} ${r}`))).map(
        (k) => `${k.rule} in ${TEXTS[language].name}`,
      ),
    );
    expect(gone).toEqual([]);
  });
});
