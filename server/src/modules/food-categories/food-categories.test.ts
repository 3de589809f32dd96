import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, signedIn } from '../../../test/factories.ts';
import { createFixationCategory, createFoodCategory, createPupil } from '../../../test/factories-people.ts';
import { auditLog } from '../../platform/db/schema.ts';
import { foodCategories, users } from '../../platform/db/schema-people.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** An education organization of its own per test, with its admin's token. */
async function school(timeZone = 'Asia/Almaty') {
  const org = await createOrganization(t.db, { type: 'education', timeZone });
  const admin = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org.id })).token;
  return { org, admin };
}
const foreignCategory = async () => {
  const org = await createOrganization(t.db, { type: 'education' });
  return createFoodCategory(t.db, { organizationId: org.id, name: 'Чужая' });
};
const post = (token: string, payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/api/food/category', token, payload });
const put = (token: string, payload: Record<string, unknown>) =>
  t.call({ method: 'PUT', url: '/api/food/category', token, payload });

describe('GET /api/food/categories', () => {
  it('names a category in Kazakh and Russian, either first; a change that leaves one out keeps it', async () => {
    const { admin } = await school();
    const call = (method: 'POST' | 'PUT', payload: object) =>
      t.call({ method, url: '/api/food/category', token: admin, payload });
    const made = await call('POST', { name_kk: 'Тегін тамақ', cost: '650' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ name: 'Тегін тамақ', name_ru: null, name_kk: 'Тегін тамақ' });
    const id = made.json().id as number;
    // The spec's client sends the Russian name alone: the Kazakh one stays.
    const ru = await call('PUT', { id, name: 'Бесплатное питание', cost: '650' });
    expect(ru.json()).toMatchObject({
      name: 'Бесплатное питание',
      name_ru: 'Бесплатное питание',
      name_kk: 'Тегін тамақ',
    });
    // Found by either name.
    const found = await t.call({
      method: 'GET',
      url: `/api/food/categories?query=${encodeURIComponent('тегін')}`,
      token: admin,
    });
    expect(found.json().rows.map((r: { id: number }) => r.id)).toEqual([id]);
    // Neither name: refused on `name`, nothing changed.
    const none = await call('POST', { name: '', name_kk: '', cost: '1' });
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().validationErrors)).toEqual(['name']);
    const cleared = await call('PUT', { id, name: '', name_kk: '', cost: '650' });
    expect(cleared.statusCode).toBe(422);
    expect(Object.keys(cleared.json().validationErrors)).toEqual(['name']);
    const kept = await t.call({ method: 'GET', url: `/api/food/category/${id}`, token: admin });
    expect(kept.json()).toMatchObject({ name_ru: 'Бесплатное питание', name_kk: 'Тегін тамақ' });
  });

  it('lists the live categories of the own organization by name, cost with 2 decimals', async () => {
    const { org, admin } = await school();
    const sw = await createFoodCategory(t.db, { organizationId: org.id, name: 'Льготная', cost: '650', type: 'sw' });
    await createFoodCategory(t.db, { organizationId: org.id, name: 'Бесплатная', cost: '0' });
    await createFoodCategory(t.db, { organizationId: org.id, name: 'Архив', deletedAt: new Date() });
    await foreignCategory();
    const res = await t.call({ method: 'GET', url: '/api/food/categories', token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 2,
      rows: [
        {
          id: expect.any(Number),
          name: 'Бесплатная',
          name_ru: 'Бесплатная',
          name_kk: null,
          cost: '0.00',
          type: 'common',
          meals: null,
          created_at: expect.any(String),
        },
        {
          id: sw.id,
          name: 'Льготная',
          name_ru: 'Льготная',
          name_kk: null,
          cost: '650.00',
          type: 'sw',
          meals: null,
          created_at: sw.createdAt.toISOString(),
        },
      ],
    });
  });

  it('searches by name and pages', async () => {
    const { org, admin } = await school();
    for (const name of ['1-4 классы', '5-11 классы', 'Сотрудники'])
      await createFoodCategory(t.db, { organizationId: org.id, name });
    const res = await t.call({
      method: 'GET',
      url: `/api/food/categories?query=${encodeURIComponent('КЛАСС')}&limit=1`,
      token: admin,
    });
    expect(res.json()).toMatchObject({ total: 2, rows: [{ name: '1-4 классы' }] });
  });

  it('is open to the social teacher and to the kindergarten admin (the user form picks a category)', async () => {
    const { org } = await school();
    for (const role of ['EducationSocialTeacher', 'EducationKindergartenAdmin'] as const) {
      const { token } = await signedIn(t.platform, { role, organizationId: org.id });
      expect((await t.call({ method: 'GET', url: '/api/food/categories', token })).statusCode).toBe(200);
    }
  });

  it('answers 422 on a bad limit', async () => {
    const { admin } = await school();
    const res = await t.call({ method: 'GET', url: '/api/food/categories?limit=100000', token: admin });
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors).toHaveProperty('limit');
  });

  it('answers 403 to a company admin', async () => {
    const { token } = await signedIn(t.platform, { role: 'Admin' });
    expect((await t.call({ method: 'GET', url: '/api/food/categories', token })).statusCode).toBe(403);
  });
});

