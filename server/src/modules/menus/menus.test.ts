import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, signedIn } from '../../../test/factories.ts';
import { auditLog } from '../../platform/db/schema.ts';
import { dishCategories, dishes, menuActivations, menuDishes, menus } from '../../platform/db/schema-food.ts';

/** docs/product.md "Menus": cyclic menus, their days and meal modes, and the dishes of each. */
let t: TestContext;
let orgId: number;
let admin: string;
let soup: { id: number };
let plov: { id: number };

beforeAll(async () => {
  t = await createTestContext();
  orgId = (await createOrganization(t.db, { type: 'education' })).id;
  admin = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId })).token;
  soup = await dish(orgId, 'Борщ');
  plov = await dish(orgId, 'Плов');
});
afterAll(() => t.close());

async function dish(organizationId: number, name: string) {
  const [c] = await t.db
    .insert(dishCategories)
    .values({ organizationId, name: `Категория «${name}»` })
    .returning();
  const [d] = await t.db
    .insert(dishes)
    .values({ organizationId, categoryId: c!.id, name, cost: '450.50', output: '250 г' })
    .returning();
  return d!;
}
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
  t.call({ method, url, token, ...(payload ? { payload } : {}) });
const newMenu = async (body: object = { name: 'Осень', days: 10, groups: '1,3' }) =>
  (await call('POST', '/api/menu', body)).json() as { id: number };

