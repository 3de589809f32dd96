import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isValidBin, isValidIin } from '@tamaq/contract/kz-id';
import { WalletReport } from '@tamaq/contract/reports';
import { loadDemoData } from '../src/demo/demo-data.ts';
import { tokenFor } from './factories.ts';
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
             (select count(*) from fixation_categories x join organizations o on o.id = x.organization_id
              where o.type = 'company')::int as categories,
             (select count(*) from users where watch_id is not null)::int as watched`);
    expect(r).toEqual({ canteens: 2, categories: 3, watched: 10 });
  });

  it('gives the kindergarten three meal times and the schools a breakfast and a lunch per shift, each past meal recorded in its time', async () => {
    const meals = await rows<{ type: string; name: string; window: string; shift: number | null }>(sql`
      select o.type, x.name, to_char(x.time_start, 'HH24:MI') || '–' || to_char(x.time_finish, 'HH24:MI') as window,
             x.shift
      from fixation_categories x join organizations o on o.id = x.organization_id
      where o.type <> 'company' order by o.type, x.time_start`);
    expect(meals).toEqual([
      { type: 'education', name: 'Завтрак', window: '08:00–09:30', shift: 1 },
      { type: 'education', name: 'Обед', window: '11:30–13:30', shift: 1 },
      { type: 'education', name: 'Обед', window: '13:30–15:00', shift: 2 },
      { type: 'kindergarten', name: 'Завтрак', window: '08:30–09:15', shift: null },
      { type: 'kindergarten', name: 'Обед', window: '12:00–13:00', shift: null },
      { type: 'kindergarten', name: 'Полдник', window: '15:30–16:00', shift: null },
    ]);
    // Every past meal of a pupil lies in its meal time's window and shift; the wallet's pupils only
    // lunched, the paid ones of the first shift breakfasted too.
    const byMeal = await rows<{ type: string; meal: string; shift: number; food: string; outside: number }>(sql`
      select o.type, x.name as meal, r.shift, f.type as food,
             count(*) filter (where (v.created_at at time zone 'Asia/Almaty')::time not between x.time_start and x.time_finish
                                 or x.shift <> r.shift)::int as outside
      from visits v
      join organizations o on o.id = v.organization_id
      join classrooms r on r.id = v.classroom_id
      join food_categories f on f.id = v.food_category_id
      join fixation_categories x on x.id = v.fixation_category_id
      where v.school_id is not null group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
    expect(byMeal).toEqual([
      { type: 'education', meal: 'Завтрак', shift: 1, food: 'common', outside: 0 },
      { type: 'education', meal: 'Обед', shift: 1, food: 'common', outside: 0 },
      { type: 'education', meal: 'Обед', shift: 1, food: 'sw', outside: 0 },
      { type: 'education', meal: 'Обед', shift: 2, food: 'common', outside: 0 },
      { type: 'education', meal: 'Обед', shift: 2, food: 'sw', outside: 0 },
      { type: 'kindergarten', meal: 'Обед', shift: 1, food: 'common', outside: 0 },
      { type: 'kindergarten', meal: 'Обед', shift: 1, food: 'sw', outside: 0 },
    ]);
    const [none] = await rows<{ n: number }>(sql`
      select count(*)::int as n from visits where school_id is not null and fixation_category_id is null`);
    expect(none!.n).toBe(0);
  });
});

