import { TECH_CARD_MESSAGES as M } from '@tamaq/contract/tech-cards';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, signedIn } from '../../../test/factories.ts';
import { dishCategories, dishes, menuDishes, menus } from '../../platform/db/schema-food.ts';
import { ageGroups, foods } from '../../platform/db/schema-nutrition.ts';
import { fixationCategories, foodCategories } from '../../platform/db/schema-people.ts';

/** docs/rules.md "Technological cards and a dish's figures". */
let t: TestContext;
let orgId: number;
let otherOrgId: number;
let admin: { token: string };
let pilaf: number;
let juniors: number;
let theirGroup: number;
let theirFood: number;
/** Shipped foods by their number in the table. */
const food: Record<string, number> = {};

const day = (offset: number) => new Date(t.clock.now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestContext();
  // Noon in Almaty: «today» is the same day in UTC and in the organization's zone.
  t.clock.now = new Date('2026-10-05T07:00:00Z');
  orgId = (await createOrganization(t.db, { type: 'education' })).id;
  otherOrgId = (await createOrganization(t.db, { type: 'education' })).id;
  admin = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId, email: 'cards@test.kz' });
  const [category] = await t.db.insert(dishCategories).values({ organizationId: orgId, name: 'Вторые' }).returning();
  const [dish] = await t.db
    .insert(dishes)
    .values({
      organizationId: orgId,
      categoryId: category!.id,
      name: 'Плов',
      cost: '500',
      output: '200 г',
      allergens: ['sesame'],
    })
    .returning();
  pilaf = dish!.id;
  const groups = await t.db
    .insert(ageGroups)
    .values([
      { organizationId: orgId, name: '6–10 лет', ageFrom: 6, ageTo: 10 },
      { organizationId: otherOrgId, name: '6–10 лет', ageFrom: 6, ageTo: 10 },
    ])
    .returning();
  juniors = groups[0]!.id;
  theirGroup = groups[1]!.id;
  const rows = await t.db
    .select({ id: foods.id, ndbNo: foods.ndbNo })
    .from(foods)
    .where(inArray(foods.ndbNo, ['20444', '23485', '11124', '11282', '04506', '01123']));
  for (const r of rows) food[r.ndbNo!] = r.id;
  theirFood = (
    await t.db
      .insert(foods)
      .values({ organizationId: otherOrgId, nameRu: 'Их курт', source: 'Их таблица', energyKcal: '300' })
      .returning()
  )[0]!.id;
});
afterAll(() => t.close());

const put = (body: Record<string, unknown>, id = pilaf, token = admin.token) =>
  t.call({ method: 'PUT', url: `/api/product/${id}/card`, token, payload: body });
const get = (date?: string, id = pilaf) =>
  t.call({ method: 'GET', url: `/api/product/${id}/card${date ? `?date=${date}` : ''}`, token: admin.token });

/** The pilaf of contract/src/dish-figures.test.ts, from the same table rows, raw (no losses). */
const card = (extra: Record<string, unknown> = {}) => ({
  valid_from: day(0),
  recipe_book: 'Сборник технологических карт, 2016',
  recipe_number: '254',
  method: 'raw',
  yield_g: 250,
  lines: [
    { food_id: food['20444'], gross_g: 80 },
    { food_id: food['23485'], gross_g: 70 },
    { food_id: food['11124'], gross_g: 33.7, net_g: 30 },
    { food_id: food['11282'], gross_g: 22.2, net_g: '20' },
    { food_id: food['04506'], gross_g: 10 },
  ],
  portions: [{ age_group_id: juniors, portion_g: 200 }],
  ...extra,
});

