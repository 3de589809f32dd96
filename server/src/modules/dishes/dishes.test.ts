import { DISH_MESSAGES as M } from '@tamaq/contract/dishes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, signedIn, createImage } from '../../../test/factories.ts';
import { auditLog, images } from '../../platform/db/schema.ts';
import { dishCategories, dishes } from '../../platform/db/schema-food.ts';

/** docs/product.md "Dish categories and dishes": the education admin's dishes with photo, exact price and output. */
let t: TestContext;
let orgId: number;
let admin: { token: string; user: { id: number } };
let soups: { id: number };

beforeAll(async () => {
  t = await createTestContext();
  orgId = (await createOrganization(t.db, { type: 'education' })).id;
  admin = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId, email: 'dish.admin@test.kz' });
  soups = await category(orgId, 'Супы');
});
afterAll(() => t.close());

async function category(organizationId: number, name: string, deletedAt: Date | null = null) {
  const [row] = await t.db.insert(dishCategories).values({ organizationId, name, deletedAt }).returning();
  return row!;
}
const image = (ownerId: number) => createImage(t.db, ownerId);
const post = (payload: Record<string, unknown>, token = admin.token) =>
  t.call({ method: 'POST', url: '/api/product', token, payload });
const borsch = (extra: Record<string, unknown> = {}) => ({
  category_id: soups.id,
  name: 'Борщ',
  cost: '450.50',
  output: '250 г',
  ...extra,
});