describe('GET /api/food/category/{id}', () => {
  it('answers the category', async () => {
    const { org, admin } = await school();
    const c = await createFoodCategory(t.db, { organizationId: org.id, name: 'Обед', cost: '712.5' });
    const res = await t.call({ method: 'GET', url: `/api/food/category/${c.id}`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: c.id, name: 'Обед', cost: '712.50', type: 'common' });
  });

  it('answers 404 for a category of another organization', async () => {
    const { admin } = await school();
    const res = await t.call({
      method: 'GET',
      url: `/api/food/category/${(await foreignCategory()).id}`,
      token: admin,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().errorMessage).toBe('Категория питания не найдена');
  });

  it('answers 422 on a bad id', async () => {
    const { admin } = await school();
    expect((await t.call({ method: 'GET', url: '/api/food/category/abc', token: admin })).statusCode).toBe(422);
  });

  it('answers 403 to the kindergarten admin (the list only)', async () => {
    const { org } = await school();
    const c = await createFoodCategory(t.db, { organizationId: org.id });
    const { token } = await signedIn(t.platform, { role: 'EducationKindergartenAdmin', organizationId: org.id });
    expect((await t.call({ method: 'GET', url: `/api/food/category/${c.id}`, token })).statusCode).toBe(403);
  });
});

describe('POST /api/food/category', () => {
  it('creates a common category by default, the cost exact with 2 decimals', async () => {
    const { org, admin } = await school();
    const res = await post(admin, { name: ' Завтрак ', cost: '650' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Завтрак', cost: '650.00', type: 'common' });
    const [row] = await t.db.select().from(foodCategories).where(eq(foodCategories.id, res.json().id));
    expect(row).toMatchObject({ organizationId: org.id, cost: '650.00' });
  });

  it('takes the cost as a number or a numeric string, with a dot or a comma', async () => {
    const { admin } = await school();
    const cases: [unknown, string][] = [
      [650.5, '650.50'],
      [0.1, '0.10'],
      ['0,2', '0.20'],
      ['  1000000 ', '1000000.00'],
      [0, '0.00'],
      ['007.5', '7.50'],
    ];
    for (const [cost, answer] of cases) {
      const res = await post(admin, { name: 'Категория', cost, type: 'sw' });
      expect(res.statusCode, String(cost)).toBe(200);
      expect(res.json()).toMatchObject({ cost: answer, type: 'sw' });
    }
  });

  it('keeps money exact: 0.10 + 0.20 add up to 0.30 in the database', async () => {
    const { admin } = await school();
    const ids = [];
    for (const cost of ['0.10', '0.20', 0.1])
      ids.push((await post(admin, { name: 'Копейки', cost })).json().id as number);
    const [row] = await t.db
      .select({ sum: sql<string>`sum(${foodCategories.cost})::text` })
      .from(foodCategories)
      .where(inArray(foodCategories.id, ids));
    expect(row!.sum).toBe('0.40');
    const [a] = await t.db
      .select({ sum: sql<string>`sum(${foodCategories.cost})::text` })
      .from(foodCategories)
      .where(inArray(foodCategories.id, ids.slice(0, 2)));
    expect(a!.sum).toBe('0.30');
  });

  it('answers 422 on a cost with more than 2 decimals, negative, too big or not a number', async () => {
    const { admin } = await school();
    const cases: [unknown, string][] = [
      ['1.005', 'Введите сумму в тенге: не больше двух знаков после запятой'],
      [0.1 + 0.2, 'Введите сумму в тенге: не больше двух знаков после запятой'],
      ['abc', 'Введите число: сумму в тенге, например 450,50'],
      ['1 00', 'Введите число: сумму в тенге, например 450,50'],
      ['12,5 тг', 'Введите число: сумму в тенге, например 450,50'],
      [1e21, 'Стоимость не больше 1 000 000 тг.'],
      [true, 'Введите число: сумму в тенге, например 450,50'],
      [-1, 'Стоимость не может быть отрицательной'],
      ['-0.5', 'Стоимость не может быть отрицательной'],
      ['1000000.01', 'Стоимость не больше 1 000 000 тг.'],
      [99_999_999, 'Стоимость не больше 1 000 000 тг.'],
      ['', 'Обязательное поле'],
      [null, 'Обязательное поле'],
    ];
    for (const [cost, message] of cases) {
      const res = await post(admin, { name: 'Категория', cost });
      expect(res.statusCode, String(cost)).toBe(422);
      expect(res.json().validationErrors, String(cost)).toEqual({ cost: [message] });
    }
    // Thousands set apart by a space, as a school writes them, are the same number.
    const grouped = await post(admin, { name: 'Категория с пробелом', cost: '12 500,50' });
    expect(grouped.statusCode).toBe(200);
    expect(grouped.json()).toMatchObject({ cost: '12500.50' });
  });

  it('answers 422 on the name, a missing cost and an unknown type', async () => {
    const { admin } = await school();
    const res = await post(admin, { type: 'free' });
    expect(res.json().validationErrors).toEqual({
      name: ['Обязательное поле'],
      cost: ['Обязательное поле'],
      type: ['Выберите тип категории'],
    });
  });

  it('answers 403 to the kindergarten admin', async () => {
    const { org } = await school();
    const { token } = await signedIn(t.platform, { role: 'EducationKindergartenAdmin', organizationId: org.id });
    expect((await post(token, { name: 'Х', cost: 1 })).statusCode).toBe(403);
  });
});

describe('PUT /api/food/category', () => {
  it('changes name and cost without touching the pupils when the type stays', async () => {
    const { org, admin } = await school();
    const c = await createFoodCategory(t.db, { organizationId: org.id, type: 'sw' });
    const pupil = await createPupil(t.db, {
      organizationId: org.id,
      foodCategoryId: c.id,
      socialWalletSetDate: '2024-09-01',
    });
    const res = await put(admin, { id: c.id, name: 'Новая', cost: '700.25', type: 'sw' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: c.id, name: 'Новая', cost: '700.25', type: 'sw' });
    const [row] = await t.db.select().from(users).where(eq(users.id, pupil.id));
    expect(row).toMatchObject({ socialWalletSetDate: '2024-09-01', socialWalletResetDate: null });
  });

  it('common → sw sets the social wallet of its live pupils from today (local) and clears the reset date', async () => {
    const { org, admin } = await school('Asia/Tokyo');
    const c = await createFoodCategory(t.db, { organizationId: org.id, type: 'common' });
    const other = await createFoodCategory(t.db, { organizationId: org.id, type: 'common' });
    const p1 = await createPupil(t.db, {
      organizationId: org.id,
      foodCategoryId: c.id,
      socialWalletResetDate: '2025-01-01',
    });
    const p2 = await createPupil(t.db, { organizationId: org.id, foodCategoryId: c.id });
    const gone = await createPupil(t.db, { organizationId: org.id, foodCategoryId: c.id, deletedAt: new Date() });
    const elsewhere = await createPupil(t.db, { organizationId: org.id, foodCategoryId: other.id });
    // 20:00 UTC on the 10th is the 11th in Tokyo.
    t.clock.now = new Date('2025-03-10T20:00:00Z');
    const res = await put(admin, { id: c.id, name: c.name, cost: c.cost, type: 'sw' });
    expect(res.statusCode).toBe(200);
    const dates = async (id: number) =>
      (
        await t.db
          .select({ set: users.socialWalletSetDate, reset: users.socialWalletResetDate })
          .from(users)
          .where(eq(users.id, id))
      )[0];
    expect(await dates(p1.id)).toEqual({ set: '2025-03-11', reset: null });
    expect(await dates(p2.id)).toEqual({ set: '2025-03-11', reset: null });
    expect(await dates(gone.id)).toEqual({ set: null, reset: null });
    expect(await dates(elsewhere.id)).toEqual({ set: null, reset: null });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'food_category_type_change'), eq(auditLog.entityId, String(c.id))));
    expect(entry).toMatchObject({
      entity: 'food_category',
      organizationId: org.id,
      before: { type: 'common' },
      after: { type: 'sw', date: '2025-03-11', pupils: 2 },
    });

    // sw → common: reset today, the set date stays as the history of when it began.
    t.clock.now = new Date('2025-04-02T03:00:00Z');
    expect((await put(admin, { id: c.id, name: c.name, cost: c.cost, type: 'common' })).statusCode).toBe(200);
    expect(await dates(p1.id)).toEqual({ set: '2025-03-11', reset: '2025-04-02' });
    expect(await dates(gone.id)).toEqual({ set: null, reset: null });
    t.clock.now = new Date();
  });

  it("keeps the type when the update leaves it out (the spec's client sends {id, name, cost})", async () => {
    const { org, admin } = await school();
    const c = await createFoodCategory(t.db, { organizationId: org.id, type: 'sw' });
    const pupil = await createPupil(t.db, {
      organizationId: org.id,
      foodCategoryId: c.id,
      socialWalletSetDate: '2024-09-01',
    });
    const res = await put(admin, { id: c.id, name: 'Льготная', cost: 800 });
    expect(res.json()).toMatchObject({ type: 'sw', cost: '800.00' });
    const [row] = await t.db.select().from(users).where(eq(users.id, pupil.id));
    expect(row!.socialWalletResetDate).toBeNull();
  });

  it('answers 422 on the cost', async () => {
    const { org, admin } = await school();
    const c = await createFoodCategory(t.db, { organizationId: org.id });
    const res = await put(admin, { id: c.id, name: 'Х', cost: '10.123' });
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors).toHaveProperty('cost');
  });

  it('answers 404 for a category of another organization and changes no pupil', async () => {
    const { admin } = await school();
    const c = await foreignCategory();
    const pupil = await createPupil(t.db, { organizationId: c.organizationId, foodCategoryId: c.id });
    expect((await put(admin, { id: c.id, name: 'Х', cost: 1, type: 'sw' })).statusCode).toBe(404);
    const [row] = await t.db.select().from(users).where(eq(users.id, pupil.id));
    expect(row!.socialWalletSetDate).toBeNull();
  });

  it('answers 403 to the kindergarten admin', async () => {
    const { org } = await school();
    const c = await createFoodCategory(t.db, { organizationId: org.id });
    const { token } = await signedIn(t.platform, { role: 'EducationKindergartenAdmin', organizationId: org.id });
    expect((await put(token, { id: c.id, name: 'Х', cost: 1 })).statusCode).toBe(403);
  });
});

