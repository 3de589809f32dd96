import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isValidBin, isValidIin } from '@tamaq/contract/kz-id';
import { loadDemoData } from '../src/demo/demo-data.ts';
import { createTestContext, type TestContext } from './test-app.ts';

/** The demo set a first start shows: every screen has real rows, and every row passes our own rules. */
let t: TestContext;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  t = await createTestContext();
  await loadDemoData(t.db, new Date('2026-11-20T06:00:00Z'));
});
afterAll(() => t.close());

describe('demo data', () => {
  it('has about 300 pupils, each with a card, and a third of the school pupils in the social wallet', async () => {
    const [r] = await rows<{ pupils: number; carded: number; sw: number }>(sql`
      select count(*)::int as pupils,
             count(*) filter (where exists (select 1 from cards c where c.user_id = u.id))::int as carded,
             count(*) filter (where f.type = 'sw')::int as sw
      from users u left join food_categories f on f.id = u.food_category_id
      where u.classroom_id is not null`);
    expect(r!.pupils).toBeGreaterThanOrEqual(300);
    expect(r!.carded).toBe(r!.pupils);
    expect(r!.sw).toBeGreaterThan(r!.pupils / 4);
  });

  it('uses valid IINs and BINs, so editing a demo row never fails on them', async () => {
    const iins = await rows<{ iin: string }>(sql`select iin from users where iin is not null`);
    expect(iins.length).toBeGreaterThan(300);
    expect(iins.filter((r) => !isValidIin(r.iin))).toEqual([]);
    const bins = await rows<{ bin: string }>(sql`select bin from organizations union all select bin from schools`);
    expect(bins.filter((r) => !isValidBin(r.bin))).toEqual([]);
  });

  it('has a month of past visits and none today', async () => {
    const [r] = await rows<{ total: number; today: number }>(sql`
      select count(*)::int as total, count(*) filter (where visit_date = '2026-11-20')::int as today from visits`);
    expect(r!.total).toBeGreaterThan(1000);
    expect(r!.today).toBe(0);
  });

  it('gives the company canteens, three meal times and employees with watches', async () => {
    const [r] = await rows<{ canteens: number; categories: number; watched: number }>(sql`
      select (select count(*) from canteens)::int as canteens,
             (select count(*) from fixation_categories)::int as categories,
             (select count(*) from users where watch_id is not null)::int as watched`);
    expect(r).toEqual({ canteens: 2, categories: 3, watched: 10 });
  });
});
