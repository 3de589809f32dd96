import type { FixationList } from '@tamaq/contract/fixations';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import { baseUrl, DEMO_PASSWORD, shot } from './browser.ts';

/** Calls the API as a script would (no cookies, so no CSRF header is needed). */
export async function call<T>(token: string | null, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : null,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Tokens this test file signed in for, reused for two minutes. */
const tokens = new Map<string, { token: string; at: number }>();

/**
 * Signs in as a script would. The server lets an account sign in ten times a minute from one address
 * and a browser it does not know (which every script and fresh test browser is): a file reuses its
 * token for a while, and a sign-in refused for that waits as long as the answer says and tries again.
 */
export async function tokenOf(email: string): Promise<string> {
  const kept = tokens.get(email);
  if (kept && Date.now() - kept.at < 2 * 60_000) return kept.token;
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${baseUrl()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    if (res.status === 429 && attempt < 2) {
      await sleep((Number(res.headers.get('retry-after')) || 10) * 1000 + 500);
      continue;
    }
    if (!res.ok) throw new Error(`POST /api/auth/login: ${res.status} ${await res.text()}`);
    const { access_token: token } = (await res.json()) as { access_token: string };
    tokens.set(email, { token, at: Date.now() });
    return token;
  }
}

/** Uploads a made-up photo (a coloured square with a lighter circle for a face) and answers its id and url. */
export async function uploadPhoto(token: string, rgb: [number, number, number]): Promise<{ id: number; url: string }> {
  const [r, g, b] = rgb;
  const face = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320"><rect width="320" height="320" fill="rgb(${r},${g},${b})"/><circle cx="160" cy="130" r="70" fill="#f3d9c4"/><rect x="70" y="220" width="180" height="120" rx="60" fill="#f3d9c4"/></svg>`,
  );
  const png = await sharp(face).png().toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  const res = await fetch(`${baseUrl()}/api/image/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`photo upload: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: number; url: string };
}

/** A person with a card of their own: registered in the caller's organization and linked to them. */
export async function withCard(token: string, user: { id: number }, number: string): Promise<string> {
  const card = await call<{ id: number; number: string }>(token, 'POST', '/api/card/link', { number });
  await call(token, 'POST', '/api/card/user', { userId: user.id, cardId: card.id });
  return card.number;
}

/**
 * A keyboard-wedge scanner: the code's keys 5 ms apart and Enter, into whatever has the focus, as
 * the scanner's USB keyboard types them. The keys are made inside the page, each stamped 5 ms after
 * the previous one, and a key the page does not stop lands in the focused field as a browser would
 * put it there. Key presses sent from the test one by one (`page.keyboard.type`) would each wait
 * for a round trip: on a loaded two-core machine that stretched the gaps to 30–100 ms, where a scan
 * can no longer be told from a person typing, and split one scan in ten.
 */
export async function wedgeScan(page: Page, code: string, gapMs = 5): Promise<void> {
  await page.evaluate(
    ({ text, gap }) => {
      const start = performance.now();
      const keys = [...text, 'Enter'];
      keys.forEach((key, i) => {
        const target = document.activeElement ?? document.body;
        const digit = /\d/.test(key);
        const ev = new KeyboardEvent('keydown', {
          key,
          code: key === 'Enter' ? 'Enter' : digit ? `Digit${key}` : key === '-' ? 'Minus' : `Key${key.toUpperCase()}`,
          keyCode: key === 'Enter' ? 13 : key.toUpperCase().charCodeAt(0),
          bubbles: true,
          cancelable: true,
        });
        Object.defineProperty(ev, 'timeStamp', { value: start + i * gap });
        target.dispatchEvent(ev);
        // The browser's own part: an unstopped key types into the focused field.
        if (!ev.defaultPrevented && key.length === 1 && target instanceof HTMLInputElement) {
          const at = target.selectionStart ?? target.value.length;
          const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
          setter.call(target, target.value.slice(0, at) + key + target.value.slice(at));
          target.setSelectionRange(at + 1, at + 1);
          target.dispatchEvent(new Event('input', { bubbles: true }));
        }
      });
    },
    { text: code, gap: gapMs },
  );
}