describe('DELETE /api/food/category/{id}', () => {
  it('archives a category without live pupils and audits it', async () => {
    const { org, admin } = await school();
    const c = await createFoodCategory(t.db, { organizationId: org.id, name: 'Удаляемая' });
    await createPupil(t.db, { organizationId: org.id, foodCategoryId: c.id, deletedAt: new Date() });
    const res = await t.call({ method: 'DELETE', url: `/api/food/category/${c.id}`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await t.call({ method: 'GET', url: '/api/food/categories', token: admin })).json().total).toBe(0);
    const [row] = await t.db.select().from(foodCategories).where(eq(foodCategories.id, c.id));
    expect(row!.deletedAt).not.toBeNull();
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'food_category_delete'), eq(auditLog.entityId, String(c.id))));
    expect(entry).toMatchObject({ before: { name: 'Удаляемая', cost: '650.00' } });
  });

  it('answers 409 with the number of live pupils in the category', async () => {
    const { org, admin } = await school();
    const c = await createFoodCategory(t.db, { organizationId: org.id });
    for (let i = 0; i < 3; i++) await createPupil(t.db, { organizationId: org.id, foodCategoryId: c.id });
    const res = await t.call({ method: 'DELETE', url: `/api/food/category/${c.id}`, token: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Conflict', errorMessage: 'Категория назначена ученикам: 3' });
    expect((await t.call({ method: 'GET', url: `/api/food/category/${c.id}`, token: admin })).statusCode).toBe(200);
  });

  it('answers 404 for a category of another organization', async () => {
    const { admin } = await school();
    const c = await foreignCategory();
    expect((await t.call({ method: 'DELETE', url: `/api/food/category/${c.id}`, token: admin })).statusCode).toBe(404);
  });

  it('answers 422 on a bad id', async () => {
    const { admin } = await school();
    expect((await t.call({ method: 'DELETE', url: '/api/food/category/x1', token: admin })).statusCode).toBe(422);
  });

  it('answers 403 to the kindergarten admin', async () => {
    const { org } = await school();
    const c = await createFoodCategory(t.db, { organizationId: org.id });
    const { token } = await signedIn(t.platform, { role: 'EducationKindergartenAdmin', organizationId: org.id });
    expect((await t.call({ method: 'DELETE', url: `/api/food/category/${c.id}`, token })).statusCode).toBe(403);
  });
});