describe('PUT and GET /api/product/:id/card', () => {
  it('saves a card and figures the dish as a hand computation from the table’s rows gives', async () => {
    const res = await put(card());
    expect(res.statusCode).toBe(200);
    const { card: saved, versions } = res.json();
    expect(saved).toMatchObject({
      valid_from: day(0),
      valid_to: null,
      recipe_book: 'Сборник технологических карт, 2016',
      recipe_number: '254',
      method: 'raw',
      yield_g: 250,
      portions: [{ age_group: { id: juniors, name: '6–10 лет' }, portion_g: 200 }],
    });
    expect(saved.lines.map((l: { food: { name: string }; net_g: number }) => [l.food.name, l.net_g])).toEqual([
      ['Рис белый длиннозёрный, неообогащённый, сухой', 80],
      ['Говядина, мякоть без жира', 70],
      ['Морковь', 30],
      ['Лук репчатый', 20],
      ['Масло подсолнечное', 10],
    ]);
    // Energy: 365×0.8 + 139×0.7 + 41×0.3 + 40×0.2 + 884×0.1 = 498.0 kcal in the 250 g weighed.
    expect(saved.figures.per_100g.energyKcal.value).toBeCloseTo(199.2, 9);
    // Protein: 7.13×0.8 + 22.15×0.7 + 0.93×0.3 + 1.10×0.2 + 0 = 21.708 g; a portion of 200 g has 200/250.
    expect(saved.figures.per_100g.proteinG.value).toBeCloseTo(8.6832, 9);
    expect(saved.figures.portions[0]).toMatchObject({ age_group_id: juniors, portion_g: 200 });
    expect(saved.figures.portions[0].figures.energyKcal.value).toBeCloseTo(398.4, 9);
    expect(saved.figures.per_100g.energyKcal.missing).toEqual([]);
    expect(versions).toEqual([{ id: saved.id, valid_from: day(0), created_at: expect.any(String) }]);
    // The dish's allergens are its foods' (none here) and the cook's (sesame, on the dish).
    expect(saved.allergens).toEqual(['sesame']);
    expect((await get()).json().card.id).toBe(saved.id);
  });

  it('takes the net weight from the food’s refuse when it is left out, and a line’s method over the card’s', async () => {
    const res = await put(
      card({
        lines: [
          // Carrots, raw: 11 % refuse (crown, tops and scrapings).
          { food_id: food['11124'], gross_g: 100 },
          { food_id: food['20444'], gross_g: 100, method: 'boiling' },
          { food_id: food['01123'], gross_g: 50 },
        ],
        yield_g: 300,
      }),
    );
    expect(res.statusCode).toBe(200);
    const { lines, figures, allergens } = res.json().card;
    expect(lines.map((l: { net_g: number; method: string | null }) => [l.net_g, l.method])).toEqual([
      [89, null],
      [100, 'boiling'],
      [44, null],
    ]);
    // Rice boiled loses 6 % of its protein (the shipped losses); carrots and the egg, raw, nothing.
    expect(figures.per_100g.proteinG.value).toBeCloseTo(((0.93 * 89) / 100 + 7.13 * 0.94 + (12.56 * 44) / 100) / 3, 9);
    expect(allergens).toEqual(['eggs', 'sesame']);
  });

  it('keeps the card a past day was served with: a new version starts today or later', async () => {
    const [category] = await t.db.insert(dishCategories).values({ organizationId: orgId, name: 'Супы' }).returning();
    const [soup] = await t.db
      .insert(dishes)
      .values({ organizationId: orgId, categoryId: category!.id, name: 'Суп', cost: '300', output: '250 г' })
      .returning();
    const id = soup!.id;
    // The first card may start in the past (the dish had none).
    expect((await put(card({ valid_from: day(-30) }), id)).statusCode).toBe(200);
    expect((await put(card({ valid_from: day(0), yield_g: 300 }), id)).statusCode).toBe(200);
    const yesterday = await put(card({ valid_from: day(-1), yield_g: 260 }), id);
    expect(yesterday.statusCode).toBe(422);
    expect(yesterday.json().validationErrors.valid_from).toEqual([M.servedVersion]);
    const past = await put(card({ valid_from: day(-30), yield_g: 260 }), id);
    expect(past.json().validationErrors.valid_from).toEqual([M.servedVersion]);
    // From tomorrow: today keeps the card of today, tomorrow has the new one.
    expect((await put(card({ valid_from: day(1), yield_g: 260 }), id)).statusCode).toBe(200);
    expect((await get(undefined, id)).json().card).toMatchObject({
      valid_from: day(0),
      valid_to: day(0),
      yield_g: 300,
    });
    expect((await get(day(1), id)).json().card).toMatchObject({ valid_from: day(1), valid_to: null, yield_g: 260 });
    expect((await get(day(-10), id)).json().card).toMatchObject({
      valid_from: day(-30),
      valid_to: day(-1),
      yield_g: 250,
    });
    expect((await get(day(-31), id)).json().card).toBeNull();
    expect((await get(undefined, id)).json().versions.map((v: { valid_from: string }) => v.valid_from)).toEqual([
      day(1),
      day(0),
      day(-30),
    ]);
    // Today's version may still be corrected: it replaces itself.
    expect((await put(card({ valid_from: day(0), yield_g: 310 }), id)).json().card.yield_g).toBe(310);
    expect((await get(undefined, id)).json().versions).toHaveLength(3);
    // The answer names the organization's today, the first day a new version may start: at 20:00 UTC it
    // is already tomorrow in Almaty, and a browser's own clock (UTC in a test, wrong on an old computer)
    // would propose a day the server refuses.
    expect((await get(undefined, id)).json().today).toBe(day(0));
    const noon = t.clock.now;
    t.clock.now = new Date('2026-10-05T20:00:00Z');
    try {
      expect((await get(undefined, id)).json().today).toBe('2026-10-06');
    } finally {
      t.clock.now = noon;
    }
  });

  it('refuses wrong weights, foods and age groups with the line named, and keeps the card as it was', async () => {
    const before = (await get()).json();
    for (const [body, field, message] of [
      [card({ lines: [{ food_id: food['11124'], gross_g: 100, net_g: 120 }] }), 'lines.0.net_g', M.netOverGross],
      [card({ lines: [{ food_id: food['11124'], gross_g: 'сто' }] }), 'lines.0.gross_g', M.grams],
      [card({ lines: [{ food_id: food['11124'], gross_g: 0 }] }), 'lines.0.gross_g', M.grams],
      [card({ lines: [{ food_id: food['11124'], gross_g: 10.25 }] }), 'lines.0.gross_g', M.grams],
      [card({ lines: [] }), 'lines', M.noLines],
      [card({ lines: [{ food_id: theirFood, gross_g: 10 }] }), 'lines.0.food_id', M.foodNotFound],
      [card({ lines: [{ food_id: 2_000_000_000, gross_g: 10 }] }), 'lines.0.food_id', M.foodNotFound],
      [
        card({ portions: [{ age_group_id: theirGroup, portion_g: 200 }] }),
        'portions.0.age_group_id',
        M.ageGroupNotFound,
      ],
      [
        card({
          portions: [
            { age_group_id: juniors, portion_g: 200 },
            { age_group_id: juniors, portion_g: 250 },
          ],
        }),
        'portions.1.age_group_id',
        M.ageGroupTwice,
      ],
      [card({ method: 'microwave' }), 'method', M.method],
      [card({ yield_g: -5 }), 'yield_g', M.grams],
      [card({ valid_from: '2026-13-01' }), 'valid_from', M.date],
    ] as const) {
      const res = await put(body);
      expect(res.statusCode, field).toBe(422);
      expect(res.json().validationErrors[field], field).toEqual([message]);
    }
    expect((await get()).json()).toEqual(before);
  });

  it('is another organization’s dish to nobody here (404), and refused to a role that builds no menus (403)', async () => {
    const [category] = await t.db.insert(dishCategories).values({ organizationId: otherOrgId, name: 'Их' }).returning();
    const [theirs] = await t.db
      .insert(dishes)
      .values({ organizationId: otherOrgId, categoryId: category!.id, name: 'Их плов', cost: '1', output: '1' })
      .returning();
    expect((await get(undefined, theirs!.id)).statusCode).toBe(404);
    expect((await put(card(), theirs!.id)).statusCode).toBe(404);
    const cashier = await signedIn(t.platform, {
      role: 'EducationCashier',
      organizationId: orgId,
      email: 'c@cards.kz',
    });
    expect((await put(card(), pilaf, cashier.token)).statusCode).toBe(403);
    // An archived dish has no card to read or save.
    await t.db.update(dishes).set({ deletedAt: new Date() }).where(eq(dishes.id, theirs!.id));
  });
});