/** The big card at the queue, once it shows `kind` (success, refusal, queued, idle). */
export function scanCard(page: Page, kind?: string) {
  return page.locator(kind ? `[data-testid="scan-card"][data-kind="${kind}"]` : '[data-testid="scan-card"]');
}

/** Moves the focus off every field, so only the scanner hook can see a scan. */
export async function blur(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

export const historyRows = (page: Page) => page.locator('[data-testid="fixation-history"] tr.ant-table-row');

/** How many visits the list call finds for a name (the server's count, not what a screen shows). */
export async function visitCount(token: string, url: '/api/fixations' | '/api/school/fixations', name: string) {
  const list = await call<FixationList>(token, 'GET', `${url}?limit=100&query=${encodeURIComponent(name)}`);
  return list.rows.filter((r) => r.user.name === name).length;
}

const ALMATY = 'Asia/Almaty';
const clock = () => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: ALMATY,
      hour: '2-digit',
      minute: '2-digit',
      day: 'numeric',
      hourCycle: 'h23',
    })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  return { minutes: Number(parts.hour) * 60 + Number(parts.minute), day: Number(parts.day) };
};
/** Today's day of the month in the demo organization's time zone. */
export const almatyDay = () => clock().day;

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const toTime = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

interface CategoryRow {
  id: number;
  name: string;
  position: number;
  time_start: string;
  time_finish: string;
}

/** What a hook calling ensureCategoryNow may take: up to six minutes of waiting out midnight. */
export const ENSURE_CATEGORY_TIMEOUT_MS = 8 * 60_000;

/** How long a test file needs the meal time it scans in to last. */
const MARGIN_MINUTES = 5;
const LAST_MINUTE = 23 * 60 + 59;

/**
 * Tests run at any hour: they scan in the meal time of the company that is active now. One that
 * ends within a few minutes is stretched to the next meal time (and given its end back after);
 * with none active, one is added in the gap around now (windows may not overlap). In the last
 * minutes before midnight, which cannot hold a meal time, it waits for the new day, and a few
 * minutes before a meal time begins it waits for that (so a caller's hook needs
 * ENSURE_CATEGORY_TIMEOUT_MS). Returns the category and its remover.
 */
export async function ensureCategoryNow(
  adminToken: string,
  name: string,
): Promise<{ category: CategoryRow; remove: () => Promise<void> }> {
  const current = await call<CategoryRow[]>(adminToken, 'GET', '/api/fixation/current/categories');
  const now = clock().minutes;
  const active = current[0];
  if (active && toMinutes(active.time_finish) - now > MARGIN_MINUTES)
    return { category: active, remove: async () => {} };
  const { rows } = await call<{ rows: CategoryRow[] }>(adminToken, 'GET', '/api/fixation/categories?limit=1000');
  const next = Math.min(LAST_MINUTE, ...rows.map((c) => toMinutes(c.time_start)).filter((s) => s > now));
  if (next - now <= MARGIN_MINUTES) {
    // Too close to a boundary for any meal time to last the test: the next meal time begins within
    // minutes (at 11:56 with lunch at 12:00), or midnight comes (windows do not cross it). Wait for
    // it, as a canteen would, and start over: then a meal time is active or there is room for one.
    const until = next === LAST_MINUTE ? 24 * 60 : next;
    const secondsLeft = (until - now) * 60 - new Date().getSeconds();
    await sleep((secondsLeft + (next === LAST_MINUTE ? 30 : 5)) * 1000);
    return ensureCategoryNow(adminToken, name);
  }
  const put = (c: CategoryRow, finish: string) =>
    call<CategoryRow>(adminToken, 'PUT', '/api/fixation/category', {
      id: c.id,
      name: c.name,
      position: c.position,
      time_start: c.time_start,
      time_finish: finish,
    });
  if (active) {
    const category = await put(active, toTime(next));
    return { category, remove: async () => void (await put(category, active.time_finish)) };
  }
  const start = Math.max(0, ...rows.map((c) => toMinutes(c.time_finish)).filter((f) => f <= now));
  const category = await call<CategoryRow>(adminToken, 'POST', '/api/fixation/category', {
    name,
    time_start: toTime(start),
    time_finish: toTime(next),
  });
  return {
    category,
    remove: async () => void (await call(adminToken, 'DELETE', `/api/fixation/category/${category.id}`)),
  };
}