describe('demo food', () => {
  it('has 7 dish categories and about 40 dishes, each with its own generated WebP photo', async () => {
    const [r] = await rows<{ categories: number; dishes: number; photos: number; webp: number }>(sql`
      select (select count(*) from dish_categories)::int as categories,
             count(*)::int as dishes,
             count(distinct d.image_id)::int as photos,
             count(*) filter (where i.mime = 'image/webp' and length(i.bytes) > 500)::int as webp
      from dishes d join images i on i.id = d.image_id`);
    expect(r).toEqual({ categories: 7, dishes: 42, photos: 42, webp: 42 });
  });

  it('names its schools, groups, food and dish categories, dishes, menu and sold lines in Kazakh too', async () => {
    const [r] = await rows<Record<string, number>>(sql`
      select (select count(*) from schools where name_kk is null)::int as schools,
             (select count(*) from classrooms c join schools s on s.id = c.school_id
               where s.name_kk = '«Балапан» балабақшасы' and c.name_kk is null)::int as groups,
             (select count(*) from food_categories where name_kk is null)::int as food,
             (select count(*) from dish_categories where name_kk is null)::int as categories,
             (select count(*) from dishes where name_kk is null)::int as dishes,
             (select count(*) from menus where name_kk is null)::int as menus,
             (select count(*) from order_items where name_kk is null)::int as lines`);
    expect(r).toEqual({ schools: 0, groups: 0, food: 0, categories: 0, dishes: 0, menus: 0, lines: 0 });
  });

  it('has a 10-day menu with dishes on every day, applied free and paid at both schools', async () => {
    const days = await rows<{ day: number }>(sql`select distinct day from menu_dishes order by day`);
    expect(days.map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const [a] = await rows<{ n: number; started: string }>(sql`
      select count(*)::int as n, min(date)::text as started from menu_activations`);
    expect(a).toEqual({ n: 4, started: '2026-11-06' });
  });

  it('analyses every school’s menus against the sanitary rules’ set made for its age groups', async () => {
    const chosen = await rows<{ org: string; template: string; groups: number; energy: string }>(sql`
      select o.type as org, n.template, count(distinct v.age_group_id)::int as groups,
             string_agg(distinct v.value::text, ',' order by v.value::text) as energy
      from schools s join organizations o on o.id = s.organization_id
      join school_norm_sets c on c.school_id = s.id join norm_sets n on n.id = c.norm_set_id
      join norm_set_values v on v.norm_set_id = n.id and v.nutrient = 'energyKcal'
      group by o.type, n.template order by o.type`);
    const all = await rows<{ n: number }>(sql`select count(*)::int as n from schools s
      where not exists (select 1 from school_norm_sets c where c.school_id = s.id)`);
    expect(all[0]!.n).toBe(0);
    // The schools' 6–10 and 11–18 take 7–11 and 12+ (2350, 2720 kcal); the kindergarten's 1–3 and 3–7 take 1–3 and 3–7.
    expect(chosen).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ template: 'sanpin-2020', groups: 2, energy: '2350,2720' }),
        expect.objectContaining({ template: 'sanpin-2020', groups: 2, energy: '1400,1800' }),
      ]),
    );
  });

  it('has a month of orders on school days, none today, each summing its lines exactly', async () => {
    const [o] = await rows<{ n: number; today: number; weekend: number; off: number }>(sql`
      select count(*)::int as n,
             count(*) filter (where (o.created_at at time zone 'Asia/Almaty')::date = '2026-11-20')::int as today,
             count(*) filter (where extract(isodow from o.created_at at time zone 'Asia/Almaty') > 5)::int as weekend,
             count(*) filter (where o.amount <> (select sum(i.amount) from order_items i where i.order_id = o.id)
                                 or o.count <> (select sum(i.count) from order_items i where i.order_id = o.id))::int as off
      from orders o`);
    expect(o!.n).toBeGreaterThan(500);
    expect({ today: o!.today, weekend: o!.weekend, off: o!.off }).toEqual({ today: 0, weekend: 0, off: 0 });
    const [bad] = await rows<{ n: number }>(sql`
      select count(*)::int as n from order_items where amount <> cost * count`);
    expect(bad!.n).toBe(0);
  });
});