describe('/api/menu and /api/menus', () => {
  it('creates a menu (answering its id), lists it, reads it with its dishes, and audits', async () => {
    const res = await call('POST', '/api/menu', { name: ' Осень ', days: '10', groups: '3,1,3' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: expect.any(Number), name: 'Осень', days: 10, groups: '1,3', products: [] });
    const id = res.json().id;
    const list = await call('GET', `/api/menus?query=${encodeURIComponent('осен')}`);
    expect(list.json().rows).toContainEqual(
      expect.objectContaining({ id, name: 'Осень', days: 10, groups: '1,3', activations: 0 }),
    );
    await call('POST', '/api/menu/product', { menu_id: id, day: 2, group: 3, product_ids: [plov.id, soup.id] });
    await call('POST', '/api/menu/product', { menu_id: id, day: 1, group: 1, product_id: soup.id });
    const read = await call('GET', `/api/menu/${id}`);
    expect(
      read
        .json()
        .products.map((p: { day: number; group: number; product: { name: string } }) => [
          p.day,
          p.group,
          p.product.name,
        ]),
    ).toEqual([
      [1, 1, 'Борщ'],
      [2, 3, 'Борщ'],
      [2, 3, 'Плов'],
    ]);
    expect(read.json().products[0].product).toMatchObject({ cost: '450.50', output: '250 г', image: null });
    const trail = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'menu'), eq(auditLog.entityId, String(id))));
    expect(trail.map((r) => r.action).sort()).toEqual(['menu_create', 'menu_dishes_add', 'menu_dishes_add']);
  });

  it('refuses days 0 or over 366, meal modes outside 1–14 or none, and an empty name (422), writing nothing', async () => {
    const before = (await t.db.select().from(menus)).length;
    const cases: [object, string][] = [
      [{ name: 'М', days: 0, groups: '1' }, 'days'],
      [{ name: 'М', days: 367, groups: '1' }, 'days'],
      [{ name: 'М', days: 2.5, groups: '1' }, 'days'],
      [{ name: 'М', days: 'abc', groups: '1' }, 'days'],
      [{ name: 'М', days: 5, groups: '0,3' }, 'groups'],
      [{ name: 'М', days: 5, groups: '15' }, 'groups'],
      [{ name: 'М', days: 5, groups: '' }, 'groups'],
      [{ name: 'М', days: 5, groups: [1, 'x'] }, 'groups'],
      [{ name: ' ', days: 5, groups: '1' }, 'name'],
      [{ name: 'М', days: 5, groups: '1', season: 'spring' }, 'season'],
      [{ name: 'М', days: 5, groups: '1', season: 3 }, 'season'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', '/api/menu', payload);
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 422 });
      expect(res.json().validationErrors).toHaveProperty(field);
    }
    expect((await t.db.select().from(menus)).length).toBe(before);
  });

  it('refuses a day beyond the menu, a meal mode it lacks (422) and another organization’s dish (404)', async () => {
    const { id } = await newMenu({ name: 'Короткое', days: 5, groups: [1, 3] });
    const day = await call('POST', '/api/menu/product', { menu_id: id, day: 6, group: 1, product_id: soup.id });
    expect(day.statusCode).toBe(422);
    expect(day.json().validationErrors.day).toEqual(['Такого дня нет в меню']);
    const group = await call('POST', '/api/menu/product', { menu_id: id, day: 1, group: 2, product_id: soup.id });
    expect(group.json().validationErrors.group).toEqual(['Этого режима питания нет в меню']);
    const out = await call('POST', '/api/menu/product', { menu_id: id, day: 1, group: 15, product_id: soup.id });
    expect(out.json().validationErrors).toHaveProperty('group');
    const none = await call('POST', '/api/menu/product', { menu_id: id, day: 1, group: 1 });
    expect(none.json().validationErrors).toHaveProperty('product_ids');
    const other = await createOrganization(t.db, { type: 'education' });
    const theirs = await dish(other.id, 'Чужое');
    const foreign = await call('POST', '/api/menu/product', {
      menu_id: id,
      day: 1,
      group: 1,
      product_ids: [soup.id, theirs.id],
    });
    expect(foreign.statusCode).toBe(404);
    expect(await t.db.select().from(menuDishes).where(eq(menuDishes.menuId, id))).toEqual([]);
  });

  it('removes a dish from a day, and drops the dishes of days and modes an edit takes away', async () => {
    const { id } = await newMenu({ name: 'Неделя', days: 7, groups: '1,3,5' });
    await call('POST', '/api/menu/product', { menu_id: id, day: 1, group: 1, product_ids: [soup.id, plov.id] });
    await call('POST', '/api/menu/product', { menu_id: id, day: 7, group: 3, product_id: soup.id });
    await call('POST', '/api/menu/product', { menu_id: id, day: 2, group: 5, product_id: plov.id });
    const removed = await call('PUT', '/api/menu/product', { menu_id: id, day: 1, group: 1, product_id: soup.id });
    expect(removed.json().products.map((p: { product_id: number }) => p.product_id)).toEqual([
      plov.id,
      plov.id,
      soup.id,
    ]);
    const edited = await call('PUT', '/api/menu', { id, name: 'Пятидневка', days: 5, groups: '1,3' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Пятидневка', days: 5, groups: '1,3' });
    expect(edited.json().products.map((p: { day: number; group: number }) => [p.day, p.group])).toEqual([[1, 1]]);
  });

  it('keeps a season (summer–autumn, winter–spring or none) through an edit that leaves it out, and copies it', async () => {
    const made = await call('POST', '/api/menu', { name: 'Зима', days: 20, groups: '3', season: 'winter_spring' });
    expect(made.json()).toMatchObject({ season: 'winter_spring', days: 20 });
    const { id } = made.json();
    const kept = await call('PUT', '/api/menu', { id, name: 'Зима–весна', days: 20, groups: '3' });
    expect(kept.json()).toMatchObject({ name: 'Зима–весна', season: 'winter_spring' });
    const copy = await call('POST', `/api/menu/${id}/copy`, { name: 'Зима, копия' });
    expect(copy.json().season).toBe('winter_spring');
    const cleared = await call('PUT', '/api/menu', { id, name: 'Круглый год', days: 20, groups: '3', season: null });
    expect(cleared.json().season).toBeNull();
    expect((await call('GET', `/api/menu/${id}`)).json().season).toBeNull();
    expect((await call('POST', '/api/menu', { name: 'Без', days: 10, groups: '3' })).json().season).toBeNull();
  });

  it('refuses to delete a menu in use, archives one that is not', async () => {
    const used = await newMenu({ name: 'Активное', days: 10, groups: '3' });
    const school = await createSchool(t.db, { organizationId: orgId });
    await t.db
      .insert(menuActivations)
      .values({ organizationId: orgId, schoolId: school.id, menuId: used.id, type: 'paid_food', date: '2026-11-01' });
    const refused = await call('DELETE', `/api/menu/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorMessage).toBe('Нельзя удалить меню, которое используется');
    const free = await newMenu({ name: 'Лишнее', days: 3, groups: '1' });
    expect((await call('DELETE', `/api/menu/${free.id}`)).json()).toEqual({ success: true });
    expect((await call('GET', `/api/menu/${free.id}`)).statusCode).toBe(404);
  });

  it('takes an archived dish off every menu', async () => {
    const { id } = await newMenu({ name: 'С компотом', days: 2, groups: '11' });
    const compote = await dish(orgId, 'Компот');
    await call('POST', '/api/menu/product', { menu_id: id, day: 1, group: 11, product_id: compote.id });
    expect((await call('DELETE', `/api/product/${compote.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/menu/${id}`)).json().products).toEqual([]);
  });

  it('answers 404 for another organization’s menu and 403 to other roles', async () => {
    const other = await createOrganization(t.db, { type: 'education' });
    const them = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: other.id })).token;
    const theirs = (await call('POST', '/api/menu', { name: 'Их', days: 3, groups: '1' }, them)).json();
    expect((await call('GET', `/api/menu/${theirs.id}`)).statusCode).toBe(404);
    expect((await call('PUT', '/api/menu', { id: theirs.id, name: 'Моё', days: 3, groups: '1' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/menu/${theirs.id}`)).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/menu/product', { menu_id: theirs.id, day: 1, group: 1, product_id: soup.id }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/menus')).json().rows.map((m: { id: number }) => m.id)).not.toContain(theirs.id);
    const [still] = await t.db.select().from(menus).where(eq(menus.id, theirs.id));
    expect(still).toMatchObject({ name: 'Их', deletedAt: null });
    for (const role of ['EducationCashier', 'EducationLibrarian', 'Admin'] as const) {
      const { token } = await signedIn(t.platform, { role, organizationId: orgId });
      expect((await call('GET', '/api/menus', undefined, token)).statusCode).toBe(403);
      expect((await call('POST', '/api/menu', { name: 'X', days: 1, groups: '1' }, token)).statusCode).toBe(403);
    }
  });
});