describe('POST and PUT /api/product', () => {
  it('creates a dish with its photo and an exact price, in the own organization, and audits it', async () => {
    const other = await createOrganization(t.db, { type: 'education' });
    const photo = await image(admin.user.id);
    const res = await post(borsch({ organization_id: other.id, image_id: photo.id, description: ' Со сметаной ' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      organization_id: orgId,
      category_id: soups.id,
      category: { id: soups.id, name: 'Супы' },
      image_id: photo.id,
      image: { id: photo.id, url: `/api/images/${photo.key}` },
      name: 'Борщ',
      name_ru: 'Борщ',
      name_kk: null,
      cost: '450.50',
      output: '250 г',
      description: 'Со сметаной',
      allergens: [],
      created_at: expect.any(String),
    });
    const [trail] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'dish'), eq(auditLog.entityId, String(res.json().id))));
    expect(trail).toMatchObject({ action: 'dish_create' });
    // A number is read by its decimal form: 3 × 450.5 is never summed in floats here.
    expect((await post(borsch({ cost: 1351.5 }))).json().cost).toBe('1351.50');
    expect((await post(borsch({ cost: '99,9' }))).json().cost).toBe('99.90');
  });

  it('names a dish in Kazakh and Russian, either first, keeps the other through a change that leaves it out, and finds it by either', async () => {
    // Named in Kazakh first: the Russian name falls back to it until it is given.
    const made = await post({ category_id: soups.id, name_kk: 'Қантты шай', cost: '30', output: '200 мл' });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ name: 'Қантты шай', name_ru: null, name_kk: 'Қантты шай' });
    const id = made.json().id as number;
    const put = (payload: Record<string, unknown>) =>
      t.call({ method: 'PUT', url: '/api/product', token: admin.token, payload: { id, ...payload } });
    const fields = { category_id: soups.id, cost: '30', output: '200 мл' };
    expect((await put({ ...fields, name: 'Чай с сахаром' })).json()).toMatchObject({
      name: 'Чай с сахаром',
      name_ru: 'Чай с сахаром',
      name_kk: 'Қантты шай',
    });
    // The spec's client sends only `name`: the Kazakh name stays.
    expect((await put({ ...fields, name: 'Чай сладкий' })).json()).toMatchObject({ name_kk: 'Қантты шай' });
    // Cleared, the Russian name falls back to the Kazakh one again; clearing both is refused.
    expect((await put({ ...fields, name: '' })).json()).toMatchObject({ name: 'Қантты шай', name_ru: null });
    const none = await put({ ...fields, name: '', name_kk: ' ' });
    expect(none.statusCode).toBe(422);
    expect(none.json().validationErrors).toEqual({ name: ['Обязательное поле'] });
    await put({ ...fields, name: 'Чай с сахаром' });
    // Searched in either language.
    const found = async (query: string) =>
      (await t.call({ method: 'GET', url: `/api/products?query=${encodeURIComponent(query)}`, token: admin.token }))
        .json()
        .rows.map((r: { id: number }) => r.id) as number[];
    expect(await found('шай')).toContain(id);
    expect(await found('сахаром')).toContain(id);
    // Neither name, with another field wrong: both said at once.
    const bad = await post({ category_id: soups.id, cost: 'abc', output: '200 мл' });
    expect(bad.json().validationErrors).toEqual({
      name: ['Обязательное поле'],
      cost: ['Введите число: сумму в тенге, например 450,50'],
    });
  });

  it('refuses bad input with 422 on the field and writes nothing', async () => {
    const before = (await t.db.select().from(dishes).where(eq(dishes.organizationId, orgId))).length;
    const cases: [Record<string, unknown>, string][] = [
      [borsch({ name: '  ' }), 'name'],
      [borsch({ cost: '' }), 'cost'],
      [borsch({ cost: '-5' }), 'cost'],
      [borsch({ cost: '1.234' }), 'cost'],
      [borsch({ cost: 'abc' }), 'cost'],
      [borsch({ cost: 1e9 }), 'cost'],
      [borsch({ output: '' }), 'output'],
      [borsch({ category_id: 'x' }), 'category_id'],
      [borsch({ image_id: 0 }), 'image_id'],
      [{ name: 'Борщ' }, 'category_id'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(payload);
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 422 });
      expect(res.json().validationErrors).toHaveProperty(field);
    }
    expect((await t.db.select().from(dishes).where(eq(dishes.organizationId, orgId))).length).toBe(before);
  });

  it('refuses another organization’s or an archived category, and a photo the caller did not upload (422)', async () => {
    const other = await createOrganization(t.db, { type: 'education' });
    const foreign = await category(other.id, 'Чужая');
    const archived = await category(orgId, 'Архивная', new Date());
    expect((await post(borsch({ category_id: foreign.id }))).json().validationErrors.category_id).toEqual([
      'Категория блюд не найдена',
    ]);
    expect((await post(borsch({ category_id: archived.id }))).statusCode).toBe(422);
    const theirs = await image((await signedIn(t.platform, { organizationId: other.id })).user.id);
    expect((await post(borsch({ image_id: theirs.id }))).json().validationErrors.image_id).toBeDefined();
  });

  it('edits a dish, moves it to another category, and keeps a photo it already shows', async () => {
    const photo = await image(admin.user.id);
    const dish = (await post(borsch({ image_id: photo.id }))).json();
    const salads = await category(orgId, 'Салаты');
    const res = await t.call({
      method: 'PUT',
      url: '/api/product',
      token: admin.token,
      payload: { ...borsch({ id: dish.id, category_id: salads.id, name: 'Винегрет', cost: 300, image_id: photo.id }) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ category: { id: salads.id, name: 'Салаты' }, name: 'Винегрет', cost: '300.00' });
    const read = await t.call({ method: 'GET', url: `/api/product/${dish.id}`, token: admin.token });
    expect(read.json()).toMatchObject({ id: dish.id, name: 'Винегрет', image_id: photo.id });
  });

  it('keeps the allergens a dish holds, once each in the list’s order; an edit that leaves them out keeps them', async () => {
    const made = await post(borsch({ name: 'Сырники', allergens: ['milk', 'gluten', 'eggs', 'milk'] }));
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().allergens).toEqual(['gluten', 'eggs', 'milk']);
    expect((await post(borsch({ name: 'Компот' }))).json().allergens).toEqual([]);
    const put = (payload: Record<string, unknown>) =>
      t.call({ method: 'PUT', url: '/api/product', token: admin.token, payload });
    // The spec's client sends no allergens: they stay.
    expect((await put(borsch({ id: made.json().id, name: 'Сырники', cost: '320' }))).json().allergens).toEqual([
      'gluten',
      'eggs',
      'milk',
    ]);
    expect((await put(borsch({ id: made.json().id, name: 'Сырники', allergens: [] }))).json().allergens).toEqual([]);
    const bad = await post(borsch({ name: 'Торт', allergens: ['chocolate'] }));
    expect(bad.statusCode).toBe(422);
    expect(Object.values(bad.json().validationErrors).flat()).toEqual([M.allergen]);
  });
});

