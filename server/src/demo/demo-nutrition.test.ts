import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { DEMO_PASSWORD, loadDemoData } from './demo-data.ts';

/**
 * The demo's menu as a dietitian first sees it (docs/rules.md "The menu's rules"): every dish of the
 * catalogue has its card from the shipped table, and the 10-day menu keeps every rule of the standard but
 * one, on one day, so the menu's screen shows what a broken rule looks like.
 */
let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestContext();
  t.clock.now = new Date('2026-12-02T07:00:00Z');
  await loadDemoData(t.db, t.clock.now);
  token = (
    await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'edu.admin@demo.kz', password: DEMO_PASSWORD },
    })
  ).json().access_token as string;
});
afterAll(() => t.close());

describe('the demo’s menu', () => {
  it('has a card for each of its dishes, and breaks one rule on one day: the compote’s added sugar on day 1', async () => {
    const found = (await t.call({ method: 'GET', url: '/api/menus?limit=10', token })).json() as {
      rows: { id: number; name: string }[];
    };
    const menu = found.rows.find((m) => m.name === 'Осень–зима, 10 дней')!;
    const res = await t.call({ method: 'GET', url: `/api/menu/${menu.id}/figures`, token });
    expect(res.statusCode).toBe(200);
    const figures = res.json() as {
      days: { day: number; meals: { dishes: { name: string; card: boolean }[] }[] }[];
      without_card: { name: string }[];
      violations: { rule: string; day: number | null; text: string }[];
    };
    expect(figures.days).toHaveLength(10);
    expect(figures.without_card).toEqual([]);
    expect(figures.violations.map((v) => [v.rule, v.day])).toEqual([['sugar', 1]]);
    expect(figures.violations[0]!.text).toMatch(/^«Компот из сухофруктов»: добавленного сахара 5,\d+ г на 100 г/);
    // Each day serves a soup, a main course and a drink at lunch.
    for (const day of figures.days) expect(day.meals.map((m) => m.dishes.length).every((n) => n >= 2)).toBe(true);
  });

  it('has a card for every dish of the catalogue, each of its foods priced', async () => {
    const all = (await t.call({ method: 'GET', url: '/api/products?limit=100', token })).json() as {
      rows: { id: number; name: string }[];
    };
    expect(all.rows).toHaveLength(42);
    const lacking: string[] = [];
    for (const dish of all.rows) {
      const card = await t.call({ method: 'GET', url: `/api/product/${dish.id}/card`, token });
      const body = card.json() as {
        card: { cost: { missing: string[] } } | null;
      };
      if (card.statusCode !== 200 || !body.card) lacking.push(dish.name);
      else if (body.card.cost.missing.length) lacking.push(`${dish.name}: ${body.card.cost.missing.join(', ')}`);
    }
    expect(lacking).toEqual([]);
  });
});