describe('demo social wallet', () => {
  it('reconciles November at the demo gymnasium as counted by hand', async () => {
    // The demo's today is Friday 20 November (11:00 in Almaty); its visits run from 21 October to
    // yesterday on the school's working days. November's working days to today: 2–6, 9–13, 16–20, so
    // 15 due; all but today's were served: 14. A few pupils are away yesterday and a few today: not
    // due those days. Every social-wallet pupil's wallet began by 1 October.
    t.clock.now = new Date('2026-11-20T06:00:00Z');
    const [school] = await rows<{ id: number; sw: number; cost: string }>(sql`
      select s.id, count(*)::int as sw, min(f.cost)::text as cost
      from schools s join users u on u.school_id = s.id and u.classroom_id is not null and u.deleted_at is null
      join food_categories f on f.id = u.food_category_id and f.type = 'sw'
      where s.name = 'Школа-гимназия №1' group by s.id`);
    const away = async (date: string) =>
      (
        await rows<{ id: number }>(sql`
          select u.id from absences a join users u on u.id = a.user_id
          join food_categories f on f.id = u.food_category_id and f.type = 'sw'
          where a.date = ${date}::date and u.school_id = ${school!.id}`)
      ).map((r) => r.id);
    const [yesterday, today] = [await away('2026-11-19'), await away('2026-11-20')];
    expect(yesterday.length).toBeGreaterThan(0);
    expect(today.length).toBeGreaterThan(0);
    const [admin] = await rows<{ id: number }>(sql`select id from users where email = 'edu.admin@demo.kz'`);
    const user = (await t.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, admin!.id) }))!;
    const res = await t.call({
      method: 'GET',
      url: `/api/report/school/social-wallet?schoolId=${school!.id}&month=2026-11`,
      token: await tokenFor(t.platform, user),
    });
    expect(res.statusCode).toBe(200);
    const r = WalletReport.parse(res.json());
    const n = school!.sw;
    expect(n).toBeGreaterThan(20);
    const [a, b] = [yesterday.length, today.length];
    expect({ due: r.due, served: r.servedTotal }).toEqual({ due: 15 * n - a - b, served: 14 * n - a });
    expect(r.entitled.slice(0, 16)).toEqual([...Array(13).fill(n), n - a, n - b, 0]);
    expect(r.served.slice(0, 15)).toEqual([...Array(13).fill(n), n - a, 0]);
    const tiyn = Math.round(Number(school!.cost) * 100) * (14 * n - a);
    expect(r.amount).toBe(`${Math.floor(tiyn / 100)}.${String(tiyn % 100).padStart(2, '0')}`);
    // Each pupil: served every day but today, which is still due; a day away is no day due.
    for (const p of r.classes.flatMap((c) => c.pupils)) {
      const marks = [...Array(13).fill('served'), yesterday.includes(p.id) ? 'none' : 'served'];
      marks.push(today.includes(p.id) ? 'none' : 'missed');
      expect(p.marks.slice(0, 15)).toEqual(marks);
    }
  });
});

