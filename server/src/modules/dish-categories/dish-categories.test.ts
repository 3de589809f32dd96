import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, signedIn } from '../../../test/factories.ts';
import { auditLog } from '../../platform/db/schema.ts';
import { dishCategories, dishes } from '../../platform/db/schema-food.ts';

/** docs/product.md "Dish categories and dishes": the education admin's own catalogue, by the spec's paths. */
let t: TestContext;
let orgId: number;
let admin: string;

beforeAll(async () => {
  t = await createTestContext();
  orgId = (await createOrganization(t.db, { type: 'education' })).id;
  admin = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId })).token;
});
afterAll(() => t.close());

const category = async (organizationId: number, name: string, deletedAt: Date | null = null) => {
  const [row] = await t.db.insert(dishCategories).values({ organizationId, name, deletedAt }).returning();
  return row!;
};
const dish = async (c: { id: number; organizationId: number }, deletedAt: Date | null = null) => {
  const [row] = await t.db
    .insert(dishes)
    .values({
      organizationId: c.organizationId,
      categoryId: c.id,
      name: 'Плов',
      cost: '450.50',
      output: '250 г',
      deletedAt,
    })
    .returning();
  return row!;
};
const otherOrganization = async () => {
  const org = await createOrganization(t.db, { type: 'education' });
  return { org, foreign: await category(org.id, 'Чужие супы') };
};

describe('GET /api/categories', () => {
  it('lists the live categories of the own organization by name, with their live dishes, searched and paged', async () => {
    const org = await createOrganization(t.db, { type: 'education' });
    const { token } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org.id });
    const soups = await category(org.id, 'Супы');
    await dish(soups);
    await dish(soups, new Date());
    await category(org.id, 'Выпечка');
    await category(org.id, 'Архивная', new Date());
    await otherOrganization();
    const res = await t.call({ method: 'GET', url: '/api/categories', token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 2,
      rows: [
        {
          id: expect.any(Number),
          organization_id: org.id,
          name: 'Выпечка',
          name_ru: 'Выпечка',
          name_kk: null,
          dishes: 0,
          created_at: expect.any(String),
        },
        {
          id: soups.id,
          organization_id: org.id,
          name: 'Супы',
          name_ru: 'Супы',
          name_kk: null,
          dishes: 1,
          created_at: soups.createdAt.toISOString(),
        },
      ],
    });
    const found = await t.call({
      method: 'GET',
      url: `/api/categories?query=${encodeURIComponent('СУП')}&limit=1`,
      token,
    });
    expect(found.json()).toMatchObject({ total: 1, rows: [{ name: 'Супы' }] });
    const bad = await t.call({ method: 'GET', url: '/api/categories?limit=0', token });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().validationErrors).toHaveProperty('limit');
  });

  it('answers 403 to roles other than the education admin', async () => {
    for (const role of ['EducationCashier', 'Admin', 'EducationSocialTeacher'] as const) {
      const { token } = await signedIn(t.platform, { role, organizationId: orgId });
      expect((await t.call({ method: 'GET', url: '/api/categories', token })).statusCode).toBe(403);
    }
  });
});

