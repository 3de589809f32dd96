import * as XLSX from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import { Cashbox, Order, ORDER_MESSAGES } from '@tamaq/contract/orders';
import { KEY_REUSED } from '../../platform/http/idempotency.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, signedIn, linkToken } from '../../../test/factories.ts';
import { auditLog, organizations, schools } from '../../platform/db/schema.ts';
import {
  dishCategories,
  dishes,
  menuActivations,
  menuDishes,
  menus,
  orderItems,
  orders,
} from '../../platform/db/schema-food.ts';

/** docs/product.md "Cashbox", "Orders": exact money, one order per key, the report. */
let t: TestContext;
let orgId: number;
let schoolId: number;
let admin: string;
let cashier: string;
let drinks: { id: number };
let meals: { id: number };
let plov: { id: number };
let tea: { id: number };
let bun: { id: number };

beforeAll(async () => {
  t = await createTestContext();
  orgId = (await createOrganization(t.db, { type: 'education' })).id;
  schoolId = (await createSchool(t.db, { organizationId: orgId, name: 'Школа №1' })).id;
  admin = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId })).token;
  cashier = (
    await signedIn(t.platform, { role: 'EducationCashier', organizationId: orgId, schoolId, name: 'Касса Айгуль' })
  ).token;
  meals = await category(orgId, 'Горячее');
  drinks = await category(orgId, 'Напитки');
  plov = await dish(orgId, meals.id, 'Плов', '450.50');
  tea = await dish(orgId, drinks.id, 'Чай', '0.10');
  bun = await dish(orgId, meals.id, 'Булочка', '120.00');
});
afterAll(() => t.close());
afterEach(() => {
  t.clock.now = new Date();
});