describe('the meal times a food category pays for', () => {
  const mealTime = (organizationId: number, name: string, timeStart: string, timeFinish: string) =>
    createFixationCategory(t.db, { organizationId, name, timeStart, timeFinish });

  it('are kept as sent (each once, in id order), [] or null meaning every meal, and kept when an update leaves them out', async () => {
    const { org, admin } = await school();
    const breakfast = await mealTime(org.id, 'Завтрак', '08:00', '09:00');
    const lunch = await mealTime(org.id, 'Обед', '12:00', '13:00');
    const made = await post(admin, { name: 'Соцкошелёк', cost: 700, type: 'sw', meals: [lunch.id, lunch.id] });
    expect(made.statusCode).toBe(200);
    expect(made.json().meals).toEqual([lunch.id]);
    const id = made.json().id;
    expect((await put(admin, { id, name: 'Соцкошелёк', cost: 700 })).json().meals).toEqual([lunch.id]);
    expect(
      (await put(admin, { id, name: 'Соцкошелёк', cost: 700, meals: [lunch.id, breakfast.id] })).json().meals,
    ).toEqual([breakfast.id, lunch.id].sort((a, b) => a - b));
    expect((await put(admin, { id, name: 'Соцкошелёк', cost: 700, meals: [] })).json().meals).toBeNull();
    expect((await post(admin, { name: 'Платная', cost: 900 })).json().meals).toBeNull();
  });

  it('answer 422 on meals for another organization’s meal time, an archived one or not an id, and save nothing', async () => {
    const { org, admin } = await school();
    const own = await mealTime(org.id, 'Обед', '12:00', '13:00');
    const other = await createOrganization(t.db, { type: 'education' });
    const foreign = await mealTime(other.id, 'Обед', '12:00', '13:00');
    const archived = await createFixationCategory(t.db, {
      organizationId: org.id,
      name: 'Полдник',
      timeStart: '15:00',
      timeFinish: '16:00',
      deletedAt: new Date(),
    });
    for (const meals of [[foreign.id], [own.id, archived.id], ['обед'], [0], 'Обед']) {
      const res = await post(admin, { name: `Категория ${String(meals)}`, cost: 700, meals });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().validationErrors)).toEqual(['meals']);
    }
    const made = await post(admin, { name: 'Соцкошелёк', cost: 700, meals: [own.id] });
    const res = await put(admin, { id: made.json().id, name: 'Соцкошелёк', cost: 700, meals: [foreign.id] });
    expect(res.statusCode).toBe(422);
    const [row] = await t.db.select().from(foodCategories).where(eq(foodCategories.id, made.json().id));
    expect(row!.meals).toEqual([own.id]);
    const rows = await t.db.select().from(foodCategories).where(eq(foodCategories.organizationId, org.id));
    expect(rows.map((r) => r.name)).toEqual(['Соцкошелёк']);
  });
});