interface SchoolMeal extends CategoryRow {
  school_id: number | null;
  shift: 1 | 2 | null;
}

/**
 * Tests run at any hour, and the demo schools' meal times refuse a scan outside their windows (a
 * school's meals lie between 05:00 and 23:00: none holds 02:00). A file that scans at a school without
 * testing meal times sets them aside: archived for the file, so a school's scan records its one meal
 * a day, and brought back after with the food categories that paid for them. Returns the restorer.
 */
export async function setSchoolMealsAside(eduAdminToken: string): Promise<() => Promise<void>> {
  const { rows: meals } = await call<{ rows: SchoolMeal[] }>(
    eduAdminToken,
    'GET',
    '/api/fixation/categories?limit=1000',
  );
  const { rows: foods } = await call<{
    rows: { id: number; name: string; cost: string; type: string; meals: number[] | null }[];
  }>(eduAdminToken, 'GET', '/api/food/categories?limit=1000');
  for (const m of meals) await call(eduAdminToken, 'DELETE', `/api/fixation/category/${m.id}`);
  return async () => {
    const ids = new Map<number, number>();
    for (const m of meals) {
      const { name, position, time_start, time_finish, school_id, shift } = m;
      const body = { name, position, time_start, time_finish, school_id, shift };
      ids.set(m.id, (await call<{ id: number }>(eduAdminToken, 'POST', '/api/fixation/category', body)).id);
    }
    for (const f of foods)
      if (f.meals?.some((id) => ids.has(id)))
        await call(eduAdminToken, 'PUT', '/api/food/category', {
          id: f.id,
          name: f.name,
          cost: f.cost,
          type: f.type,
          meals: f.meals.map((id) => ids.get(id) ?? id),
        });
  };
}

/** Records what the page's Web Audio oscillators are asked to play: the scan sounds, heard by a test. */
export async function recordTones(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __tones: number[] };
    w.__tones = [];
    const original = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      const osc = original.call(this);
      const set = osc.frequency.setValueAtTime.bind(osc.frequency);
      osc.frequency.setValueAtTime = (value: number, time: number) => {
        w.__tones.push(value);
        return set(value, time);
      };
      return osc;
    };
  });
}

/** The tones played since the last call. */
export async function tonesPlayed(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const w = window as unknown as { __tones: number[] };
    return w.__tones.splice(0);
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until the list call sees exactly `n` visits of that person. */
export async function expectVisits(
  token: string,
  url: '/api/fixations' | '/api/school/fixations',
  name: string,
  n: number,
): Promise<void> {
  await expect.poll(() => visitCount(token, url, name), { timeout: 15_000 }).toBe(n);
}

/** FX_DEBUG=1 prints the page's scan calls and console: what a failing run needs to be read. */
export function debugPage(page: Page, label: string): void {
  if (!process.env.FX_DEBUG) return;
  page.on('console', (m) => console.log(label, 'console', m.text()));
  page.on('request', (r) => {
    if (/fixation/.test(r.url())) console.log(label, 'sent', r.method(), r.url());
  });
  page.on('response', (r) => {
    if (/fixation/.test(r.url()))
      console.log(label, r.request().method(), r.url(), r.status(), r.request().postData() ?? '');
  });
}

/** A full-page shot from the top: a page scrolled by a scan would draw its sticky header mid-shot. */
export async function snap(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
}