async function category(organizationId: number, name: string) {
  const [c] = await t.db.insert(dishCategories).values({ organizationId, name }).returning();
  return c!;
}
async function dish(organizationId: number, categoryId: number, name: string, cost: string) {
  const [d] = await t.db.insert(dishes).values({ organizationId, categoryId, name, cost, output: '200 г' }).returning();
  return d!;
}
const order = (payload: unknown, token = cashier, key?: string) =>
  t.call({
    method: 'POST',
    url: '/api/order',
    token,
    payload: payload as object,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
const countOrders = async () => (await t.db.select().from(orders)).length;

describe('POST /api/order', () => {
  it('prices the order from the server’s own prices, exactly, when they are the prices the cashier saw', async () => {
    // The tea is named in Kazakh too: its line keeps both names as sold, for a receipt in either language.
    await t.db.update(dishes).set({ nameKk: 'Шай' }).where(eq(dishes.id, tea.id));
    const res = await order({
      organization_id: 999,
      payment_type: 'cash',
      products: [
        { id: plov.id, count: 3, cost: 450.5 },
        { id: tea.id, count: 3, cost: '0.1' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(Order.strict().parse(res.json())).toBeTruthy();
    expect(res.json()).toMatchObject({
      school_id: schoolId,
      school: { id: schoolId, name: 'Школа №1' },
      cashier: 'Касса Айгуль',
      payment_type: 'cash',
      count: 6,
      amount: '1351.80',
    });
    expect(res.json().products).toEqual([
      { id: plov.id, name: 'Плов', name_ru: 'Плов', name_kk: null, count: 3, cost: '450.50', amount: '1351.50' },
      { id: tea.id, name: 'Чай', name_ru: 'Чай', name_kk: 'Шай', count: 3, cost: '0.10', amount: '0.30' },
    ]);
    // Renamed afterwards, the sold line keeps its names.
    await t.db.update(dishes).set({ nameKk: 'Қара шай' }).where(eq(dishes.id, tea.id));
    // The day in any zone: the UTC day before and after hold it.
    const day = (days: number) =>
      new Date(Date.parse(res.json().created_at as string) + days * 86_400_000).toISOString().slice(0, 10);
    const listed = await t.call({ url: `/api/orders?date_from=${day(-1)}&date_to=${day(1)}&limit=100`, token: admin });
    const sold = listed.json().rows.find((o: Order) => o.id === res.json().id) as Order;
    expect(sold.products.map((p) => p.name_kk)).toEqual([null, 'Шай']);
    await t.db.update(dishes).set({ nameKk: null }).where(eq(dishes.id, tea.id));
    const [row] = await t.db.select().from(orders).where(eq(orders.id, res.json().id));
    expect(row).toMatchObject({ organizationId: orgId, amount: '1351.80', count: 6 });
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(res.json().id)));
    expect(trail).toEqual([
      expect.objectContaining({ action: 'order_create', entity: 'order', organizationId: orgId }),
    ]);
  });

  it('places orders one after another for a Russian and a Kazakh cashier, each receipt in the reader’s alphabet', async () => {
    // The lines come in the reader's alphabet (a collation of its own in the statement): a connection
    // that prepared the Russian statement must not refuse the Kazakh one. At a school of its own, so
    // the first school's favourites stay as the tests below count them.
    const other = await createSchool(t.db, { organizationId: orgId, name: 'Школа №2' });
    const till = (await signedIn(t.platform, { role: 'EducationCashier', organizationId: orgId, schoolId: other.id }))
      .token;
    for (const language of ['ru', 'kk', 'ru', 'kk']) {
      const res = await t.call({
        method: 'POST',
        url: '/api/order',
        token: till,
        headers: { 'accept-language': language },
        payload: {
          payment_type: 'cash',
          products: [
            { id: bun.id, count: 1 },
            { id: tea.id, count: 1 },
          ],
        },
      });
      expect(res.statusCode, `${language}: ${res.body}`).toBe(200);
      expect(res.json().products.map((p: { name: string }) => p.name)).toEqual(['Булочка', 'Чай']);
    }
  });

  it('refuses an order whose seen price is no longer the dish’s, with the prices now, and writes nothing', async () => {
    const before = await countOrders();
    await t.db.update(dishes).set({ cost: '115.00' }).where(eq(dishes.id, bun.id));
    try {
      const res = await order({
        payment_type: 'cash',
        products: [
          { id: bun.id, count: 2, cost: '120.00' },
          { id: plov.id, count: 1, cost: '450.50' },
        ],
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: 'Conflict',
        errorMessage: 'Цены изменились: Булочка — 115,00 тг. (было 120,00 тг.). Проверьте корзину и оплатите снова',
        prices: [
          { id: bun.id, name: 'Булочка', name_ru: 'Булочка', name_kk: null, cost: '115.00' },
          { id: plov.id, name: 'Плов', name_ru: 'Плов', name_kk: null, cost: '450.50' },
        ],
      });
      expect(await countOrders()).toBe(before);
      // Sent again at the price now: placed at it.
      const again = await order({ payment_type: 'cash', products: [{ id: bun.id, count: 1, cost: 115 }] });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ amount: '115.00' });
      // One dish at two seen prices was not priced as it is now.
      const split = await order({
        payment_type: 'cash',
        products: [
          { id: bun.id, count: 1, cost: '115' },
          { id: bun.id, count: 1, cost: '120' },
        ],
      });
      expect(split.statusCode).toBe(409);
    } finally {
      await t.db.update(dishes).set({ cost: '120.00' }).where(eq(dishes.id, bun.id));
    }
  });

  it('refuses a seen price that is not money with the field’s message', async () => {
    const before = await countOrders();
    for (const cost of ['abc', -5, '1.005', '', true]) {
      const res = await order({ payment_type: 'cash', products: [{ id: bun.id, count: 1, cost }] });
      expect(res.statusCode, String(cost)).toBe(422);
      expect(res.json().validationErrors['products.0.cost']).toEqual([ORDER_MESSAGES.cost]);
    }
    expect(await countOrders()).toBe(before);
  });

  it('keeps the cash handed over and answers the change, exactly, on the order and when read back', async () => {
    // At a school of its own: the first school's favourites stay as its other tests count them.
    const other = (await createSchool(t.db, { organizationId: orgId, name: 'Школа №2' })).id;
    t.clock.now = new Date('2026-11-12T06:00:00Z');
    const res = await order(
      {
        school_id: other,
        payment_type: 'cash',
        products: [
          { id: plov.id, count: 1, cost: '450.50' },
          { id: tea.id, count: 1, cost: '0.10' },
        ],
        cash_received: '1 000,00',
      },
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ amount: '450.60', cash_received: '1000.00', change: '549.40' });
    const exact = await order(
      { school_id: other, payment_type: 'cash', products: [{ id: bun.id, count: 1 }], cash_received: 120 },
      admin,
    );
    expect(exact.json()).toMatchObject({ amount: '120.00', cash_received: '120.00', change: '0.00' });
    const none = await order({ school_id: other, payment_type: 'cash', products: [{ id: bun.id, count: 1 }] }, admin);
    expect(none.json()).toMatchObject({ cash_received: null, change: null });
    const list = await t.call({
      url: `/api/orders?date_from=2026-11-12&date_to=2026-11-12&school_id=${other}`,
      token: admin,
    });
    const listed = list.json().rows.find((o: Order) => o.id === res.json().id);
    expect(listed).toMatchObject({ cash_received: '1000.00', change: '549.40' });
  });

  it('refuses cash that does not cover the sum or is not money (422), writing nothing', async () => {
    const before = await countOrders();
    const short = await order({
      payment_type: 'cash',
      products: [{ id: plov.id, count: 2, cost: '450.50' }],
      cash_received: '900.99',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().validationErrors).toEqual({ cash_received: ['Получено меньше суммы заказа (901,00 тг.)'] });
    for (const cash of ['abc', -5, '100.555', '', true, '10000000.01']) {
      const res = await order({ payment_type: 'cash', products: [{ id: bun.id, count: 1 }], cash_received: cash });
      expect(res.statusCode, String(cash)).toBe(422);
      expect(res.json().validationErrors.cash_received, String(cash)).toEqual([
        cash === '10000000.01' ? ORDER_MESSAGES.cashTooBig : ORDER_MESSAGES.cash,
      ]);
    }
    expect(await countOrders()).toBe(before);
    // A price changed since: the prices now come first, as the cash may cover them.
    await t.db.update(dishes).set({ cost: '115.00' }).where(eq(dishes.id, bun.id));
    try {
      const changed = await order({
        payment_type: 'cash',
        products: [{ id: bun.id, count: 1, cost: '120.00' }],
        cash_received: '100',
      });
      expect(changed.statusCode).toBe(409);
    } finally {
      await t.db.update(dishes).set({ cost: '120.00' }).where(eq(dishes.id, bun.id));
    }
    expect(await countOrders()).toBe(before);
  });

  it('merges a dish named twice into one line, and keeps the sold price after a price change', async () => {
    const res = await order({
      payment_type: 'cash',
      products: [
        { id: bun.id, count: 1 },
        { id: bun.id, count: 2 },
      ],
    });
    expect(res.json().products).toEqual([
      { id: bun.id, name: 'Булочка', name_ru: 'Булочка', name_kk: null, count: 3, cost: '120.00', amount: '360.00' },
    ]);
    await t.db.update(dishes).set({ cost: '130.00' }).where(eq(dishes.id, bun.id));
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, res.json().id));
    expect(items[0]).toMatchObject({ cost: '120.00', amount: '360.00' });
    await t.db.update(dishes).set({ cost: '120.00' }).where(eq(dishes.id, bun.id));
  });

  it('places one order for a double click or a retry with the same Idempotency-Key', async () => {
    const before = await countOrders();
    const body = { payment_type: 'cash', products: [{ id: plov.id, count: 1 }] };
    const [a, b] = await Promise.all([order(body, cashier, 'order-key-0001'), order(body, cashier, 'order-key-0001')]);
    // The replay's answer is the first order's, read back, in the same shape.
    expect(Order.strict().parse(b.json())).toEqual(Order.strict().parse(a.json()));
    const retry = await order(body, cashier, 'order-key-0001');
    expect([a.statusCode, b.statusCode, retry.statusCode]).toEqual([200, 200, 200]);
    expect(new Set([a.json().id, b.json().id, retry.json().id]).size).toBe(1);
    expect(await countOrders()).toBe(before + 1);
    expect((await order(body, cashier, 'order-key-0002')).json().id).not.toBe(a.json().id);
    expect(await countOrders()).toBe(before + 2);
  });

  it('refuses the same key with another cart (422), writing nothing, and keeps the first sale', async () => {
    const before = await countOrders();
    const first = await order({ products: [{ id: plov.id, count: 2 }] }, cashier, 'order-key-reused');
    expect(first.json()).toMatchObject({ amount: '901.00' });
    const other = await order({ products: [{ id: bun.id, count: 1 }] }, cashier, 'order-key-reused');
    expect(other.statusCode).toBe(422);
    expect(other.json().validationErrors.idempotencyKey).toEqual([KEY_REUSED]);
    const more = await order({ products: [{ id: plov.id, count: 3 }] }, cashier, 'order-key-reused');
    expect(more.statusCode).toBe(422);
    expect(await countOrders()).toBe(before + 1);
    // The same cart (its lines in another order, the cash typed again) is the retry it was.
    const retry = await order(
      {
        products: [
          { id: plov.id, count: 1 },
          { id: plov.id, count: 1 },
        ],
        cash_received: 1000,
      },
      cashier,
      'order-key-reused',
    );
    expect(retry.statusCode).toBe(200);
    expect(retry.json().id).toBe(first.json().id);
  });

  it('refuses bad counts, an empty cart and another payment type (422), writing nothing', async () => {
    const before = await countOrders();
    const cases: unknown[] = [
      { products: [{ id: plov.id, count: 0 }] },
      { products: [{ id: plov.id, count: -1 }] },
      { products: [{ id: plov.id, count: 1001 }] },
      {
        products: [
          { id: plov.id, count: 600 },
          { id: plov.id, count: 600 },
        ],
      },
      { products: [{ id: plov.id, count: 1.5 }] },
      { products: [{ id: plov.id, count: '2' }] },
      { products: [{ id: plov.id }] },
      { products: [{ id: 'x', count: 1 }] },
      { products: [] },
      {},
      { products: 'plov' },
      { payment_type: 'card', products: [{ id: plov.id, count: 1 }] },
    ];
    for (const payload of cases) {
      const res = await order(payload);
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 422 });
      expect(res.json()).toHaveProperty('validationErrors');
    }
    expect((await order({ products: [] })).json().validationErrors.products).toEqual(['Корзина пуста: добавьте блюда']);
    expect(await countOrders()).toBe(before);
  });

  it('answers 404 for another organization’s dish, an archived dish or school, writing nothing', async () => {
    const other = (await createOrganization(t.db, { type: 'education' })).id;
    const theirs = await dish(other, (await category(other, 'Их')).id, 'Чужой плов', '1.00');
    const gone = await dish(orgId, meals.id, 'Снятое', '5.00');
    await t.db.update(dishes).set({ deletedAt: new Date() }).where(eq(dishes.id, gone.id));
    const theirSchool = (await createSchool(t.db, { organizationId: other })).id;
    const before = await countOrders();
    for (const id of [theirs.id, gone.id, 2_000_000_000]) {
      const res = await order({
        products: [
          { id: plov.id, count: 1 },
          { id, count: 1 },
        ],
      });
      expect(res.statusCode).toBe(404);
      // The missing dish is listed, so the cashbox can take it out; named only when it was ours.
      expect(res.json()).toEqual({
        error: 'Not found',
        errorMessage:
          id === gone.id ? 'Блюда «Снятое» больше нет: уберите его из корзины' : 'Блюдо не найдено: обновите кассу',
        missing: [id],
      });
    }
    const school = await order({ school_id: theirSchool, products: [{ id: plov.id, count: 1 }] }, admin);
    expect(school.statusCode).toBe(404);
    // A cashier kept to a school cannot sell at another one of the organization.
    const second = (await createSchool(t.db, { organizationId: orgId })).id;
    expect((await order({ school_id: second, products: [{ id: plov.id, count: 1 }] })).statusCode).toBe(404);
    expect(await countOrders()).toBe(before);
  });

  it('answers 403 to roles outside the cashbox', async () => {
    for (const role of ['EducationLibrarian', 'EducationSocialTeacher', 'Admin', 'Cashier'] as const) {
      const { token } = await signedIn(t.platform, { role, organizationId: orgId });
      expect((await order({ products: [{ id: plov.id, count: 1 }] }, token)).statusCode).toBe(403);
      expect(
        (await t.call({ method: 'GET', url: `/api/products/cashbox?schoolId=${schoolId}`, token })).statusCode,
      ).toBe(403);
    }
  });
});