describe('demo library', () => {
  it('gives the librarian about 300 books with labelled copies, and copies on hand in all three states', async () => {
    const [r] = await rows<{ books: number; copies: number; categories: number }>(sql`
      select (select count(*) from books)::int as books, (select count(*) from book_barcodes)::int as copies,
             (select count(*) from book_categories)::int as categories`);
    expect(r!.books).toBeGreaterThanOrEqual(300);
    expect(r!.copies).toBeGreaterThan(r!.books);
    expect(r!.categories).toBe(5);
    t.clock.now = new Date('2026-11-20T06:00:00Z');
    const librarian = (await t.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, 'librarian@demo.kz') }))!;
    const token = await tokenFor(t.platform, librarian);
    const onHand = await t.call({ method: 'GET', url: '/api/books/on/hand?limit=1000', token });
    expect(onHand.statusCode, onHand.body).toBe(200);
    const statuses = new Set((onHand.json() as { rows: { status: string }[] }).rows.map((x) => x.status));
    expect([...statuses].sort()).toEqual(['normal', 'overdue', 'soon']);
    // Yesterday's overdue notices: some went to a parent, the rest had no one to go to.
    const notices = await t.call({ method: 'GET', url: '/api/books/notices?limit=1000', token });
    expect(notices.statusCode, notices.body).toBe(200);
    const sent = (notices.json() as { rows: { status: string; recipients: string[] }[] }).rows;
    expect([...new Set(sent.map((x) => x.status))].sort()).toEqual(['kept', 'no_parent']);
    expect([...new Set(sent.filter((x) => x.status === 'kept').map((x) => x.recipients.join()))].sort()).toEqual([
      'parent@demo.kz',
      'zhanna.library@demo.kz',
    ]);
  });

  it('gives the demo parent two children in two classes, one with restrictions and ratings and two books on hand, one late, both meals told by e-mail; the second parent reads only their own', async () => {
    t.clock.now = new Date('2026-11-20T06:00:00Z');
    const parentOf = async (email: string) =>
      tokenFor(t.platform, (await t.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, email) }))!);
    const parent = await parentOf('parent@demo.kz');
    const second = await parentOf('parent2@demo.kz');
    const children = await t.call({ method: 'GET', url: '/api/parent/children', token: parent });
    expect(children.statusCode, children.body).toBe(200);
    const kids = (
      children.json() as {
        rows: { id: number; name: string; classroom: { id: number } | null; food_category: unknown }[];
      }
    ).rows;
    expect(kids).toHaveLength(2);
    expect(new Set(kids.map((k) => k.classroom!.id)).size).toBe(2);
    // Told apart at a glance, and each with a food category.
    expect(new Set(kids.map((k) => k.name)).size).toBe(2);
    expect(kids.every((k) => k.food_category !== null)).toBe(true);
    const books = await Promise.all(
      kids.map(async (k) => {
        const res = await t.call({ method: 'GET', url: `/api/parent/child/${k.id}/books`, token: parent });
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as { on_hand: { status: string }[] }).on_hand;
      }),
    );
    const held = books.find((b) => b.length > 0)!;
    expect(held.map((b) => b.status).sort()).toEqual(['normal', 'overdue']);
    const restricted = await Promise.all(
      kids.map(
        async (k) =>
          (
            (await t.call({ method: 'GET', url: `/api/parent/child/${k.id}/restrictions`, token: parent })).json() as {
              allergens: string[];
            }
          ).allergens,
      ),
    );
    expect(restricted.flat().sort()).toEqual(['milk', 'peanuts']);
    const [rated] = await rows<{ n: number; served: number }>(
      sql`select count(*)::int as n, count(*) filter (where cardinality(dish_ids) > 0)::int as served from meal_ratings`,
    );
    // Each with the lunch's dishes it was served with, so the ratings read by dish too.
    expect(rated).toEqual({ n: 5, served: 5 });
    // Both children's meals reach the demo parent by e-mail, and last week's letters are there.
    for (const k of kids) {
      const told = await t.call({ method: 'GET', url: `/api/parent/child/${k.id}/notifications`, token: parent });
      expect(told.json()).toMatchObject({ choices: [{ event: 'meal', channel: 'email' }], channels: ['email'] });
    }
    const quiet = await t.call({ method: 'GET', url: '/api/parent/notifications/settings', token: parent });
    expect(quiet.json()).toEqual({ quiet_from: '22:00', quiet_to: '07:00', email_digest: false });
    const [letters] = await rows<{ n: number }>(
      sql`select count(*)::int as n from notification_deliveries where target = 'parent@demo.kz'`,
    );
    expect(letters!.n).toBeGreaterThan(0);
    // The second parent has a child of their own, and none of the first parent's.
    const theirs = (await t.call({ method: 'GET', url: '/api/parent/children', token: second })).json() as {
      rows: { id: number }[];
    };
    expect(theirs.rows).toHaveLength(1);
    expect(kids.map((k) => k.id)).not.toContain(theirs.rows[0]!.id);
    // The second parent allowed notices in a phone's browser; the first, on no device.
    const phones = (await t.call({ method: 'GET', url: '/api/parent/push', token: second })).json();
    expect(phones.devices.map((d: { label: string }) => d.label)).toEqual(['Телефон']);
    expect((await t.call({ method: 'GET', url: '/api/parent/push', token: parent })).json().devices).toEqual([]);
    // And tied a Telegram chat, which waits for a bot: none is set on a first run.
    const telegram = (await t.call({ method: 'GET', url: '/api/parent/telegram', token: second })).json();
    expect(telegram).toMatchObject({ available: false, chats: [{ name: 'Демо Родитель' }] });
    for (const k of kids)
      expect((await t.call({ method: 'GET', url: `/api/parent/child/${k.id}/books`, token: second })).statusCode).toBe(
        404,
      );
  });
});