describe('POST, PUT, GET and DELETE /api/category', () => {
  it('creates in the own organization whatever organization_id says, edits, reads and audits', async () => {
    const { org } = await otherOrganization();
    const created = await t.call({
      method: 'POST',
      url: '/api/category',
      token: admin,
      payload: { organization_id: org.id, name: '  Горячие блюда ' },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().id as number;
    expect(created.json()).toMatchObject({ organization_id: orgId, name: 'Горячие блюда', dishes: 0 });
    const edited = await t.call({
      method: 'PUT',
      url: '/api/category',
      token: admin,
      payload: { id, name: 'Вторые блюда' },
    });
    expect(edited.json()).toMatchObject({ id, name: 'Вторые блюда' });
    const read = await t.call({ method: 'GET', url: `/api/category/${id}`, token: admin });
    expect(read.json()).toMatchObject({ id, name: 'Вторые блюда', organization_id: orgId });
    const trail = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'dish_category'), eq(auditLog.entityId, String(id))));
    expect(trail.map((r) => r.action).sort()).toEqual(['dish_category_create', 'dish_category_update']);
  });

  it('refuses an empty name, a missing one and a bad id with 422 on the field, and writes nothing', async () => {
    const before = await t.db.select().from(dishCategories).where(eq(dishCategories.organizationId, orgId));
    for (const payload of [{ name: '   ' }, {}, { name: 'x'.repeat(256) }]) {
      const res = await t.call({ method: 'POST', url: '/api/category', token: admin, payload });
      expect(res.statusCode).toBe(422);
      expect(res.json().validationErrors).toHaveProperty('name');
    }
    const res = await t.call({ method: 'PUT', url: '/api/category', token: admin, payload: { id: -1, name: 'Супы' } });
    expect(res.json().validationErrors).toHaveProperty('id');
    expect(await t.db.select().from(dishCategories).where(eq(dishCategories.organizationId, orgId))).toHaveLength(
      before.length,
    );
  });

  it('refuses a name the organization already has, whatever the case and spaces; a deleted one or another organization’s is free', async () => {
    await category(orgId, 'Холодные закуски');
    const count = async () =>
      (await t.db.select().from(dishCategories).where(eq(dishCategories.organizationId, orgId))).length;
    const before = await count();
    for (const name of ['Холодные закуски', ' холодные ЗАКУСКИ  ']) {
      const res = await t.call({ method: 'POST', url: '/api/category', token: admin, payload: { name } });
      expect(res.statusCode).toBe(422);
      expect(res.json().validationErrors).toEqual({ name: ['Категория блюд с таким названием уже есть'] });
    }
    expect(await count()).toBe(before);
    const other = await category(orgId, 'Горячие закуски');
    const renamed = await t.call({
      method: 'PUT',
      url: '/api/category',
      token: admin,
      payload: { id: other.id, name: 'ХОЛОДНЫЕ закуски' },
    });
    expect(renamed.statusCode).toBe(422);
    expect((await t.call({ method: 'GET', url: `/api/category/${other.id}`, token: admin })).json().name).toBe(
      'Горячие закуски',
    );
    // Its own name in another case is a rename, not a clash.
    const recased = await t.call({
      method: 'PUT',
      url: '/api/category',
      token: admin,
      payload: { id: other.id, name: 'горячие закуски' },
    });
    expect(recased.json()).toMatchObject({ name: 'горячие закуски' });

    await category(orgId, 'Выпечка', new Date());
    const reused = await t.call({ method: 'POST', url: '/api/category', token: admin, payload: { name: 'Выпечка' } });
    expect(reused.statusCode).toBe(200);
    const { org } = await otherOrganization();
    await category(org.id, 'Соусы');
    const mine = await t.call({ method: 'POST', url: '/api/category', token: admin, payload: { name: 'Соусы' } });
    expect(mine.statusCode).toBe(200);
  });

  it('names a category in Kazakh first or in both, keeps the Kazakh name through a change without it, and refuses a Kazakh name taken', async () => {
    const org = await createOrganization(t.db, { type: 'education' });
    const { token } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org.id });
    const call = (method: 'POST' | 'PUT', payload: Record<string, unknown>) =>
      t.call({ method, url: '/api/category', token, payload });
    const drinks = await call('POST', { name_kk: 'Сусындар' });
    expect(drinks.statusCode).toBe(200);
    expect(drinks.json()).toMatchObject({ name: 'Сусындар', name_ru: null, name_kk: 'Сусындар' });
    const id = drinks.json().id as number;
    expect((await call('PUT', { id, name: 'Напитки' })).json()).toMatchObject({
      name: 'Напитки',
      name_ru: 'Напитки',
      name_kk: 'Сусындар',
    });
    // Another category may not take the Kazakh name, whatever the case.
    const taken = await call('POST', { name: 'Питьё', name_kk: ' сусындар ' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().validationErrors).toEqual({ name_kk: ['Категория блюд с таким названием уже есть'] });
    const none = await call('POST', { name: ' ', name_kk: '' });
    expect(none.json().validationErrors).toEqual({ name: ['Обязательное поле'] });
    const cleared = await call('PUT', { id, name: '', name_kk: null });
    expect(cleared.json().validationErrors).toEqual({ name: ['Обязательное поле'] });
    // Found by either name.
    const found = await t.call({ method: 'GET', url: '/api/categories?query=сусын', token });
    expect(found.json().rows.map((r: { id: number }) => r.id)).toEqual([id]);
  });

  it('answers 404 for another organization’s category and changes nothing', async () => {
    const { foreign } = await otherOrganization();
    expect((await t.call({ method: 'GET', url: `/api/category/${foreign.id}`, token: admin })).statusCode).toBe(404);
    const put = await t.call({
      method: 'PUT',
      url: '/api/category',
      token: admin,
      payload: { id: foreign.id, name: 'Моё' },
    });
    expect(put.statusCode).toBe(404);
    expect(put.json().errorMessage).toBe('Категория блюд не найдена');
    expect((await t.call({ method: 'DELETE', url: `/api/category/${foreign.id}`, token: admin })).statusCode).toBe(404);
    const [still] = await t.db.select().from(dishCategories).where(eq(dishCategories.id, foreign.id));
    expect(still).toMatchObject({ name: 'Чужие супы', deletedAt: null });
  });

  it('refuses to delete a category with live dishes (409), archives an empty one', async () => {
    const full = await category(orgId, 'Салаты');
    await dish(full);
    const refused = await t.call({ method: 'DELETE', url: `/api/category/${full.id}`, token: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorMessage).toBe('В категории есть блюда: 1. Сначала удалите или перенесите их');
    const empty = await category(orgId, 'Напитки');
    await dish(empty, new Date());
    const res = await t.call({ method: 'DELETE', url: `/api/category/${empty.id}`, token: admin });
    expect(res.json()).toEqual({ success: true });
    expect((await t.call({ method: 'GET', url: `/api/category/${empty.id}`, token: admin })).statusCode).toBe(404);
    const [kept] = await t.db.select().from(dishCategories).where(eq(dishCategories.id, empty.id));
    expect(kept!.deletedAt).not.toBeNull();
  });

  it('answers 403 to the education cashier on every write', async () => {
    const { token } = await signedIn(t.platform, { role: 'EducationCashier', organizationId: orgId });
    const c = await category(orgId, 'Кассе нельзя');
    expect((await t.call({ method: 'POST', url: '/api/category', token, payload: { name: 'X' } })).statusCode).toBe(
      403,
    );
    expect(
      (await t.call({ method: 'PUT', url: '/api/category', token, payload: { id: c.id, name: 'X' } })).statusCode,
    ).toBe(403);
    expect((await t.call({ method: 'DELETE', url: `/api/category/${c.id}`, token })).statusCode).toBe(403);
  });
});
