import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, signedIn } from '../../../test/factories.ts';
import { dishCategories, dishes } from '../../platform/db/schema-food.ts';
import { foods } from '../../platform/db/schema-nutrition.ts';

/** docs/rules.md "Foods and nutrients": the foods a dietitian picks for a card, found in any of three languages. */
let t: TestContext;
let orgId: number;
let admin: { token: string };
let ownFood: { id: number };
let theirFood: { id: number };

beforeAll(async () => {
  t = await createTestContext();
  orgId = (await createOrganization(t.db, { type: 'education' })).id;
  const otherId = (await createOrganization(t.db, { type: 'education' })).id;
  admin = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId, email: 'food.admin@test.kz' });
  ownFood = (
    await t.db
      .insert(foods)
      .values({
        organizationId: orgId,
        nameRu: 'Курт',
        nameKk: 'Құрт',
        source: 'Таблица Казахской академии питания, 2019, с. 48',
        allergens: ['milk'],
        proteinG: '25.6',
        energyKcal: '360',
      })
      .returning({ id: foods.id })
  )[0]!;
  theirFood = (
    await t.db
      .insert(foods)
      .values({ organizationId: otherId, nameRu: 'Курт их школы', source: 'Их таблица' })
      .returning({ id: foods.id })
  )[0]!;
});
afterAll(() => t.close());

const list = (query: string, token = admin.token, headers: Record<string, string> = {}) =>
  t.call({ method: 'GET', url: `/api/foods?query=${encodeURIComponent(query)}&limit=5`, token, headers });
const firstNames = async (query: string) =>
  ((await list(query)).json().rows as { name: string; name_en: string }[]).map((r) => r.name);

describe('GET /api/foods', () => {
  it('finds a food by its Russian, Kazakh or English name, with a typo, on a Russian keyboard, in Latin letters', async () => {
    expect((await firstNames('конина'))[0]).toBe('Конина');
    expect((await firstNames('жылқы'))[0]).toBe('Конина');
    // Kazakh letters typed as a Russian keyboard has them, and a typo.
    expect((await firstNames('жылкы ети'))[0]).toBe('Конина');
    expect((await firstNames('говдина'))[0]).toMatch(/^Говядина/);
    expect((await firstNames('морковь отварная'))[0]).toBe('Морковь отварная');
    expect((await firstNames('horse'))[0]).toBe('Конина');
    expect((await firstNames('govyadina vyrezka'))[0]).toBe('Говядина, вырезка');
    expect(await firstNames('сүт 3,2')).toEqual(['Молоко 3,2 %']);
    // A food without Russian and Kazakh names is found by its English one and named so.
    expect((await firstNames('bison'))[0]).toMatch(/^Bison/);
  });

  it('gives each food with its values per 100 g exact, a value not measured as null, its allergens and its source', async () => {
    const res = await list('Масло сливочное солёное');
    expect(res.statusCode).toBe(200);
    const [butter] = res.json().rows;
    expect(butter).toMatchObject({
      ndb_no: '01001',
      own: false,
      name: 'Масло сливочное солёное',
      name_kk: 'Тұздалған сары май',
      name_en: 'Butter, salted',
      allergens: ['milk'],
      allergens_checked: true,
      source: expect.stringContaining('Standard Reference, Release 28'),
      values: { energyKcal: '717', proteinG: '0.85', fatG: '81.11', saturatedFatG: '51.368' },
    });
    const [caraway] = (await list('cheese caraway')).json().rows;
    expect(caraway).toMatchObject({ name: 'Cheese, caraway', allergens: ['milk'], allergens_checked: false });
    expect(caraway.values).toMatchObject({ vitaminDUg: null, sugarsG: null, proteinG: '25.18' });
  });

  it('names the foods in Kazakh for a Kazakh reader', async () => {
    const [horse] = (await list('конина', admin.token, { 'accept-language': 'kk' })).json().rows;
    expect(horse.name).toBe('Жылқы еті');
  });

  it('lists the organization’s own foods with the shipped ones, never another organization’s', async () => {
    const [kurt] = (await list('құрт')).json().rows;
    expect(kurt).toMatchObject({
      id: ownFood.id,
      own: true,
      ndb_no: null,
      name: 'Курт',
      source: 'Таблица Казахской академии питания, 2019, с. 48',
      allergens_checked: true,
      values: { proteinG: '25.6', energyKcal: '360', fatG: null },
    });
    expect((await list('курт их школы')).json().rows.map((r: { id: number }) => r.id)).not.toContain(theirFood.id);
    const all = await t.call({ method: 'GET', url: '/api/foods?limit=1', token: admin.token });
    expect(all.json().total).toBe(8789 + 1);
  });

  it('refuses a search too long or a page out of range with 422', async () => {
    const long = await list('а'.repeat(101));
    expect(long.statusCode).toBe(422);
    expect(long.json().validationErrors).toHaveProperty('query');
    const page = await t.call({ method: 'GET', url: '/api/foods?limit=0', token: admin.token });
    expect(page.statusCode).toBe(422);
  });

  it('takes a typed % or _ as itself', async () => {
    const percent = await t.call({ method: 'GET', url: '/api/foods?query=%25&limit=100', token: admin.token });
    expect(percent.json().total).toBeLessThan(300);
    for (const row of percent.json().rows as { name: string; name_kk: string | null; name_en: string | null }[])
      expect(`${row.name} ${row.name_kk} ${row.name_en}`).toContain('%');
    expect((await list('_')).json().total).toBe(0);
  });

  it('is refused to a role that builds no menus', async () => {
    const cashier = await signedIn(t.platform, {
      role: 'EducationCashier',
      organizationId: orgId,
      email: 'food.cashier@test.kz',
    });
    expect((await list('конина', cashier.token)).statusCode).toBe(403);
  });
});