describe('GET /api/products/cashbox', () => {
  const cashbox = async (token = cashier, query = '') =>
    (await t.call({ method: 'GET', url: `/api/products/cashbox${query}`, token })).json();

  it('offers every dish by category when no paid menu applies, and the school’s favourites', async () => {
    const box = await cashbox();
    expect(Cashbox.strict().parse(box)).toBeTruthy();
    expect(box.school_id).toBe(schoolId);
    expect(box.paid_menu).toBeNull();
    expect(
      box.menu.map((c: { name: string; products: { name: string }[] }) => [c.name, c.products.map((p) => p.name)]),
    ).toEqual([
      ['Горячее', ['Булочка', 'Плов']],
      ['Напитки', ['Чай']],
    ]);
    // Sold so far: plov 3 + 1 + 1, bun 3 + 1, tea 3 — most sold first, then by name.
    expect(box.favorites.map((d: { name: string }) => d.name)).toEqual(['Плов', 'Булочка', 'Чай']);
    expect(box.favorites[0]).toMatchObject({ cost: '450.50', output: '200 г', image: null, category_id: meals.id });
  });

  it('offers today’s day of the paid menu, today in the school’s time zone', async () => {
    const org = (await createOrganization(t.db, { type: 'education' })).id;
    await t.db.update(organizations).set({ timeZone: 'Asia/Tokyo' }).where(eq(organizations.id, org));
    const school = (await createSchool(t.db, { organizationId: org })).id;
    const token = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org })).token;
    const hot = await category(org, 'Горячее');
    const soup = await dish(org, hot.id, 'Суп', '300.00');
    const porridge = await dish(org, hot.id, 'Каша', '200.00');
    const [menu] = await t.db
      .insert(menus)
      .values({ organizationId: org, name: 'Два дня', days: 2, groups: [1, 3] })
      .returning();
    await t.db.insert(menuDishes).values([
      { menuId: menu!.id, day: 1, group: 1, dishId: porridge.id },
      { menuId: menu!.id, day: 1, group: 3, dishId: soup.id },
      { menuId: menu!.id, day: 2, group: 3, dishId: soup.id },
    ]);
    await t.db
      .insert(menuActivations)
      .values({ organizationId: org, schoolId: school, menuId: menu!.id, type: 'paid_food', date: '2026-11-24' });
    // 20:00 UTC on 24 November is 25 November in Tokyo: day 2 of the menu.
    t.clock.now = new Date('2026-11-24T20:00:00Z');
    const box = await cashbox(token, `?schoolId=${school}`);
    expect(box.paid_menu).toEqual({ id: menu!.id, name: 'Два дня', name_ru: 'Два дня', name_kk: null, day: 2 });
    expect(box.menu).toEqual([
      {
        id: hot.id,
        name: 'Горячее',
        name_ru: 'Горячее',
        name_kk: null,
        products: [expect.objectContaining({ name: 'Суп' })],
      },
    ]);
    t.clock.now = new Date('2026-11-24T10:00:00Z');
    const dayOne = await cashbox(token, `?schoolId=${school}`);
    expect(dayOne.menu[0].products.map((p: { name: string }) => p.name)).toEqual(['Каша', 'Суп']);
  });

  it('asks for a school when the user has none (422) and hides another organization’s (404)', async () => {
    const none = await t.call({ method: 'GET', url: '/api/products/cashbox', token: admin });
    expect(none.statusCode).toBe(422);
    expect(none.json().validationErrors.schoolId).toEqual(['Выберите школу']);
    const other = (await createSchool(t.db, { organizationId: (await createOrganization(t.db)).id })).id;
    expect(
      (await t.call({ method: 'GET', url: `/api/products/cashbox?schoolId=${other}`, token: admin })).statusCode,
    ).toBe(404);
  });
});