describe('the order of a meal’s dishes', () => {
  const order = (body: object, token = admin) => call('PUT', '/api/menu/product/order', body, token);
  const mealOf = (menu: { products: { day: number; group: number; product_id: number }[] }, day = 1, group = 3) =>
    menu.products.filter((p) => p.day === day && p.group === group).map((p) => p.product_id);

  it('serves the dishes in the order set (soup before the main course), a dish added later last, and copies keep it', async () => {
    const id = (await newMenu({ name: 'Порядок', days: 2, groups: '3' })).id;
    const salad = await dish(orgId, 'Салат');
    await call('POST', '/api/menu/product', {
      menu_id: id,
      day: 1,
      group: 3,
      product_ids: [plov.id, soup.id, salad.id],
    });
    // By name until an order is set: Борщ, Плов, Салат; then as served: the salad, the soup, the main course.
    expect(mealOf((await call('GET', `/api/menu/${id}`)).json())).toEqual([soup.id, plov.id, salad.id]);
    const res = await order({ menu_id: id, day: 1, group: 3, product_ids: [salad.id, soup.id, plov.id] });
    expect(res.statusCode).toBe(200);
    expect(mealOf(res.json())).toEqual([salad.id, soup.id, plov.id]);
    const bread = await dish(orgId, 'Азу');
    await call('POST', '/api/menu/product', { menu_id: id, day: 1, group: 3, product_id: bread.id });
    expect(mealOf((await call('GET', `/api/menu/${id}`)).json())).toEqual([salad.id, soup.id, plov.id, bread.id]);
    await call('POST', `/api/menu/${id}/days/copy`, { from: 1, to: [2] });
    expect(mealOf((await call('GET', `/api/menu/${id}`)).json(), 2)).toEqual([salad.id, soup.id, plov.id, bread.id]);
    const copy = (await call('POST', `/api/menu/${id}/copy`, { name: 'Порядок 2' })).json();
    expect(mealOf((await call('GET', `/api/menu/${copy.id}`)).json())).toEqual([salad.id, soup.id, plov.id, bread.id]);
  });

  it('refuses an order that leaves out, repeats or adds a dish (422), another organization’s menu (404), other roles (403)', async () => {
    const id = (await newMenu({ name: 'Порядок 3', days: 1, groups: '3' })).id;
    await call('POST', '/api/menu/product', { menu_id: id, day: 1, group: 3, product_ids: [plov.id, soup.id] });
    const before = (await call('GET', `/api/menu/${id}`)).json();
    for (const ids of [[soup.id], [soup.id, soup.id], [soup.id, plov.id, 999_999], []]) {
      const res = await order({ menu_id: id, day: 1, group: 3, product_ids: ids });
      expect(res.statusCode, JSON.stringify(ids)).toBe(422);
      expect(res.json().validationErrors.product_ids, JSON.stringify(ids)).toEqual([
        'Порядок должен назвать каждое блюдо этого дня и режима один раз',
      ]);
    }
    expect((await order({ menu_id: id, day: 2, group: 3, product_ids: [soup.id, plov.id] })).statusCode).toBe(422);
    expect((await call('GET', `/api/menu/${id}`)).json()).toEqual(before);
    const other = await createOrganization(t.db, { type: 'education' });
    const them = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: other.id })).token;
    expect((await order({ menu_id: id, day: 1, group: 3, product_ids: [soup.id, plov.id] }, them)).statusCode).toBe(
      404,
    );
    const { token } = await signedIn(t.platform, { role: 'EducationCashier', organizationId: orgId });
    expect((await order({ menu_id: id, day: 1, group: 3, product_ids: [soup.id, plov.id] }, token)).statusCode).toBe(
      403,
    );
  });
});