describe('GET /api/food/:id', () => {
  it('answers a shipped food and the organization’s own, and 404 for another organization’s', async () => {
    const get = (id: number) => t.call({ method: 'GET', url: `/api/food/${id}`, token: admin.token });
    const own = await get(ownFood.id);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ name: 'Курт', own: true });
    const theirs = await get(theirFood.id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().errorMessage).toBe('Продукт не найден');
    expect((await get(2_000_000)).statusCode).toBe(404);
  });
});

describe('POST, PUT and DELETE /api/food: the organization’s own foods', () => {
  const post = (payload: Record<string, unknown>, token = admin.token) =>
    t.call({ method: 'POST', url: '/api/food', token, payload });
  const kurt = {
    name_ru: 'Курт домашний',
    name_kk: 'Үй құрты',
    source: 'Таблица химического состава казахских продуктов, 2019, с. 48',
    refuse_pct: '0',
    allergens: ['milk'],
    values: { energyKcal: 360, proteinG: '25,6', fatG: '12.345', vitaminDUg: null },
  };

  it('adds a food with its source and exact values, a value left out not measured, found by search at once', async () => {
    const res = await post(kurt);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      own: true,
      ndb_no: null,
      name: 'Курт домашний',
      name_kk: 'Үй құрты',
      source: kurt.source,
      refuse_pct: '0',
      allergens: ['milk'],
      allergens_checked: true,
      values: { energyKcal: '360', proteinG: '25.6', fatG: '12.345', carbohydrateG: null, vitaminDUg: null },
    });
    expect((await list('үй құрты')).json().rows[0].id).toBe(res.json().id);
  });

  it('changes its own food and archives it; a shipped food or another organization’s is not its to change (404)', async () => {
    const made = (await post({ ...kurt, name_ru: 'Сузьма', name_kk: null })).json();
    const put = (payload: Record<string, unknown>) =>
      t.call({ method: 'PUT', url: '/api/food', token: admin.token, payload });
    const changed = await put({
      ...kurt,
      id: made.id,
      name_ru: 'Сузьма',
      name_kk: 'Сүзбе (өз)',
      values: { proteinG: '18' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ name_kk: 'Сүзбе (өз)', values: { proteinG: '18', energyKcal: null } });
    const [butter] = (await list('Масло сливочное солёное')).json().rows;
    expect((await put({ ...kurt, id: butter.id })).statusCode).toBe(404);
    expect((await put({ ...kurt, id: theirFood.id })).statusCode).toBe(404);
    const removed = await t.call({ method: 'DELETE', url: `/api/food/${made.id}`, token: admin.token });
    expect(removed.json()).toEqual({ success: true });
    expect((await t.call({ method: 'GET', url: `/api/food/${made.id}`, token: admin.token })).statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `/api/food/${butter.id}`, token: admin.token })).statusCode).toBe(
      404,
    );
  });

  it('refuses a food without a name or a source, a value that is not one, with the field named, and keeps nothing', async () => {
    const before = (await t.call({ method: 'GET', url: '/api/foods?limit=1', token: admin.token })).json().total;
    for (const [payload, field] of [
      [{ ...kurt, name_ru: '', name_kk: '' }, 'name_ru'],
      [{ ...kurt, source: ' ' }, 'source'],
      [{ ...kurt, values: { proteinG: '-1' } }, 'values.proteinG'],
      [{ ...kurt, values: { proteinG: 'много' } }, 'values.proteinG'],
      [{ ...kurt, values: { proteinG: '1.2345' } }, 'values.proteinG'],
      [{ ...kurt, values: { energyKcal: 100001 } }, 'values.energyKcal'],
      [{ ...kurt, refuse_pct: '101' }, 'refuse_pct'],
      [{ ...kurt, allergens: ['pollen'] }, 'allergens.0'],
    ] as const) {
      const res = await post(payload);
      expect(res.statusCode, field).toBe(422);
      expect(Object.keys(res.json().validationErrors), field).toContain(field);
    }
    expect((await t.call({ method: 'GET', url: '/api/foods?limit=1', token: admin.token })).json().total).toBe(before);
  });

  it('is refused to a role that builds no menus', async () => {
    const cashier = await signedIn(t.platform, {
      role: 'EducationCashier',
      organizationId: orgId,
      email: 'food.cashier2@test.kz',
    });
    expect((await post(kurt, cashier.token)).statusCode).toBe(403);
  });
});