describe('GET /api/products, GET and DELETE /api/product/{id}', () => {
  it('lists the live dishes of a category by name, searched, and archives on delete', async () => {
    const org = await createOrganization(t.db, { type: 'education' });
    const me = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org.id });
    const hot = await category(org.id, 'Горячее');
    const drinks = await category(org.id, 'Напитки');
    const add = (c: { id: number }, name: string) =>
      post({ category_id: c.id, name, cost: 100, output: '200 мл' }, me.token).then((r) => r.json());
    const plov = await add(hot, 'Плов');
    await add(hot, 'Гуляш');
    await add(drinks, 'Компот');
    const list = await t.call({ method: 'GET', url: `/api/products?categoryId=${hot.id}`, token: me.token });
    expect(list.json().total).toBe(2);
    expect(list.json().rows.map((r: { name: string }) => r.name)).toEqual(['Гуляш', 'Плов']);
    const found = await t.call({
      method: 'GET',
      url: `/api/products?query=${encodeURIComponent('КОМП')}`,
      token: me.token,
    });
    expect(found.json().rows.map((r: { name: string }) => r.name)).toEqual(['Компот']);

    expect((await t.call({ method: 'DELETE', url: `/api/product/${plov.id}`, token: me.token })).json()).toEqual({
      success: true,
    });
    expect((await t.call({ method: 'GET', url: `/api/product/${plov.id}`, token: me.token })).statusCode).toBe(404);
    const [kept] = await t.db.select().from(dishes).where(eq(dishes.id, plov.id));
    expect(kept!.deletedAt).not.toBeNull();
    // The category now holds one live dish.
    const cats = await t.call({ method: 'GET', url: '/api/categories', token: me.token });
    expect(cats.json().rows.find((c: { id: number }) => c.id === hot.id).dishes).toBe(1);
  });

  it('answers 404 for another organization’s dish and changes nothing', async () => {
    const other = await createOrganization(t.db, { type: 'education' });
    const them = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: other.id });
    const theirCategory = await category(other.id, 'Их супы');
    const theirs = (
      await post({ category_id: theirCategory.id, name: 'Их борщ', cost: 1, output: '1' }, them.token)
    ).json();
    expect((await t.call({ method: 'GET', url: `/api/product/${theirs.id}`, token: admin.token })).statusCode).toBe(
      404,
    );
    const put = await t.call({
      method: 'PUT',
      url: '/api/product',
      token: admin.token,
      payload: borsch({ id: theirs.id }),
    });
    expect(put.statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `/api/product/${theirs.id}`, token: admin.token })).statusCode).toBe(
      404,
    );
    const list = await t.call({ method: 'GET', url: '/api/products', token: admin.token });
    expect(list.json().rows.map((r: { id: number }) => r.id)).not.toContain(theirs.id);
    const [still] = await t.db.select().from(dishes).where(eq(dishes.id, theirs.id));
    expect(still).toMatchObject({ name: 'Их борщ', deletedAt: null });
  });

  it('answers 403 to roles other than the education admin', async () => {
    for (const role of ['EducationCashier', 'Admin', 'EducationLibrarian'] as const) {
      const { token } = await signedIn(t.platform, { role, organizationId: orgId });
      expect((await t.call({ method: 'GET', url: '/api/products', token })).statusCode).toBe(403);
      expect((await post(borsch(), token)).statusCode).toBe(403);
    }
  });
});