describe('GET /api/menu/:id/figures', () => {
  it('sums each meal and day per age group from the cards, averages the cycle, and names what a sum lacks', async () => {
    const [category] = await t.db.insert(dishCategories).values({ organizationId: orgId, name: 'Каши' }).returning();
    const [rice, bread] = await t.db
      .insert(dishes)
      .values([
        { organizationId: orgId, categoryId: category!.id, name: 'Рисовая каша', cost: '1', output: '150 г' },
        {
          organizationId: orgId,
          categoryId: category!.id,
          name: 'Хлеб',
          cost: '1',
          output: '30 г',
          allergens: ['gluten'],
        },
      ])
      .returning();
    const [seniors] = await t.db
      .insert(ageGroups)
      .values({ organizationId: orgId, name: '11–18 лет', ageFrom: 11, ageTo: 18 })
      .returning();
    // 100 g of dry rice gives 100 g here: a 150 g portion is 1.5 × the rice's 365 kcal per 100 g.
    const saved = await put(
      card({
        lines: [{ food_id: food['20444'], gross_g: 100 }],
        yield_g: 100,
        portions: [{ age_group_id: juniors, portion_g: 150 }],
      }),
      rice!.id,
    );
    expect(saved.statusCode).toBe(200);
    const [menu] = await t.db
      .insert(menus)
      .values({ organizationId: orgId, name: 'Цикл', days: 3, groups: [1, 3] })
      .returning();
    // An omelette for the seniors' breakfast: its eggs give it their allergen.
    const [omelette] = await t.db
      .insert(dishes)
      .values({ organizationId: orgId, categoryId: category!.id, name: 'Омлет', cost: '1', output: '150 г' })
      .returning();
    const egg = await put(
      card({
        lines: [{ food_id: food['01123'], gross_g: 50 }],
        yield_g: 300,
        portions: [{ age_group_id: seniors!.id, portion_g: 150 }],
      }),
      omelette!.id,
    );
    expect(egg.statusCode).toBe(200);
    const [eggs] = await t.db
      .insert(menus)
      .values({ organizationId: orgId, name: 'Омлеты', days: 1, groups: [1] })
      .returning();
    await t.db.insert(menuDishes).values({ menuId: eggs!.id, day: 1, group: 1, dishId: omelette!.id });
    await t.db.insert(menuDishes).values([
      { menuId: menu!.id, day: 1, group: 3, dishId: rice!.id },
      { menuId: menu!.id, day: 1, group: 3, dishId: bread!.id },
      { menuId: menu!.id, day: 2, group: 1, dishId: rice!.id },
    ]);
    const res = await t.call({ method: 'GET', url: `/api/menu/${menu!.id}/figures`, token: admin.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.date).toBe(day(0));
    expect(body.age_groups.map((g: { id: number }) => g.id)).toEqual([juniors, seniors!.id]);
    const lunch = body.days[0].meals.find((m: { group: number }) => m.group === 3);
    // Each dish with its portions by its card, and its allergens (the bread's are the cook's own).
    expect(lunch.dishes).toEqual([
      {
        id: rice!.id,
        name: 'Рисовая каша',
        card: true,
        portions: [{ age_group_id: juniors, portion_g: 150 }],
        allergens: [],
      },
      { id: bread!.id, name: 'Хлеб', card: false, portions: [], allergens: ['gluten'] },
    ]);
    const ofEggs = (await t.call({ method: 'GET', url: `/api/menu/${eggs!.id}/figures`, token: admin.token })).json();
    expect(ofEggs.days[0].meals[0].dishes).toEqual([
      {
        id: omelette!.id,
        name: 'Омлет',
        card: true,
        portions: [{ age_group_id: seniors!.id, portion_g: 150 }],
        allergens: ['eggs'],
      },
    ]);
    const [young, old] = lunch.figures;
    expect(young.figures.energyKcal.value).toBeCloseTo(547.5, 9);
    expect(young.figures.proteinG.value).toBeCloseTo(7.13 * 1.5, 9);
    expect(young.figures.energyKcal.missing).toEqual(['«Хлеб» — нет технологической карты']);
    expect(old.figures.energyKcal).toEqual({
      value: 0,
      missing: ['«Рисовая каша» — нет порции для этой группы', '«Хлеб» — нет технологической карты'],
    });
    // Day 2's breakfast is complete; day 3 has nothing and is left out of the average.
    expect(body.days[1].figures[0].figures.energyKcal).toEqual({ value: 547.5, missing: [] });
    expect(body.days[2].figures[0].figures.energyKcal).toEqual({ value: 0, missing: [] });
    expect(body.average[0].figures.energyKcal.value).toBeCloseTo(547.5, 9);
    expect(body.without_card).toEqual([{ id: bread!.id, name: 'Хлеб' }]);
    // The rice comes again the next day, and after day 2 day 1 of the next round of three days comes two
    // days later (docs/rules.md "The menu's rules").
    expect(body.violations).toEqual([
      {
        rule: 'repeat',
        day: 1,
        week: null,
        dish_id: rice!.id,
        text: '«Рисовая каша» снова в день 1 после дня 2: не раньше чем через 2 дн.',
      },
      {
        rule: 'repeat',
        day: 2,
        week: null,
        dish_id: rice!.id,
        text: '«Рисовая каша» снова в день 2 после дня 1: не раньше чем через 2 дн.',
      },
    ]);
    // Before the rice had a card, its days lack it too.
    const before = await t.call({
      method: 'GET',
      url: `/api/menu/${menu!.id}/figures?date=2020-01-01`,
      token: admin.token,
    });
    expect(before.json().days[1].figures[0].figures.energyKcal.missing).toEqual([
      '«Рисовая каша» — нет технологической карты',
    ]);

    // Against a norm set: none yet, then the organization's only one (docs/rules.md "The menu against the norm").
    expect(body.norm_set).toBeNull();
    expect(young.checks).toEqual([]);
    const set = await t.call({
      method: 'POST',
      url: '/api/norm/set',
      token: admin.token,
      payload: {
        name: 'Нормы для проверки',
        source: 'Тест',
        shares: [
          { meal: 1, share_pct: 25 },
          { meal: 3, share_pct: 35 },
        ],
        rows: [
          { age_group_id: juniors, values: { energyKcal: 2000, proteinG: 80 } },
          { age_group_id: juniors, meal: 3, values: { energyKcal: 600 } },
        ],
      },
    });
    expect(set.statusCode).toBe(200);
    const normed = (await t.call({ method: 'GET', url: `/api/menu/${menu!.id}/figures`, token: admin.token })).json();
    expect(normed.norm_set).toMatchObject({
      id: set.json().id,
      name: 'Нормы для проверки',
      version: 1,
      tolerance_pct: '10.00',
    });
    type Check = { nutrient: string; norm: number };
    const checks = (f: { checks: Check[] }): Record<string, Check> =>
      Object.fromEntries(f.checks.map((c) => [c.nutrient, c]));
    // Lunch: the set's own 600 kcal; protein 35 % of 80 g. The bread has no card: under the norm nothing
    // sure can be said of the lunch (within: null).
    const lunchChecks = checks(normed.days[0].meals.find((m: { group: number }) => m.group === 3).figures[0]);
    expect(lunchChecks.energyKcal).toEqual({
      nutrient: 'energyKcal',
      norm: 600,
      value: 547.5,
      deviation: -52.5,
      deviation_pct: -8.8,
      within: null,
    });
    expect(lunchChecks.proteinG).toEqual({
      nutrient: 'proteinG',
      norm: 28,
      value: 10.7,
      deviation: -17.3,
      deviation_pct: -61.8,
      within: null,
    });
    // Day 1 serves only lunch: its norm is lunch's. Day 2's breakfast, complete: 25 % of 2000 kcal within,
    // 25 % of 80 g of protein not. Day 3 serves nothing.
    expect(checks(normed.days[0].figures[0]).energyKcal?.norm).toBe(600);
    expect(checks(normed.days[1].figures[0]).energyKcal).toMatchObject({ norm: 500, deviation: 47.5, within: true });
    expect(checks(normed.days[1].figures[0]).proteinG).toMatchObject({ norm: 20, value: 10.7, within: false });
    expect(normed.days[1].meals.find((m: { group: number }) => m.group === 3).figures[0].checks).toEqual([]);
    expect(normed.days[2].figures[0].checks).toEqual([]);
    // The average day against the average of the days' norms (day 1 lacks the bread: unsure); the older
    // group has no norm in the set.
    expect(checks(normed.average[0]).energyKcal).toMatchObject({ norm: 550, value: 547.5, within: null });
    expect(checks(normed.average[0]).proteinG).toMatchObject({ norm: 24, within: null });
    expect(normed.average[1].checks).toEqual([]);
  });
  it('holds a dish to the sugar limit by its added sugar: milk’s and fruit’s own sugars do not count, the sugar and an own food’s do', async () => {
    const shipped = new Map(
      (
        await t.db
          .select({ id: foods.id, ndbNo: foods.ndbNo })
          .from(foods)
          .where(inArray(foods.ndbNo, ['01211', '09016', '19335', '14355']))
      ).map((r) => [r.ndbNo!, r.id]),
    );
    const [syrup] = await t.db
      .insert(foods)
      .values({ organizationId: orgId, nameRu: 'Сироп шиповника', source: 'Своя таблица', sugarsG: '60' })
      .returning();
    const [category] = await t.db.insert(dishCategories).values({ organizationId: orgId, name: 'Напитки' }).returning();
    const drink = async (name: string, lines: { food_id: number; gross_g: number }[]) => {
      const [row] = await t.db
        .insert(dishes)
        .values({ organizationId: orgId, categoryId: category!.id, name, cost: '100', output: '200 мл' })
        .returning();
      const saved = await put(
        { ...card(), method: 'raw', yield_g: 1000, lines, portions: [{ age_group_id: juniors, portion_g: 200 }] },
        row!.id,
      );
      expect(saved.statusCode).toBe(200);
      return row!.id;
    };
    // Milk (5.05 g of its own sugars per 100 g) and juice (9.62 g) pass; tea with 60 g of sugar in a litre
    // (5.99 g) and with 80 g of an own syrup of 60 % sugars (4.8 g) — over and within.
    const milk = await drink('Молоко', [{ food_id: shipped.get('01211')!, gross_g: 1000 }]);
    const juice = await drink('Сок яблочный', [{ food_id: shipped.get('09016')!, gross_g: 1000 }]);
    const sweet = await drink('Чай сладкий', [
      { food_id: shipped.get('14355')!, gross_g: 940 },
      { food_id: shipped.get('19335')!, gross_g: 60 },
    ]);
    const rosehip = await drink('Чай с сиропом', [
      { food_id: shipped.get('14355')!, gross_g: 920 },
      { food_id: syrup!.id, gross_g: 80 },
    ]);
    const overSyrup = await drink('Морс на сиропе', [
      { food_id: shipped.get('14355')!, gross_g: 900 },
      { food_id: syrup!.id, gross_g: 100 },
    ]);
    const [menu] = await t.db
      .insert(menus)
      .values({ organizationId: orgId, name: 'Напитки', days: 5, groups: [1] })
      .returning();
    await t.db.insert(menuDishes).values(
      [milk, juice, sweet, rosehip, overSyrup].map((dishId, i) => ({
        menuId: menu!.id,
        day: i + 1,
        group: 1,
        dishId,
      })),
    );
    const res = await t.call({ method: 'GET', url: `/api/menu/${menu!.id}/figures`, token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().violations.map((v: { day: number; text: string }) => [v.day, v.text])).toEqual([
      [3, '«Чай сладкий»: добавленного сахара 5,99 г на 100 г, больше 5 г'],
      [5, '«Морс на сиропе»: добавленного сахара 6 г на 100 г, больше 5 г'],
    ]);
  });

  it('is 404 for another organization’s menu and 422 for a date that is not one', async () => {
    const [theirs] = await t.db
      .insert(menus)
      .values({ organizationId: otherOrgId, name: 'Их', days: 1, groups: [3] })
      .returning();
    const res = await t.call({ method: 'GET', url: `/api/menu/${theirs!.id}/figures`, token: admin.token });
    expect(res.statusCode).toBe(404);
    const bad = await t.call({
      method: 'GET',
      url: `/api/menu/${theirs!.id}/figures?date=31.12.2026`,
      token: admin.token,
    });
    expect(bad.statusCode).toBe(422);
  });

  it('is 404 for another organization’s norm set, 422 for a set that is not an id', async () => {
    const other = await signedIn(t.platform, {
      role: 'EducationAdmin',
      organizationId: otherOrgId,
      email: 'o@cards.kz',
    });
    const theirs = await t.call({
      method: 'POST',
      url: '/api/norm/set',
      token: other.token,
      payload: { name: 'Их нормы', source: 'Их' },
    });
    const [menu] = await t.db
      .insert(menus)
      .values({ organizationId: orgId, name: 'Ещё', days: 1, groups: [3] })
      .returning();
    const url = `/api/menu/${menu!.id}/figures`;
    const res = await t.call({ method: 'GET', url: `${url}?norm_set_id=${theirs.json().id}`, token: admin.token });
    expect(res.statusCode).toBe(404);
    const bad = await t.call({ method: 'GET', url: `${url}?norm_set_id=abc`, token: admin.token });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().validationErrors.norm_set_id).toHaveLength(1);
  });
});

describe('a card’s cost from the foods’ prices', () => {
  const price = (foodId: number, body: Record<string, unknown>) =>
    t.call({ method: 'PUT', url: `/api/food/${foodId}/price`, token: admin.token, payload: body });

  it('is each line’s gross weight × its food’s price of the day, a portion its share of the yield, a food without a price named', async () => {
    const [category] = await t.db.insert(dishCategories).values({ organizationId: orgId, name: 'Цены' }).returning();
    const [dish] = await t.db
      .insert(dishes)
      .values({ organizationId: orgId, categoryId: category!.id, name: 'Рис с морковью', cost: '1', output: '150 г' })
      .returning();
    expect((await price(food['20444']!, { price_per_kg: '600', valid_from: day(-10) })).statusCode).toBe(200);
    // The same day's price replaced; a later one counts from its day only.
    const prices = await price(food['20444']!, { price_per_kg: '650,00', valid_from: day(-10) });
    expect(prices.json().rows.map((r: { price_per_kg: string }) => r.price_per_kg)).toEqual(['650.00']);
    await price(food['20444']!, { price_per_kg: '700', valid_from: day(1) });
    const saved = await put(
      card({
        lines: [
          { food_id: food['20444'], gross_g: 100 },
          { food_id: food['11124'], gross_g: 112 },
        ],
        yield_g: 300,
        portions: [{ age_group_id: juniors, portion_g: 150 }],
      }),
      dish!.id,
    );
    // 100 g × 650 тг/kg = 65.00; the 150 g portion is half the 300 g yield.
    expect(saved.json().card.cost).toEqual({
      total: '65.00',
      portions: [{ age_group_id: juniors, cost: '32.50' }],
      missing: ['Морковь'],
    });
    const tomorrow = await t.call({
      method: 'GET',
      url: `/api/product/${dish!.id}/card?date=${day(1)}`,
      token: admin.token,
    });
    expect(tomorrow.json().card.cost.total).toBe('70.00');
    const list = await t.call({ method: 'GET', url: `/api/food/${food['20444']}/prices`, token: admin.token });
    expect(list.json().rows.map((r: { valid_from: string }) => r.valid_from)).toEqual([day(1), day(-10)]);
  });

  it('holds each day’s cost by the day’s prices against the social wallet’s daily cost, or the category asked', async () => {
    const [category] = await t.db.insert(dishCategories).values({ organizationId: orgId, name: 'Тариф' }).returning();
    const [rice, bun] = await t.db
      .insert(dishes)
      .values([
        { organizationId: orgId, categoryId: category!.id, name: 'Рис отварной', cost: '1', output: '150 г' },
        { organizationId: orgId, categoryId: category!.id, name: 'Булочка', cost: '1', output: '60 г' },
      ])
      .returning();
    await price(food['20444']!, { price_per_kg: '650', valid_from: day(-30) });
    // 100 g of rice makes 100 g: the 150 g portion buys 150 g at 650 тг/kg = 97.50.
    await put(
      card({
        lines: [{ food_id: food['20444'], gross_g: 100 }],
        yield_g: 100,
        portions: [{ age_group_id: juniors, portion_g: 150 }],
        valid_from: day(-30),
      }),
      rice!.id,
    );
    const [wallet, paid] = await t.db
      .insert(foodCategories)
      .values([
        { organizationId: orgId, name: 'Социальный кошелёк', cost: '90.00', type: 'sw' },
        { organizationId: orgId, name: 'Платное', cost: '200.00', type: 'common' },
      ])
      .returning();
    const [menu] = await t.db
      .insert(menus)
      .values({ organizationId: orgId, name: 'По тарифу', days: 2, groups: [3] })
      .returning();
    await t.db.insert(menuDishes).values([
      { menuId: menu!.id, day: 1, group: 3, dishId: rice!.id },
      { menuId: menu!.id, day: 2, group: 3, dishId: rice!.id },
      { menuId: menu!.id, day: 2, group: 3, dishId: bun!.id },
    ]);
    const figures = async (query = '') =>
      t.call({ method: 'GET', url: `/api/menu/${menu!.id}/figures${query}`, token: admin.token });
    const byWallet = (await figures()).json();
    expect(byWallet.tariff).toMatchObject({ id: wallet!.id, name: 'Социальный кошелёк', cost: '90.00' });
    type Cost = { age_group_id: number; cost: string; missing: string[]; paid: string; over: boolean | null };
    const junior = (d: { cost: Cost[] }) => d.cost.find((c) => c.age_group_id === juniors)!;
    expect(junior(byWallet.days[0])).toEqual({
      age_group_id: juniors,
      cost: '97.50',
      missing: [],
      paid: '97.50',
      over: true,
    });
    // Over even though the bun has no card: more would only add.
    expect(junior(byWallet.days[1])).toEqual({
      age_group_id: juniors,
      cost: '97.50',
      missing: ['«Булочка» — нет технологической карты'],
      paid: '97.50',
      over: true,
    });
    expect(byWallet.tariff.meals).toBeNull();
    const byPaid = (await figures(`?food_category_id=${paid!.id}`)).json();
    expect(byPaid.tariff.id).toBe(paid!.id);
    expect(junior(byPaid.days[0]).over).toBe(false);
    // Under the tariff but incomplete: nothing sure.
    expect(junior(byPaid.days[1]).over).toBeNull();
    const [theirs] = await t.db
      .insert(foodCategories)
      .values({ organizationId: otherOrgId, name: 'Их', cost: '1', type: 'sw' })
      .returning();
    expect((await figures(`?food_category_id=${theirs!.id}`)).statusCode).toBe(404);
    expect((await figures('?food_category_id=abc')).statusCode).toBe(422);

    // A category that pays for the lunch meal time is held against the menu's lunch alone: rice at
    // breakfast and at lunch cost 195.00 a day, the lunch 97.50 within 100.00.
    const [, lunchTime, bareTime] = await t.db
      .insert(fixationCategories)
      .values([
        { organizationId: orgId, name: 'Завтрак', timeStart: '08:00', timeFinish: '09:00', mealMode: 1 },
        { organizationId: orgId, name: 'Обед', timeStart: '12:00', timeFinish: '13:00', mealMode: 3 },
        { organizationId: orgId, name: 'Полдник', timeStart: '15:00', timeFinish: '15:30' },
      ])
      .returning();
    const [lunches, unsaid] = await t.db
      .insert(foodCategories)
      .values([
        { organizationId: orgId, name: 'Обеды', cost: '100.00', type: 'sw', meals: [lunchTime!.id] },
        { organizationId: orgId, name: 'Без приёма', cost: '100.00', type: 'sw', meals: [lunchTime!.id, bareTime!.id] },
      ])
      .returning();
    const [both] = await t.db
      .insert(menus)
      .values({ organizationId: orgId, name: 'Завтрак и обед', days: 1, groups: [1, 3] })
      .returning();
    await t.db.insert(menuDishes).values([
      { menuId: both!.id, day: 1, group: 1, dishId: rice!.id },
      { menuId: both!.id, day: 1, group: 3, dishId: rice!.id },
    ]);
    const ofBoth = async (category: number) =>
      (
        await t.call({
          method: 'GET',
          url: `/api/menu/${both!.id}/figures?food_category_id=${category}`,
          token: admin.token,
        })
      ).json();
    const lunchOnly = await ofBoth(lunches!.id);
    expect(lunchOnly.tariff.meals).toEqual([3]);
    expect(junior(lunchOnly.days[0])).toEqual({
      age_group_id: juniors,
      cost: '195.00',
      missing: [],
      paid: '97.50',
      over: false,
    });
    // A meal time that says no meal of the menu: the whole day, over.
    const wholeDay = await ofBoth(unsaid!.id);
    expect(wholeDay.tariff.meals).toBeNull();
    expect(junior(wholeDay.days[0])).toMatchObject({ cost: '195.00', paid: '195.00', over: true });
  });

  it('lays out a day: each dish’s foods for its yield and each age group’s portion, the dishes without a card bare', async () => {
    const [category] = await t.db
      .insert(dishCategories)
      .values({ organizationId: orgId, name: 'Раскладка' })
      .returning();
    const [porridge, juice] = await t.db
      .insert(dishes)
      .values([
        { organizationId: orgId, categoryId: category!.id, name: 'Каша на раскладку', cost: '1', output: '200 г' },
        { organizationId: orgId, categoryId: category!.id, name: 'Сок', cost: '1', output: '200 мл' },
      ])
      .returning();
    await put(
      card({
        lines: [
          { food_id: food['20444'], gross_g: 120 },
          { food_id: food['11124'], gross_g: 56, net_g: 50 },
        ],
        yield_g: 600,
        portions: [{ age_group_id: juniors, portion_g: 200 }],
      }),
      porridge!.id,
    );
    const [menu] = await t.db
      .insert(menus)
      .values({ organizationId: orgId, name: 'Раскладка', days: 2, groups: [1, 3] })
      .returning();
    await t.db.insert(menuDishes).values([
      { menuId: menu!.id, day: 2, group: 1, dishId: porridge!.id },
      { menuId: menu!.id, day: 2, group: 1, dishId: juice!.id, position: 1 },
    ]);
    const layout = (query: string, token = admin.token) =>
      t.call({ method: 'GET', url: `/api/menu/${menu!.id}/layout?${query}`, token });
    const res = await layout('day=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ menu_id: menu!.id, day: 2, date: day(0) });
    expect(body.meals.map((m: { group: number }) => m.group)).toEqual([1, 3]);
    expect(body.meals[0].dishes).toEqual([
      {
        id: porridge!.id,
        name: 'Каша на раскладку',
        card: true,
        yield_g: 600,
        portions: [{ age_group_id: juniors, portion_g: 200 }],
        lines: [
          { food_id: food['20444'], food: expect.any(String), gross_g: 120, net_g: 120 },
          { food_id: food['11124'], food: 'Морковь', gross_g: 56, net_g: 50 },
        ],
      },
      { id: juice!.id, name: 'Сок', card: false, yield_g: null, portions: [], lines: [] },
    ]);
    expect(body.meals[1].dishes).toEqual([]);
    for (const q of ['day=3', 'day=0', 'day=x', '']) {
      const bad = await layout(q);
      expect({ q, status: bad.statusCode }).toEqual({ q, status: 422 });
      expect(bad.json().validationErrors).toHaveProperty('day');
    }
    const [theirs] = await t.db
      .insert(menus)
      .values({ organizationId: otherOrgId, name: 'Их', days: 2, groups: [1] })
      .returning();
    expect(
      (await t.call({ method: 'GET', url: `/api/menu/${theirs!.id}/layout?day=1`, token: admin.token })).statusCode,
    ).toBe(404);
    const cashier = await signedIn(t.platform, {
      role: 'EducationCashier',
      organizationId: orgId,
      email: 'layout@cards.kz',
    });
    expect((await layout('day=2', cashier.token)).statusCode).toBe(403);
  });

  it('refuses a price that is not one, and another organization’s food', async () => {
    const bad = await price(food['20444']!, { price_per_kg: 'дорого', valid_from: day(0) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().validationErrors.price_per_kg).toBeDefined();
    const cents = await price(food['20444']!, { price_per_kg: '10.005', valid_from: day(0) });
    expect(cents.statusCode).toBe(422);
    expect((await price(theirFood, { price_per_kg: '100', valid_from: day(0) })).statusCode).toBe(404);
    const cashier = await signedIn(t.platform, {
      role: 'EducationCashier',
      organizationId: orgId,
      email: 'p@cards.kz',
    });
    const refused = await t.call({
      method: 'PUT',
      url: `/api/food/${food['20444']}/price`,
      token: cashier.token,
      payload: { price_per_kg: '1', valid_from: day(0) },
    });
    expect(refused.statusCode).toBe(403);
  });
});