describe('a menu’s names in Kazakh and Russian', () => {
  it('takes either first, keeps the Kazakh one through a change and a copy that leave it out, and finds by both', async () => {
    const made = await call('POST', '/api/menu', { name_kk: `Күз ${orgId}`, days: 5, groups: '3' });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ name: `Күз ${orgId}`, name_ru: null, name_kk: `Күз ${orgId}` });
    const id = made.json().id as number;
    const named = await call('PUT', '/api/menu', { id, name: `Осень ${orgId}`, days: 5, groups: '3' });
    expect(named.json()).toMatchObject({ name: `Осень ${orgId}`, name_ru: `Осень ${orgId}`, name_kk: `Күз ${orgId}` });
    const copy = await call('POST', `/api/menu/${id}/copy`, { name: `Осень ${orgId} (копия)` });
    expect(copy.json()).toMatchObject({ name_ru: `Осень ${orgId} (копия)`, name_kk: `Күз ${orgId}` });
    const found = await call('GET', `/api/menus?query=${encodeURIComponent(`күз ${orgId}`)}`);
    expect(found.json().rows.map((m: { id: number }) => m.id)).toContain(id);
    const none = await call('POST', '/api/menu', { days: 0, groups: '3' });
    expect(none.json().validationErrors).toMatchObject({ name: ['Обязательное поле'] });
  });
});