describe('GET /api/product/{id}/menus', () => {
  it('names the live menus that have the dish, by name, with their activations; none once it is deleted', async () => {
    const dish = (await post(borsch({ name: 'Рассольник' }))).json() as { id: number };
    const menu = async (name: string, days = 5) =>
      (
        await t.call({ method: 'POST', url: '/api/menu', token: admin.token, payload: { name, days, groups: '1,3' } })
      ).json().id as number;
    const put = (menuId: number, day: number, group: number) =>
      t.call({
        method: 'POST',
        url: '/api/menu/product',
        token: admin.token,
        payload: { menu_id: menuId, day, group, product_id: dish.id },
      });
    const winter = await menu('Зима');
    const autumn = await menu('Осень');
    const deleted = await menu('Лето');
    await menu('Весна');
    await put(winter, 1, 1);
    await put(winter, 3, 3);
    await put(autumn, 2, 3);
    await put(deleted, 1, 3);
    await t.call({ method: 'DELETE', url: `/api/menu/${deleted}`, token: admin.token });
    const school = await createSchool(t.db, { organizationId: orgId });
    const activated = await t.call({
      method: 'POST',
      url: '/api/activated/menu/activate',
      token: admin.token,
      payload: { school_id: school.id, menu_id: autumn, type: 'paid_food', date: '2026-09-01' },
    });
    expect(activated.statusCode).toBe(200);

    const res = await t.call({ method: 'GET', url: `/api/product/${dish.id}/menus`, token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      rows: [
        { id: winter, name: 'Зима', activations: 0 },
        { id: autumn, name: 'Осень', activations: 1 },
      ],
    });
    await t.call({ method: 'DELETE', url: `/api/product/${dish.id}`, token: admin.token });
    expect((await t.call({ method: 'GET', url: `/api/product/${dish.id}/menus`, token: admin.token })).statusCode).toBe(
      404,
    );
  });

  it('refuses a bad id (422), another organization’s dish (404) and other roles (403)', async () => {
    const bad = await t.call({ method: 'GET', url: '/api/product/abc/menus', token: admin.token });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toHaveProperty('validationErrors.id');
    const other = await createOrganization(t.db, { type: 'education' });
    const them = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: other.id });
    const theirs = (
      await post(
        { category_id: (await category(other.id, 'Их')).id, name: 'Их плов', cost: 1, output: '1' },
        them.token,
      )
    ).json() as { id: number };
    const foreign = await t.call({ method: 'GET', url: `/api/product/${theirs.id}/menus`, token: admin.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errorMessage).toBe('Блюдо не найдено');
    const { token } = await signedIn(t.platform, { role: 'EducationCashier', organizationId: other.id });
    expect((await t.call({ method: 'GET', url: `/api/product/${theirs.id}/menus`, token })).statusCode).toBe(403);
  });
});

describe('a dish’s photo', () => {
  it('stays with the dish when the admin who uploaded it removes their account', async () => {
    const photo = await image(admin.user.id);
    const dish = (await post(borsch({ image_id: photo.id }))).json();
    await t.call({ method: 'POST', url: '/api/profile/remove', payload: { email: 'dish.admin@test.kz' } });
    const code = /\b\d{6}\b/.exec((await t.smtp.lastTo('dish.admin@test.kz')).text)![0];
    const removed = await t.call({
      method: 'PUT',
      url: '/api/profile/remove',
      payload: { email: 'dish.admin@test.kz', code },
    });
    expect(removed.statusCode).toBe(200);
    expect(await t.db.select({ id: images.id }).from(images).where(eq(images.id, photo.id))).toHaveLength(1);
    const [row] = await t.db.select().from(dishes).where(eq(dishes.id, dish.id));
    expect(row!.imageId).toBe(photo.id);
  });
});