describe('GET /api/cooking-losses and PUT /api/cooking-loss: the losses by method, as data', () => {
  type Loss = { method: string; nutrient: string; loss_pct: string; source: string; own: boolean; shipped: unknown };
  const losses = async (token = admin.token) =>
    (await t.call({ method: 'GET', url: '/api/cooking-losses', token })).json().rows as Loss[];
  const boiledC = (rows: Loss[]) => rows.find((r) => r.method === 'boiling' && r.nutrient === 'vitaminCMg')!;
  const setLoss = (payload: Record<string, unknown>, token = admin.token) =>
    t.call({ method: 'PUT', url: '/api/cooking-loss', token, payload });

  it('gives the shipped losses with their source, and an own one that replaces its method’s for this organization alone; every card follows', async () => {
    const shipped = boiledC(await losses());
    expect(shipped).toMatchObject({ own: false, shipped: null });
    expect(Number(shipped.loss_pct)).toBe(70);
    expect(shipped.source.length).toBeGreaterThan(10);
    // A boiled potato's vitamin C: 19.7 mg per 100 g raw, 70 % lost.
    const [category] = await t.db.insert(dishCategories).values({ organizationId: orgId, name: 'Гарниры' }).returning();
    const [dish] = await t.db
      .insert(dishes)
      .values({
        organizationId: orgId,
        categoryId: category!.id,
        name: 'Картофель отварной',
        cost: '100',
        output: '150 г',
      })
      .returning();
    const [potato] = await t.db.select({ id: foods.id }).from(foods).where(eq(foods.ndbNo, '11352'));
    const card = await t.call({
      method: 'PUT',
      url: `/api/product/${dish!.id}/card`,
      token: admin.token,
      payload: {
        valid_from: '2026-01-01',
        method: 'boiling',
        yield_g: 100,
        lines: [{ food_id: potato!.id, gross_g: 100, net_g: 100 }],
        portions: [],
      },
    });
    expect(card.statusCode).toBe(200);
    const vitaminC = async () =>
      (await t.call({ method: 'GET', url: `/api/product/${dish!.id}/card`, token: admin.token })).json().card.figures
        .per_100g.vitaminCMg.value as number;
    expect(await vitaminC()).toBeCloseTo(19.7 * 0.3, 9);

    const saved = await setLoss({
      method: 'boiling',
      nutrient: 'vitaminCMg',
      loss_pct: '55,5',
      source: 'Сборник рецептур, 2016, табл. 3',
    });
    expect(saved.statusCode).toBe(200);
    expect(boiledC(saved.json().rows)).toEqual({
      method: 'boiling',
      nutrient: 'vitaminCMg',
      loss_pct: '55.5',
      source: 'Сборник рецептур, 2016, табл. 3',
      own: true,
      shipped: { loss_pct: shipped.loss_pct, source: shipped.source },
    });
    expect(await vitaminC()).toBeCloseTo(19.7 * 0.445, 9);
    // Another organization keeps the shipped loss.
    const other = await signedIn(t.platform, {
      role: 'EducationAdmin',
      organizationId: (await createOrganization(t.db, { type: 'education' })).id,
      email: 'losses.other@test.kz',
    });
    expect(boiledC(await losses(other.token))).toEqual(shipped);
    // Back to the shipped one.
    const back = await setLoss({ method: 'boiling', nutrient: 'vitaminCMg', loss_pct: null });
    expect(boiledC(back.json().rows)).toEqual(shipped);
    expect(await vitaminC()).toBeCloseTo(19.7 * 0.3, 9);
  });

  it('refuses a loss that is not a percentage, a method or a nutrient that loses nothing, and a loss without its source; saves nothing', async () => {
    const before = await losses();
    for (const [payload, field] of [
      [{ method: 'boiling', nutrient: 'vitaminCMg', loss_pct: '120', source: 'x' }, 'loss_pct'],
      [{ method: 'boiling', nutrient: 'vitaminCMg', loss_pct: '-1', source: 'x' }, 'loss_pct'],
      [{ method: 'raw', nutrient: 'vitaminCMg', loss_pct: '10', source: 'x' }, 'method'],
      [{ method: 'boiling', nutrient: 'energyKcal', loss_pct: '10', source: 'x' }, 'nutrient'],
      [{ method: 'boiling', nutrient: 'vitaminCMg', loss_pct: '10' }, 'source'],
      [{ method: 'boiling', nutrient: 'vitaminCMg', loss_pct: '10', source: '  ' }, 'source'],
    ] as const) {
      const res = await setLoss(payload);
      expect(res.statusCode, field).toBe(422);
      expect(Object.keys(res.json().validationErrors), field).toEqual([field]);
    }
    expect(await losses()).toEqual(before);
  });

  it('is refused to a role that builds no menus', async () => {
    const cashier = await signedIn(t.platform, {
      role: 'EducationCashier',
      organizationId: orgId,
      email: 'losses.cashier@test.kz',
    });
    expect((await t.call({ method: 'GET', url: '/api/cooking-losses', token: cashier.token })).statusCode).toBe(403);
    expect(
      (await setLoss({ method: 'boiling', nutrient: 'vitaminCMg', loss_pct: '10', source: 'x' }, cashier.token))
        .statusCode,
    ).toBe(403);
  });
});