describe('GET /api/orders', () => {
  const report = (query: string, token = admin) => t.call({ method: 'GET', url: `/api/orders?${query}`, token });

  it('pages a period’s orders by 10 with totals that match the orders, by local calendar day', async () => {
    const org = (await createOrganization(t.db, { type: 'education' })).id;
    const school = (await createSchool(t.db, { organizationId: org })).id;
    const other = (await createSchool(t.db, { organizationId: org })).id;
    const token = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org })).token;
    const c = await category(org, 'Еда');
    const d = await dish(org, c.id, 'Самса', '450.50');
    const sell = async (at: string, count: number, at_school = school) => {
      t.clock.now = new Date(at);
      const res = await order({ school_id: at_school, products: [{ id: d.id, count }] }, token);
      expect(res.statusCode).toBe(200);
    };
    // 23:30 in Almaty on 30 November is inside the period; 00:10 on 1 December is not.
    await sell('2026-11-30T18:30:00Z', 3);
    await sell('2026-11-30T19:10:00Z', 1);
    await sell('2026-10-31T19:10:00Z', 1); // 1 November 00:10 local: inside
    for (let i = 0; i < 11; i++) await sell(`2026-11-10T0${i % 10}:00:00Z`, 1);
    await sell('2026-11-10T05:00:00Z', 2, other);
    t.clock.now = new Date();
    const page = await report(`date_from=2026-11-01&date_to=2026-11-30&school_id=${school}`, token);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ total: 13, amount: '6757.50', products: 15 });
    expect(page.json().rows).toHaveLength(10);
    expect(page.json().rows[0]).toMatchObject({ count: 3, amount: '1351.50' });
    const second = (
      await report(`date_from=2026-11-01&date_to=2026-11-30&school_id=${school}&offset=10`, token)
    ).json();
    expect(second.rows).toHaveLength(3);
    const all = (await report('date_from=2026-11-01&date_to=2026-11-30', token)).json();
    expect(all).toMatchObject({ total: 14, amount: '7658.50', products: 17 });

    // The download: the same orders, newest first, local times, and the same totals.
    const file = await t.call({
      method: 'GET',
      url: `/api/orders/download?date_from=2026-11-01&date_to=2026-11-30&school_id=${school}&token=${await linkToken(t.platform, token)}`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = XLSX.read(file.rawPayload, { type: 'buffer' });
    const sheet = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: true });
    expect(sheet[0]).toEqual(['№ заказа', 'Дата и время', 'Школа', 'Кассир', 'Блюда', 'Блюд', 'Сумма, тг.']);
    // The time is an Excel date in the organization's zone, shown as dd.mm.yyyy hh:mm: not text.
    const when = XLSX.read(file.rawPayload, { type: 'buffer', cellNF: true }).Sheets['Заказы']!['B2']!;
    expect({ t: when.t, shown: XLSX.SSF.format(when.z as string, when.v) }).toEqual({
      t: 'n',
      shown: '30.11.2026 23:30',
    });
    expect(sheet[1]).toEqual([
      expect.any(Number),
      expect.any(Number),
      expect.any(String),
      expect.any(String),
      'Самса × 3',
      3,
      1351.5,
    ]);
    expect(sheet).toHaveLength(1 + 13 + 2);
    expect(sheet.at(-1)?.[0]).toBe('Итого');
    expect(sheet.at(-1)?.[1]).toBe('Заказов: 13');
    expect(sheet.at(-1)?.slice(-2)).toEqual([15, 6757.5]);
  });

  it('refuses missing dates, a period backwards or over 366 days (422)', async () => {
    const cases: [string, string][] = [
      ['date_to=2026-11-30', 'date_from'],
      ['date_from=2026-11-01', 'date_to'],
      ['date_from=2026-11-30&date_to=2026-11-01', 'date_to'],
      ['date_from=2025-01-01&date_to=2026-01-02', 'date_to'],
      ['date_from=2026-13-01&date_to=2026-11-30', 'date_from'],
      ['date_from=2026-11-01&date_to=2026-11-30&limit=0', 'limit'],
    ];
    for (const [query, field] of cases) {
      const res = await report(query);
      expect({ query, status: res.statusCode }).toEqual({ query, status: 422 });
      expect(res.json().validationErrors).toHaveProperty(field);
    }
  });

  it('answers 404 for another organization’s school and 403 to the cashier and others', async () => {
    const other = (await createSchool(t.db, { organizationId: (await createOrganization(t.db)).id })).id;
    expect((await report(`date_from=2026-11-01&date_to=2026-11-30&school_id=${other}`)).statusCode).toBe(404);
    expect((await report('date_from=2026-11-01&date_to=2026-11-30', cashier)).statusCode).toBe(403);
    const url = '/api/orders/download?date_from=2026-11-01&date_to=2026-11-30';
    expect(
      (await t.call({ method: 'GET', url: `${url}&token=${await linkToken(t.platform, cashier)}` })).statusCode,
    ).toBe(403);
    expect(
      (await t.call({ method: 'GET', url: `${url}&school_id=${other}&token=${await linkToken(t.platform, admin)}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.call({
          method: 'GET',
          url: `${url.replace('11-30', '10-30')}&token=${await linkToken(t.platform, admin)}`,
        })
      ).statusCode,
    ).toBe(422);
    const { token } = await signedIn(t.platform, { role: 'EducationSocialTeacher', organizationId: orgId });
    expect((await report('date_from=2026-11-01&date_to=2026-11-30', token)).statusCode).toBe(403);
  });
});

describe('POST /api/orders/{id}/void', () => {
  const voidIt = (id: number, payload: unknown, token = admin) =>
    t.call({ method: 'POST', url: `/api/orders/${id}/void`, token, payload: payload as object });
  const place = async (token: string, products = [{ id: plov.id, count: 2 }]) => {
    const res = await order({ school_id: schoolId, products }, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Order;
  };
  const row = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  it('voids an order with its reason: listed as voided, out of the totals and the download, audited', async () => {
    const org = (await createOrganization(t.db, { type: 'education' })).id;
    const school = (await createSchool(t.db, { organizationId: org })).id;
    const boss = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org, name: 'Завуч Ерлан' }))
      .token;
    const c = await category(org, 'Еда');
    const samsa = await dish(org, c.id, 'Самса', '450.50');
    t.clock.now = new Date('2026-11-10T06:00:00Z');
    const sell = async (count: number) =>
      (await order({ school_id: school, products: [{ id: samsa.id, count }] }, boss)).json() as Order;
    const kept = await sell(1);
    const wrong = await sell(3);
    t.clock.now = new Date('2026-11-20T06:00:00Z');
    // The admin voids at any time, days after the sale.
    const res = await voidIt(wrong.id, { reason: '  Пробили дважды  ' }, boss);
    expect(res.statusCode, res.body).toBe(200);
    expect(Order.strict().parse(res.json())).toBeTruthy();
    expect(res.json()).toMatchObject({
      id: wrong.id,
      amount: '1351.50',
      voided: { at: '2026-11-20T06:00:00.000Z', by: 'Завуч Ерлан', reason: 'Пробили дважды' },
    });
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(wrong.id)));
    expect(trail.map((a) => a.action)).toEqual(['order_create', 'order_void']);
    expect(trail[1]!.after).toEqual({ reason: 'Пробили дважды' });

    const report = (
      await t.call({
        method: 'GET',
        url: `/api/orders?date_from=2026-11-01&date_to=2026-11-30&school_id=${school}`,
        token: boss,
      })
    ).json();
    expect(report).toMatchObject({ total: 2, voided: 1, amount: '450.50', products: 1 });
    expect(report.rows.map((o: Order) => [o.id, o.voided?.reason ?? null])).toEqual([
      [wrong.id, 'Пробили дважды'],
      [kept.id, null],
    ]);
    const file = await t.call({
      method: 'GET',
      url: `/api/orders/download?date_from=2026-11-01&date_to=2026-11-30&school_id=${school}&token=${await linkToken(t.platform, boss)}`,
    });
    const book = XLSX.read(file.rawPayload, { type: 'buffer' });
    const sheet = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: true });
    expect(sheet).toHaveLength(1 + 1 + 2);
    expect(sheet[1]?.[0]).toBe(kept.id);
    expect(sheet.at(-1)).toEqual(['Итого', 'Заказов: 1', '', '', '', 1, 450.5]);

    // Twice: refused, nothing changes.
    const again = await voidIt(wrong.id, { reason: 'Ещё раз' }, boss);
    expect(again.statusCode).toBe(409);
    expect(again.json().errorMessage).toBe(ORDER_MESSAGES.alreadyVoided(wrong.id));
    expect((await row(wrong.id)).voidReason).toBe('Пробили дважды');
  });

  it('refuses an empty or too long reason and a bad id (422), changing nothing', async () => {
    const sold = await place(admin);
    for (const payload of [{}, { reason: '' }, { reason: '   ' }, { reason: 5 }, { reason: 'я'.repeat(301) }]) {
      const res = await voidIt(sold.id, payload);
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 422 });
      expect(res.json().validationErrors).toHaveProperty('reason');
    }
    expect((await voidIt(sold.id, {})).json().validationErrors.reason).toEqual([ORDER_MESSAGES.voidReason]);
    expect(
      (await t.call({ method: 'POST', url: '/api/orders/abc/void', token: admin, payload: { reason: 'x' } }))
        .statusCode,
    ).toBe(422);
    expect((await row(sold.id)).voidedAt).toBeNull();
  });

  it('lets a cashier void their own order on the day of the sale only', async () => {
    t.clock.now = new Date('2026-11-24T04:00:00Z'); // 09:00 in Almaty
    const mine = await place(cashier);
    const theirs = await place(admin);
    const other = (
      await signedIn(t.platform, { role: 'EducationCashier', organizationId: orgId, schoolId, name: 'Касса 2' })
    ).token;
    const notMine = await voidIt(mine.id, { reason: 'Ошибка' }, other);
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().errorMessage).toBe(ORDER_MESSAGES.cashierOthers);
    expect((await voidIt(theirs.id, { reason: 'Ошибка' }, cashier)).statusCode).toBe(403);
    // The next local day (00:10 on the 25th in Almaty): too late for the cashier.
    const late = await place(cashier);
    t.clock.now = new Date('2026-11-24T19:10:00Z');
    const tooLate = await voidIt(late.id, { reason: 'Ошибка' }, cashier);
    expect(tooLate.statusCode).toBe(403);
    expect(tooLate.json().errorMessage).toBe(ORDER_MESSAGES.cashierOtherDay);
    expect((await row(late.id)).voidedAt).toBeNull();
    t.clock.now = new Date('2026-11-24T18:50:00Z'); // 23:50 the same day
    const res = await voidIt(mine.id, { reason: 'Вернул деньги' }, cashier);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().voided).toMatchObject({ by: 'Касса Айгуль', reason: 'Вернул деньги' });
  });

  it('hides another organization’s and another school’s order (404) and refuses other roles (403)', async () => {
    const sold = await place(admin);
    const stranger = (
      await signedIn(t.platform, {
        role: 'EducationAdmin',
        organizationId: (await createOrganization(t.db, { type: 'education' })).id,
      })
    ).token;
    expect((await voidIt(sold.id, { reason: 'x' }, stranger)).statusCode).toBe(404);
    const second = (await createSchool(t.db, { organizationId: orgId })).id;
    const locked = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId, schoolId: second }))
      .token;
    expect((await voidIt(sold.id, { reason: 'x' }, locked)).statusCode).toBe(404);
    expect((await voidIt(999_999, { reason: 'x' })).statusCode).toBe(404);
    for (const role of ['EducationLibrarian', 'EducationSocialTeacher', 'Admin', 'Cashier'] as const) {
      const { token } = await signedIn(t.platform, { role, organizationId: orgId });
      expect((await voidIt(sold.id, { reason: 'x' }, token)).statusCode).toBe(403);
    }
    expect((await row(sold.id)).voidedAt).toBeNull();
  });

  it('leaves a voided order out of the cashbox’s favourites', async () => {
    const org = (await createOrganization(t.db, { type: 'education' })).id;
    const school = (await createSchool(t.db, { organizationId: org })).id;
    const boss = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org })).token;
    const c = await category(org, 'Еда');
    const kefir = await dish(org, c.id, 'Кефир', '100.00');
    const res = await order({ school_id: school, products: [{ id: kefir.id, count: 1 }] }, boss);
    const box = () =>
      t.call({ method: 'GET', url: `/api/products/cashbox?schoolId=${school}`, token: boss }).then((r) => r.json());
    expect((await box()).favorites.map((d: { name: string }) => d.name)).toEqual(['Кефир']);
    expect((await voidIt(res.json().id, { reason: 'Ошибка' }, boss)).statusCode).toBe(200);
    expect((await box()).favorites).toEqual([]);
  });
});

describe('GET /api/orders/day', () => {
  const day = (query: string, token: string) => t.call({ method: 'GET', url: `/api/orders/day?${query}`, token });

  it('lists a cashier’s day with its voids and the cash expected; the admin sees each cashier’s share', async () => {
    const org = (await createOrganization(t.db, { type: 'education' })).id;
    const school = (await createSchool(t.db, { organizationId: org, name: 'Школа дня' })).id;
    const boss = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org })).token;
    const aigul = await signedIn(t.platform, {
      role: 'EducationCashier',
      organizationId: org,
      schoolId: school,
      name: 'Айгуль',
    });
    const bolat = await signedIn(t.platform, {
      role: 'EducationCashier',
      organizationId: org,
      schoolId: school,
      name: 'Болат',
    });
    const c = await category(org, 'Еда');
    const samsa = await dish(org, c.id, 'Самса', '450.50');
    const sell = async (at: string, count: number, token: string) => {
      t.clock.now = new Date(at);
      const res = await order({ school_id: school, products: [{ id: samsa.id, count }], cash_received: 5000 }, token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Order;
    };
    // 14 November in Almaty (UTC+5): 23:50 on the 13th local is the day before, 00:10 on the 15th after.
    await sell('2026-11-13T18:50:00Z', 1, aigul.token);
    const first = await sell('2026-11-14T03:00:00Z', 2, aigul.token);
    const wrong = await sell('2026-11-14T04:00:00Z', 3, aigul.token);
    const last = await sell('2026-11-14T18:50:00Z', 1, aigul.token);
    await sell('2026-11-14T19:10:00Z', 1, aigul.token);
    await sell('2026-11-14T05:00:00Z', 4, bolat.token);
    t.clock.now = new Date('2026-11-14T06:00:00Z');
    expect(
      (
        await t.call({
          method: 'POST',
          url: `/api/orders/${wrong.id}/void`,
          token: aigul.token,
          payload: { reason: 'Ошибка' },
        })
      ).statusCode,
    ).toBe(200);

    // The cashier: their own orders of today, oldest first, the voided one too, and the cash expected.
    const own = await day('', aigul.token);
    expect(own.statusCode, own.body).toBe(200);
    const body = own.json();
    expect(body).toMatchObject({
      date: '2026-11-14',
      school: { id: school, name: 'Школа дня' },
      cashier: { id: aigul.user.id, name: 'Айгуль' },
      totals: { orders: 2, amount: '1351.50', voided: 1, voided_amount: '1351.50', products: 3 },
    });
    expect(body.orders.map((o: Order) => o.id)).toEqual([first.id, wrong.id, last.id]);
    expect(body.orders[1].voided).toMatchObject({ reason: 'Ошибка', by: 'Айгуль' });
    expect(body.orders[0]).toMatchObject({ cash_received: '5000.00', change: '4099.00' });
    expect(body.cashiers).toEqual([{ id: aigul.user.id, name: 'Айгуль', orders: 2, amount: '1351.50', voided: 1 }]);
    // Another day of their own, named.
    expect((await day('date=2026-11-13', aigul.token)).json().totals).toMatchObject({ orders: 1, amount: '450.50' });

    // The admin: every cashier of the school that day, or one of them.
    const all = (await day(`date=2026-11-14&school_id=${school}`, boss)).json();
    expect(all).toMatchObject({ cashier: null, totals: { orders: 3, amount: '3153.50', voided: 1 } });
    expect(all.cashiers).toEqual([
      { id: aigul.user.id, name: 'Айгуль', orders: 2, amount: '1351.50', voided: 1 },
      { id: bolat.user.id, name: 'Болат', orders: 1, amount: '1802.00', voided: 0 },
    ]);
    const one = (await day(`date=2026-11-14&school_id=${school}&user_id=${bolat.user.id}`, boss)).json();
    expect(one).toMatchObject({ cashier: { name: 'Болат' }, totals: { orders: 1, amount: '1802.00' } });
    expect(one.orders).toHaveLength(1);
  });

  it('refuses a bad date (422), another cashier’s day to a cashier (403), and hides other organizations (404)', async () => {
    expect((await day('date=2026-02-30', cashier)).statusCode).toBe(422);
    expect((await day('date=yesterday', cashier)).json().validationErrors.date).toEqual([ORDER_MESSAGES.badDate]);
    const other = await signedIn(t.platform, { role: 'EducationCashier', organizationId: orgId, schoolId });
    const refused = await day(`user_id=${other.user.id}`, cashier);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorMessage).toBe(ORDER_MESSAGES.cashierOwnDay);
    const foreignOrg = (await createOrganization(t.db, { type: 'education' })).id;
    const foreignSchool = (await createSchool(t.db, { organizationId: foreignOrg })).id;
    const foreignCashier = await signedIn(t.platform, { role: 'EducationCashier', organizationId: foreignOrg });
    expect((await day(`school_id=${foreignSchool}`, admin)).statusCode).toBe(404);
    expect((await day(`user_id=${foreignCashier.user.id}`, admin)).statusCode).toBe(404);
    // A cashier of one school asks for another's: not theirs to see.
    const second = (await createSchool(t.db, { organizationId: orgId })).id;
    expect((await day(`school_id=${second}`, cashier)).statusCode).toBe(404);
    for (const role of ['EducationSocialTeacher', 'EducationLibrarian'] as const) {
      const { token } = await signedIn(t.platform, { role, organizationId: orgId });
      expect((await day('', token)).statusCode, role).toBe(403);
    }
  });
});

describe('GET /api/orders/dishes', () => {
  it('sums each dish over the period, voided orders out, most sold first, and downloads the same', async () => {
    const org = (await createOrganization(t.db, { type: 'education' })).id;
    const school = (await createSchool(t.db, { organizationId: org, name: 'Школа блюд' })).id;
    const other = (await createSchool(t.db, { organizationId: org })).id;
    const token = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org })).token;
    const hot = await category(org, 'Горячее');
    const cold = await category(org, 'Напитки');
    const soup = await dish(org, hot.id, 'Суп', '300.50');
    const juice = await dish(org, cold.id, 'Сок', '150.00');
    const sell = async (at: string, products: { id: number; count: number }[], where = school) => {
      t.clock.now = new Date(at);
      const res = await order({ school_id: where, products }, token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Order;
    };
    await sell('2026-11-03T05:00:00Z', [
      { id: soup.id, count: 2 },
      { id: juice.id, count: 1 },
    ]);
    await sell('2026-11-04T05:00:00Z', [{ id: juice.id, count: 4 }]);
    const voided = await sell('2026-11-05T05:00:00Z', [{ id: soup.id, count: 10 }]);
    await sell('2026-11-05T05:00:00Z', [{ id: soup.id, count: 7 }], other);
    await sell('2026-12-01T05:00:00Z', [{ id: soup.id, count: 9 }]); // after the period
    // Sold at 300.50; the price now is another, and the dish is renamed: the sum is what was sold.
    await t.db.update(dishes).set({ cost: '999.00', name: 'Суп дня' }).where(eq(dishes.id, soup.id));
    t.clock.now = new Date('2026-11-06T05:00:00Z');
    const voiding = await t.call({
      method: 'POST',
      url: `/api/orders/${voided.id}/void`,
      token,
      payload: { reason: 'Ошибка' },
    });
    expect(voiding.statusCode).toBe(200);

    const res = await t.call({
      method: 'GET',
      url: `/api/orders/dishes?date_from=2026-11-01&date_to=2026-11-30&school_id=${school}`,
      token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      rows: [
        {
          id: juice.id,
          name: 'Сок',
          name_ru: 'Сок',
          name_kk: null,
          category: { name: 'Напитки', name_ru: 'Напитки', name_kk: null },
          count: 5,
          orders: 2,
          amount: '750.00',
        },
        {
          id: soup.id,
          name: 'Суп дня',
          name_ru: 'Суп дня',
          name_kk: null,
          category: { name: 'Горячее', name_ru: 'Горячее', name_kk: null },
          count: 2,
          orders: 1,
          amount: '601.00',
        },
      ],
      count: 7,
      amount: '1351.00',
    });
    // Every school of the organization: the other school's soup too.
    const all = (
      await t.call({ method: 'GET', url: '/api/orders/dishes?date_from=2026-11-01&date_to=2026-11-30', token })
    ).json();
    expect(all.rows[0]).toMatchObject({ name: 'Суп дня', count: 9, amount: '2704.50' });

    const file = await t.call({
      method: 'GET',
      url: `/api/orders/dishes/download?date_from=2026-11-01&date_to=2026-11-30&school_id=${school}&token=${await linkToken(t.platform, token)}`,
    });
    expect(file.statusCode).toBe(200);
    expect(decodeURIComponent(String(file.headers['content-disposition']))).toContain(
      'Продажи по блюдам Школа блюд 01.11.2026–30.11.2026.xlsx',
    );
    const sheet = XLSX.read(file.rawPayload).Sheets['Продажи по блюдам']!;
    const cells = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, blankrows: false });
    expect(cells).toEqual([
      ['Блюдо', 'Категория', 'Продано, порций', 'Заказов', 'Сумма, тг.'],
      ['Сок', 'Напитки', 5, 2, 750],
      ['Суп дня', 'Горячее', 2, 1, 601],
      ['Итого: блюд 2', '', 7, '', 1351],
    ]);

    // A Kazakh reader's workbooks name the school, the dishes and their categories in Kazakh where
    // given; an order's lines keep the names they were sold under.
    await t.db.update(schools).set({ nameKk: 'Тағам мектебі' }).where(eq(schools.id, school));
    await t.db.update(dishes).set({ nameKk: 'Шырын' }).where(eq(dishes.id, juice.id));
    await t.db.update(dishCategories).set({ nameKk: 'Сусындар' }).where(eq(dishCategories.id, cold.id));
    await t.db.update(orderItems).set({ nameKk: 'Шырын' }).where(eq(orderItems.dishId, juice.id));
    const kk = await t.call({
      method: 'GET',
      url: `/api/orders/dishes/download?date_from=2026-11-01&date_to=2026-11-30&school_id=${school}&lang=kk&token=${await linkToken(t.platform, token)}`,
    });
    expect(decodeURIComponent(String(kk.headers['content-disposition']))).toContain('Тағам мектебі');
    const kkBook = XLSX.read(kk.rawPayload);
    const kkCells = XLSX.utils.sheet_to_json<unknown[]>(kkBook.Sheets[kkBook.SheetNames[0]!]!, {
      header: 1,
      blankrows: false,
    });
    expect(kkCells.slice(1, 3).map((r) => r.slice(0, 2))).toEqual([
      ['Шырын', 'Сусындар'],
      ['Суп дня', 'Горячее'],
    ]);
    const orders = await t.call({
      method: 'GET',
      url: `/api/orders/download?date_from=2026-11-01&date_to=2026-11-30&school_id=${school}&lang=kk&token=${await linkToken(t.platform, token)}`,
    });
    const ordersBook = XLSX.read(orders.rawPayload);
    const text = JSON.stringify(XLSX.utils.sheet_to_json(ordersBook.Sheets[ordersBook.SheetNames[0]!]!, { header: 1 }));
    expect(text).toContain('Шырын × 4');
    expect(text).toContain('Тағам мектебі');
    expect(text).not.toContain('Сок ×');
  });

  it('refuses a bad period (422), another organization’s school (404) and roles outside the report (403)', async () => {
    const url = '/api/orders/dishes?date_from=2026-11-30&date_to=2026-11-01';
    expect((await t.call({ method: 'GET', url, token: admin })).json().validationErrors.date_to).toEqual([
      ORDER_MESSAGES.dateOrder,
    ]);
    const foreign = (await createSchool(t.db, { organizationId: (await createOrganization(t.db)).id })).id;
    const ok = '/api/orders/dishes?date_from=2026-11-01&date_to=2026-11-30';
    expect((await t.call({ method: 'GET', url: `${ok}&school_id=${foreign}`, token: admin })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: ok, token: cashier })).statusCode).toBe(403);
    expect(
      (
        await t.call({
          method: 'GET',
          url: `/api/orders/dishes/download?date_from=2026-11-01&date_to=2026-11-30&token=${await linkToken(t.platform, cashier)}`,
        })
      ).statusCode,
    ).toBe(403);
  });
});