describe('copying menus and days', () => {
  const cells = (menu: { products: { day: number; group: number; product: { name: string } }[] }) =>
    menu.products.map((p) => `${p.day}/${p.group} ${p.product.name}`);

  it('copies a menu under a new name with its days, meal modes and dishes, leaving the first as it was', async () => {
    const { id } = await newMenu({ name: 'Осень-копия', days: 5, groups: '1,3' });
    await call('POST', '/api/menu/product', { menu_id: id, day: 1, group: 1, product_ids: [soup.id] });
    await call('POST', '/api/menu/product', { menu_id: id, day: 5, group: 3, product_ids: [plov.id, soup.id] });
    const res = await call('POST', `/api/menu/${id}/copy`, { name: ' Весна ' });
    expect(res.statusCode, res.body).toBe(200);
    const copy = res.json();
    expect(copy).toMatchObject({ name: 'Весна', days: 5, groups: '1,3', activations: 0 });
    expect(copy.id).not.toBe(id);
    expect(cells(copy)).toEqual(['1/1 Борщ', '5/3 Борщ', '5/3 Плов']);
    // Changing the copy leaves the first menu alone.
    await call('PUT', '/api/menu/product', { menu_id: copy.id, day: 1, group: 1, product_id: soup.id });
    expect(cells((await call('GET', `/api/menu/${id}`)).json())).toEqual(['1/1 Борщ', '5/3 Борщ', '5/3 Плов']);
    const [trail] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'menu_copy'), eq(auditLog.entityId, String(copy.id))));
    expect(trail?.after).toMatchObject({ from_menu_id: id, name: 'Весна' });
    // No name: refused, nothing created.
    const before = (await t.db.select().from(menus)).length;
    const unnamed = await call('POST', `/api/menu/${id}/copy`, { name: '  ' });
    expect(unnamed.statusCode).toBe(422);
    expect(unnamed.json().validationErrors.name).toBeDefined();
    expect((await t.db.select().from(menus)).length).toBe(before);
  });

  it('copies a day onto other days, added beside their dishes or replacing them', async () => {
    const { id } = await newMenu({ name: 'Цикл', days: 4, groups: '1,3' });
    await call('POST', '/api/menu/product', { menu_id: id, day: 1, group: 1, product_ids: [soup.id] });
    await call('POST', '/api/menu/product', { menu_id: id, day: 1, group: 3, product_ids: [plov.id] });
    await call('POST', '/api/menu/product', { menu_id: id, day: 3, group: 3, product_ids: [soup.id] });
    const added = await call('POST', `/api/menu/${id}/days/copy`, { from: 1, to: [2, 3] });
    expect(added.statusCode, added.body).toBe(200);
    expect(cells(added.json())).toEqual([
      '1/1 Борщ',
      '1/3 Плов',
      '2/1 Борщ',
      '2/3 Плов',
      '3/1 Борщ',
      '3/3 Борщ',
      '3/3 Плов',
    ]);
    const replaced = await call('POST', `/api/menu/${id}/days/copy`, { from: 2, to: [3, 4], replace: true });
    expect(cells(replaced.json())).toEqual([
      '1/1 Борщ',
      '1/3 Плов',
      '2/1 Борщ',
      '2/3 Плов',
      '3/1 Борщ',
      '3/3 Плов',
      '4/1 Борщ',
      '4/3 Плов',
    ]);
  });

  it('refuses days outside the menu, the day onto itself, an empty day (422) and another organization’s menu (404)', async () => {
    const { id } = await newMenu({ name: 'Короткое', days: 3, groups: '3' });
    await call('POST', '/api/menu/product', { menu_id: id, day: 2, group: 3, product_ids: [plov.id] });
    const errors = async (body: object) =>
      (await call('POST', `/api/menu/${id}/days/copy`, body)).json().validationErrors;
    expect(await errors({ from: 2, to: [4] })).toEqual({ to: ['Такого дня нет в меню'] });
    expect(await errors({ from: 0, to: [1] })).toEqual({ from: ['Такого дня нет в меню'] });
    expect(await errors({ from: 2, to: [] })).toEqual({ to: ['Выберите дни, куда копировать'] });
    expect(await errors({ from: 2, to: [2, 3] })).toEqual({ to: ['День нельзя скопировать в самого себя'] });
    expect(await errors({ from: 2, to: [3], replace: 'yes' })).toHaveProperty('replace');
    // An empty day replacing another would only empty it: refused, the other day kept.
    await call('POST', '/api/menu/product', { menu_id: id, day: 3, group: 3, product_ids: [soup.id] });
    expect(await errors({ from: 1, to: [3], replace: true })).toEqual({
      from: ['В этом дне нет блюд: копировать нечего'],
    });
    expect(cells((await call('GET', `/api/menu/${id}`)).json())).toEqual(['2/3 Плов', '3/3 Борщ']);

    const foreignOrg = (await createOrganization(t.db, { type: 'education' })).id;
    const foreign = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: foreignOrg })).token;
    expect((await call('POST', `/api/menu/${id}/copy`, { name: 'Чужое' }, foreign)).statusCode).toBe(404);
    expect((await call('POST', `/api/menu/${id}/days/copy`, { from: 2, to: [3] }, foreign)).statusCode).toBe(404);
    const cashier = (await signedIn(t.platform, { role: 'EducationCashier', organizationId: orgId })).token;
    expect((await call('POST', `/api/menu/${id}/copy`, { name: 'Кассир' }, cashier)).statusCode).toBe(403);
  });
});
