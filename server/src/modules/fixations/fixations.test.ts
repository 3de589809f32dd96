import { randomUUID } from 'node:crypto';
import { KEY_REUSED } from '../../platform/http/idempotency.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, createUser, signedIn, tokenFor } from '../../../test/factories.ts';
import {
  createCanteen,
  createCard,
  createClassroom,
  createFixationCategory,
  createFoodCategory,
  createPupil,
  createWatch,
} from '../../../test/factories-people.ts';
import { childRestrictions, visits } from '../../platform/db/schema-people.ts';
import { dishCategories, dishes, menuActivations, menuDishes, menus } from '../../platform/db/schema-food.ts';

let t: TestContext;
let company: { id: number };
let canteen: { id: number };
let lunch: { id: number };
let admin: string;
let cashier: string;

// 13:00 in Almaty (UTC+5): inside the lunch window 12:00–15:00.
const LUNCH = new Date('2026-11-20T08:00:00Z');

beforeAll(async () => {
  t = await createTestContext();
  company = await createOrganization(t.db, { type: 'company' });
  canteen = await createCanteen(t.db, { organizationId: company.id });
  lunch = await createFixationCategory(t.db, {
    organizationId: company.id,
    name: 'Обед',
    timeStart: '12:00',
    timeFinish: '15:00',
  });
  await createFixationCategory(t.db, {
    organizationId: company.id,
    name: 'Ужин',
    timeStart: '17:00',
    timeFinish: '20:00',
  });
  admin = (await signedIn(t.platform, { role: 'Admin', organizationId: company.id })).token;
  cashier = (await signedIn(t.platform, { role: 'Cashier', organizationId: company.id })).token;
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.now = new Date(LUNCH);
});

async function employeeWithCard(opts: { endless?: boolean; watchDays?: number[] } = {}) {
  const watch = opts.watchDays ? await createWatch(t.db, { organizationId: company.id, days: opts.watchDays }) : null;
  const user = await createUser(t.db, {
    role: undefined as never,
    roleId: null,
    organizationId: company.id,
    watchId: watch?.id ?? null,
    jobTitle: 'Инженер',
  });
  const card = await createCard(t.db, {
    organizationId: company.id,
    userId: user.id,
    endlessUse: opts.endless ?? false,
  });
  return { user, card };
}

const scan = (cardId: string, token = cashier, extra: Record<string, unknown> = {}, key?: string) =>
  t.call({
    method: 'POST',
    url: '/api/fixation',
    token,
    payload: { cardId, canteenId: canteen.id, ...extra },
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

const countVisits = async (userId: number) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(visits)
      .where(eq(visits.userId, userId))
  )[0]!.n;

describe('POST /api/fixation', () => {
  it('records a visit in the current category and answers it for the history', async () => {
    const { user, card } = await employeeWithCard();
    const res = await scan(`${card.number.toLowerCase()}\n`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { id: user.id, name: user.name, job_title: 'Инженер' },
      category: { id: lunch.id, name: 'Обед' },
      canteen_id: canteen.id,
    });
    expect(await countVisits(user.id)).toBe(1);
  });

  it('refuses a second visit of a one-time card in the same category that day, with the first time', async () => {
    const { user, card } = await employeeWithCard();
    expect((await scan(card.number)).statusCode).toBe(200);
    t.clock.advance(60_000);
    const again = await scan(card.number);
    expect(again.statusCode).toBe(409);
    expect(again.json().errorMessage).toBe('Уже получил(а) питание сегодня в 13:00');
    // The counter sees who it is, not only the card number.
    expect(again.json().person).toEqual({
      id: user.id,
      name: user.name,
      job_title: 'Инженер',
      image: null,
      classroom: null,
    });
    // At dinner the same card eats again.
    t.clock.now = new Date('2026-11-20T13:00:00Z');
    expect((await scan(card.number)).statusCode).toBe(200);
    expect(await countVisits(user.id)).toBe(2);
  });

  it('records an endless card every time, but a scan within 3 seconds is a double scan (429)', async () => {
    const { user, card } = await employeeWithCard({ endless: true });
    expect((await scan(card.number)).statusCode).toBe(200);
    t.clock.advance(1000);
    const double = await scan(card.number);
    expect(double.statusCode).toBe(429);
    expect(double.json().error).toBe('Too many requests');
    t.clock.advance(3000);
    expect((await scan(card.number)).statusCode).toBe(200);
    expect(await countVisits(user.id)).toBe(2);
  });

  it('measures the 3 seconds between scannedAt, so scans that waited offline are all meals', async () => {
    const { user, card } = await employeeWithCard({ endless: true });
    const at = (secondsAgo: number) => ({ scannedAt: new Date(LUNCH.getTime() - secondsAgo * 1000).toISOString() });
    // Made 60 s, 59 s and 50 s ago, sent back to back as the queue drains: the second is a double scan.
    expect((await scan(card.number, cashier, at(60), randomUUID())).statusCode).toBe(200);
    expect((await scan(card.number, cashier, at(59), randomUUID())).statusCode).toBe(429);
    expect((await scan(card.number, cashier, at(50), randomUUID())).statusCode).toBe(200);
    expect(await countVisits(user.id)).toBe(2);
  });

  it('answers a retried scan with the first answer and records it once (Idempotency-Key)', async () => {
    const { user, card } = await employeeWithCard({ endless: true });
    const key = randomUUID();
    const first = await scan(card.number, cashier, {}, key);
    const retry = await scan(card.number, cashier, {}, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().id).toBe(first.json().id);
    expect(await countVisits(user.id)).toBe(1);
  });

  it('refuses the same key with another card (422): not a retry, nothing recorded', async () => {
    const a = await employeeWithCard({ endless: true });
    const b = await employeeWithCard({ endless: true });
    const key = randomUUID();
    expect((await scan(a.card.number, cashier, {}, key)).statusCode).toBe(200);
    const reused = await scan(b.card.number, cashier, {}, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().validationErrors.idempotencyKey).toEqual([KEY_REUSED]);
    expect(await countVisits(b.user.id)).toBe(0);
    expect(await countVisits(a.user.id)).toBe(1);
    // The same card and key again is the retry it always was.
    expect((await scan(a.card.number, cashier, {}, key)).statusCode).toBe(200);
    expect(await countVisits(a.user.id)).toBe(1);
  });

  it('answers concurrent retries of one scan with one visit', async () => {
    const { user, card } = await employeeWithCard({ endless: true });
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => scan(card.number, cashier, {}, key)));
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((a) => a.json().id)).size).toBe(1);
    expect(await countVisits(user.id)).toBe(1);
  });

  it('records a scan that waited offline at the time it was scanned, in that time’s category', async () => {
    const { card } = await employeeWithCard();
    t.clock.now = new Date('2026-11-20T13:30:00Z'); // 18:30, dinner
    const res = await scan(card.number, cashier, { scannedAt: '2026-11-20T08:15:00.000Z' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created_at: '2026-11-20T08:15:00.000Z', category: { name: 'Обед' } });
  });

  it('refuses a scannedAt in the future or older than 24 hours (422 on scannedAt)', async () => {
    const { card } = await employeeWithCard();
    const future = await scan(card.number, cashier, { scannedAt: '2026-11-20T09:00:00Z' });
    expect(future.statusCode).toBe(422);
    expect(future.json().validationErrors.scannedAt).toBeDefined();
    const old = await scan(card.number, cashier, { scannedAt: '2026-11-19T07:00:00Z' });
    expect(old.statusCode).toBe(422);
  });

  it('answers 404 for an unknown card, a card of another organization and a card without a holder', async () => {
    expect((await scan('NO-SUCH-CARD')).json()).toEqual({ error: 'Not found', errorMessage: 'Карта не найдена' });
    const other = await createOrganization(t.db, { type: 'company' });
    const foreign = await createCard(t.db, {
      organizationId: other.id,
      userId: (await createUser(t.db, { organizationId: other.id })).id,
    });
    expect((await scan(foreign.number)).statusCode).toBe(404);
    const free = await createCard(t.db, { organizationId: company.id });
    expect((await scan(free.number)).json().errorMessage).toBe('Карта не привязана');
  });

  it('gives a validation error on fixationCategoryId when no category is current', async () => {
    const { card } = await employeeWithCard();
    t.clock.now = new Date('2026-11-20T05:00:00Z'); // 10:00
    const res = await scan(card.number);
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors.fixationCategoryId).toEqual(['Сейчас нет категории питания по расписанию']);
  });

  it('lets the admin choose the category, and ignores a cashier’s choice', async () => {
    const { card } = await employeeWithCard({ endless: true });
    t.clock.now = new Date('2026-11-20T05:00:00Z');
    const res = await scan(card.number, admin, { fixationCategoryId: lunch.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().category.id).toBe(lunch.id);
    t.clock.advance(5000);
    expect((await scan(card.number, cashier, { fixationCategoryId: lunch.id })).statusCode).toBe(422);
  });

  it('lets a user with a watch eat only on the watch days', async () => {
    const on = await employeeWithCard({ watchDays: [20] });
    const off = await employeeWithCard({ watchDays: [1, 2] });
    expect((await scan(on.card.number)).statusCode).toBe(200);
    const refused = await scan(off.card.number);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorMessage).toContain('вахты');
  });

  it('answers 422 on canteenId for another organization’s canteen', async () => {
    const { card } = await employeeWithCard();
    const foreign = await createCanteen(t.db);
    const res = await t.call({
      method: 'POST',
      url: '/api/fixation',
      token: cashier,
      payload: { cardId: card.number, canteenId: foreign.id },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors.canteenId).toBeDefined();
  });
});

describe('POST /api/school/fixation', () => {
  let edu: { id: number };
  let school: { id: number; organizationId: number };
  let classroom: { id: number };
  let token: string;
  let sw: { id: number };
  beforeAll(async () => {
    edu = await createOrganization(t.db, { type: 'education' });
    school = await createSchool(t.db, { organizationId: edu.id });
    classroom = await createClassroom(t.db, { organizationId: edu.id, schoolId: school.id });
    sw = await createFoodCategory(t.db, { organizationId: edu.id, type: 'sw', cost: '650.00' });
    token = (await signedIn(t.platform, { role: 'EducationCashier', organizationId: edu.id })).token;
  });
  const pupil = async (foodCategoryId: number | null = sw.id) => {
    const p = await createPupil(t.db, {
      organizationId: edu.id,
      schoolId: school.id,
      classroomId: classroom.id,
      foodCategoryId,
    });
    return { p, card: await createCard(t.db, { organizationId: edu.id, userId: p.id }) };
  };
  const schoolScan = (cardId: string, schoolId = school.id, key?: string) =>
    t.call({
      method: 'POST',
      url: '/api/school/fixation',
      token,
      payload: { cardId, schoolId },
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });

  it("records the meal of a pupil whose restrictions meet a dish of the day's menu and says which, or refuses it where the school says so", async () => {
    const [cat] = await t.db.insert(dishCategories).values({ organizationId: edu.id, name: 'Блюда' }).returning();
    const [porridge, tea] = await t.db
      .insert(dishes)
      .values([
        {
          organizationId: edu.id,
          categoryId: cat!.id,
          name: 'Каша молочная',
          nameKk: 'Сүт ботқасы',
          cost: '120',
          output: '200 г',
          allergens: ['milk', 'gluten'],
        },
        { organizationId: edu.id, categoryId: cat!.id, name: 'Чай', cost: '20', output: '200 мл' },
      ])
      .returning();
    const [menu] = await t.db
      .insert(menus)
      .values({ organizationId: edu.id, name: 'Осень', days: 1, groups: [1] })
      .returning();
    await t.db.insert(menuDishes).values([
      { menuId: menu!.id, day: 1, group: 1, dishId: porridge!.id },
      { menuId: menu!.id, day: 1, group: 1, dishId: tea!.id },
    ]);
    await t.db
      .insert(menuActivations)
      .values({ organizationId: edu.id, schoolId: school.id, menuId: menu!.id, type: 'free_food', date: '2026-11-01' });
    const milk = await pupil();
    const fish = await pupil();
    const none = await pupil();
    await t.db.insert(childRestrictions).values([
      { pupilId: milk.p.id, allergens: ['milk'], diets: ['gluten_free'] },
      { pupilId: fish.p.id, allergens: ['fish'], diets: [] },
    ]);
    const warned = await schoolScan(milk.card.number);
    expect(warned.statusCode, warned.body).toBe(200);
    expect(warned.json()).toMatchObject({
      user: { id: milk.p.id },
      restricted: {
        allergens: ['gluten', 'milk'],
        dishes: [{ id: porridge!.id, name: 'Каша молочная', name_ru: 'Каша молочная', name_kk: 'Сүт ботқасы' }],
      },
    });
    // The meal is recorded all the same.
    expect(await countVisits(milk.p.id)).toBe(1);
    for (const other of [fish, none]) {
      const res = await schoolScan(other.card.number);
      expect(res.statusCode).toBe(200);
      expect(res.json()).not.toHaveProperty('restricted');
      expect(await countVisits(other.p.id)).toBe(1);
    }

    // A school that refuses instead: nothing recorded for a pupil the day's dishes are kept from (an
    // allergen, or one a diet keeps away), the counter told why in the caller's language; others eat.
    await t.db.execute(sql`update schools set restricted_meal_rule = 'refuse' where id = ${school.id}`);
    const milk2 = await pupil();
    const celiac = await pupil();
    const fish2 = await pupil();
    const free = await pupil();
    await t.db.insert(childRestrictions).values([
      { pupilId: milk2.p.id, allergens: ['milk'], diets: [] },
      { pupilId: celiac.p.id, allergens: [], diets: ['gluten_free'] },
      { pupilId: fish2.p.id, allergens: ['fish'], diets: ['no_pork'] },
    ]);
    const refused = await schoolScan(milk2.card.number);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorMessage:
        'Ребёнку нельзя: Молоко и молочные продукты (и лактоза). В меню сегодня: Каша молочная. Питание не отмечено',
      person: { id: milk2.p.id },
    });
    expect(await countVisits(milk2.p.id)).toBe(0);
    const inKazakh = await t.call({
      method: 'POST',
      url: '/api/school/fixation',
      token,
      headers: { 'accept-language': 'kk' },
      payload: { cardId: celiac.card.number, schoolId: school.id },
    });
    expect([inKazakh.statusCode, inKazakh.json().errorMessage]).toEqual([
      409,
      'Балаға болмайды: Құрамында глютені бар дәнді дақылдар. Бүгінгі мәзірде: Сүт ботқасы. Тамақ белгіленбеді',
    ]);
    expect(await countVisits(celiac.p.id)).toBe(0);
    for (const other of [fish2, free]) {
      const res = await schoolScan(other.card.number);
      expect(res.statusCode, res.body).toBe(200);
      expect(await countVisits(other.p.id)).toBe(1);
    }
    await t.db.execute(sql`update schools set restricted_meal_rule = 'warn' where id = ${school.id}`);
    await t.db.delete(menuActivations).where(eq(menuActivations.menuId, menu!.id));
  });

  it('records one serving a day with a snapshot of class, category and cost, and pushes it live', async () => {
    const { p, card } = await pupil();
    const got: unknown[] = [];
    const leave = t.platform.realtime.join(`school-fixation-${school.id}`, {
      readyState: 1,
      send: (d) => got.push(JSON.parse(d)),
    });
    const res = await schoolScan(card.number);
    leave();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { id: p.id },
      classroom: { id: classroom.id },
      category: { id: sw.id },
      school_id: school.id,
    });
    expect(got).toEqual([{ type: 'fixation', fixation: res.json() }]);
    const [v] = await t.db.select().from(visits).where(eq(visits.userId, p.id));
    expect(v).toMatchObject({
      cost: '650.00',
      foodCategoryId: sw.id,
      classroomId: classroom.id,
      visitDate: '2026-11-20',
    });
    t.clock.advance(10_000);
    expect((await schoolScan(card.number)).statusCode).toBe(409);
  });

  it('refuses a pupil without a food category with a clear message, naming the pupil', async () => {
    const { p, card } = await pupil(null);
    const res = await schoolScan(card.number);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorMessage).toBe('У ученика нет категории питания: питание не положено');
    expect(res.json().person).toMatchObject({ id: p.id, name: p.name, classroom: { id: classroom.id } });
  });

  it('answers 404 for a card of a pupil of another school of the organization', async () => {
    const { card } = await pupil();
    const second = await createSchool(t.db, { organizationId: edu.id });
    expect((await schoolScan(card.number, second.id)).json().errorMessage).toBe(
      'Карта не принадлежит ученику этой школы',
    );
  });

  it('answers 422 on schoolId for another organization’s school', async () => {
    const { card } = await pupil();
    const foreign = await createSchool(t.db);
    const res = await schoolScan(card.number, foreign.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors.schoolId).toBeDefined();
  });

  it('lists the school’s visits newest first, and the education admin deletes one with an audit row, pushed live', async () => {
    const { card } = await pupil();
    const rec = (await schoolScan(card.number)).json();
    const list = await t.call({ method: 'GET', url: `/api/school/fixations?schoolId=${school.id}`, token });
    expect(list.json().rows[0].id).toBe(rec.id);
    const eduAdmin = await createUser(t.db, { role: 'EducationAdmin', organizationId: edu.id });
    const pushed: unknown[] = [];
    const leave = t.platform.realtime.join(`school-fixation-${school.id}`, {
      readyState: 1,
      send: (d) => pushed.push(JSON.parse(d)),
    });
    const del = await t.call({
      method: 'DELETE',
      url: `/api/school/fixation/${rec.id}`,
      token: await tokenFor(t.platform, eduAdmin),
    });
    leave();
    expect(del.statusCode).toBe(200);
    // The other open screens of the school are told at once.
    expect(pushed).toEqual([{ type: 'fixation-deleted', id: rec.id }]);
    const audit = await t.db.execute(
      sql`select action, entity from audit_log where entity = 'visit' and entity_id = ${String(rec.id)}`,
    );
    expect((audit as unknown as { rows: unknown[] }).rows).toEqual([{ action: 'delete', entity: 'visit' }]);
    const cashierDelete = await t.call({ method: 'DELETE', url: `/api/school/fixation/${rec.id}`, token });
    expect(cashierDelete.statusCode).toBe(403);
  });

  it('searches the school’s visits by a part of a name, with % and _ taken literally', async () => {
    const named = async (name: string) => {
      const p = await createPupil(t.db, {
        organizationId: edu.id,
        schoolId: school.id,
        classroomId: classroom.id,
        foodCategoryId: sw.id,
        name,
      });
      const card = await createCard(t.db, { organizationId: edu.id, userId: p.id });
      return (await schoolScan(card.number)).json().id as number;
    };
    const aigerim = await named('Жумабекова Айгерим');
    const percent = await named('Ученик 100% Искомый');
    const search = async (query: string) =>
      (
        await t.call({
          method: 'GET',
          url: `/api/school/fixations?schoolId=${school.id}&query=${encodeURIComponent(query)}`,
          token,
        })
      ).json() as { total: number; rows: { id: number }[] };

    expect(await search('айгер')).toEqual({ total: 1, rows: [expect.objectContaining({ id: aigerim })] });
    expect(await search('0%')).toEqual({ total: 1, rows: [expect.objectContaining({ id: percent })] });
    expect(await search('qwxzqw')).toEqual({ total: 0, rows: [] });
    expect(await search('_')).toEqual({ total: 0, rows: [] });
  });

  it('answers 404 when deleting another organization’s visit', async () => {
    const eduAdmin = await createUser(t.db, { role: 'EducationAdmin' });
    const { card } = await pupil();
    const rec = (await schoolScan(card.number)).json();
    const res = await t.call({
      method: 'DELETE',
      url: `/api/school/fixation/${rec.id}`,
      token: await tokenFor(t.platform, eduAdmin),
    });
    expect(res.statusCode).toBe(404);
  });

  it('gives a subscription ticket only for a school in scope', async () => {
    const ok = await t.call({
      method: 'POST',
      url: '/api/school/fixation/subscribe',
      token,
      payload: { schoolId: school.id },
    });
    expect(ok.json()).toMatchObject({ channel: `school-fixation-${school.id}`, path: '/ws' });
    expect(t.platform.tickets.verify(ok.json().ticket, `school-fixation-${school.id}`)).not.toBeNull();
    const foreign = await createSchool(t.db);
    const refused = await t.call({
      method: 'POST',
      url: '/api/school/fixation/subscribe',
      token,
      payload: { schoolId: foreign.id },
    });
    expect(refused.statusCode).toBe(422);
  });

  it('answers 422 on schoolId for a subscription to an id beyond the integer range', async () => {
    for (const schoolId of [2_147_483_648, 99_999_999_999]) {
      const res = await t.call({ method: 'POST', url: '/api/school/fixation/subscribe', token, payload: { schoolId } });
      expect(res.statusCode).toBe(422);
      expect(res.json().validationErrors.schoolId).toBeDefined();
    }
  });
});

describe('POST /api/school/fixation at a school with meal times', () => {
  let school: { id: number };
  let token: string;
  let card: string;
  let walletCard: string;
  let walletPupil: number;
  beforeAll(async () => {
    const edu = await createOrganization(t.db, { type: 'education' });
    school = await createSchool(t.db, { organizationId: edu.id });
    const classroom = await createClassroom(t.db, { organizationId: edu.id, schoolId: school.id });
    const paid = await createFoodCategory(t.db, { organizationId: edu.id, type: 'common', cost: '900.00' });
    const meals: Record<string, number> = {};
    for (const [name, timeStart, timeFinish] of [
      ['Завтрак', '08:00', '09:00'],
      ['Обед', '12:00', '13:30'],
    ] as const) {
      meals[name] = (await createFixationCategory(t.db, { organizationId: edu.id, name, timeStart, timeFinish })).id;
    }
    // The social wallet pays a lunch.
    const wallet = await createFoodCategory(t.db, {
      organizationId: edu.id,
      name: 'Соцкошелёк',
      type: 'sw',
      meals: [meals['Обед']!],
    });
    const w = await createPupil(t.db, {
      organizationId: edu.id,
      schoolId: school.id,
      classroomId: classroom.id,
      foodCategoryId: wallet.id,
    });
    walletCard = (await createCard(t.db, { organizationId: edu.id, userId: w.id })).number;
    walletPupil = w.id;
    token = (await signedIn(t.platform, { role: 'EducationCashier', organizationId: edu.id })).token;
    const p = await createPupil(t.db, {
      organizationId: edu.id,
      schoolId: school.id,
      classroomId: classroom.id,
      foodCategoryId: paid.id,
    });
    card = (await createCard(t.db, { organizationId: edu.id, userId: p.id })).number;
  });
  const scanAt = (iso: string, cardId = card) => {
    t.clock.now = new Date(iso);
    return t.call({ method: 'POST', url: '/api/school/fixation', token, payload: { cardId, schoolId: school.id } });
  };

  it('records only the meals the food category pays for: a lunch-only wallet pupil is refused breakfast', async () => {
    const breakfast = await scanAt('2026-11-24T03:30:00Z', walletCard); // 08:30
    expect(breakfast.statusCode).toBe(409);
    expect(breakfast.json().errorMessage).toBe('Категория «Соцкошелёк» не включает «Завтрак»: питание не положено');
    expect(breakfast.json().person).toBeDefined();
    const lunch = await scanAt('2026-11-24T07:10:00Z', walletCard); // 12:10
    expect(lunch.statusCode).toBe(200);
    expect(lunch.json().category).toMatchObject({ name: 'Обед' });
    // The refused breakfast recorded nothing: the day holds the lunch alone.
    const rows = await t.db.select().from(visits).where(eq(visits.userId, walletPupil));
    expect(rows.map((v) => v.fixationCategoryId)).toEqual([lunch.json().category.id]);
  });

  it('records each meal in its window once, and refuses a scan between or after them, saying the next meal', async () => {
    // Almaty is UTC+5.
    const breakfast = await scanAt('2026-11-23T03:30:00Z'); // 08:30
    expect(breakfast.statusCode).toBe(200);
    expect(breakfast.json().category).toMatchObject({ name: 'Завтрак' });
    const again = await scanAt('2026-11-23T03:40:00Z');
    expect(again.statusCode).toBe(409);

    const between = await scanAt('2026-11-23T05:00:00Z'); // 10:00
    expect(between.statusCode).toBe(409);
    expect(between.json().errorMessage).toBe('Сейчас не время питания. Следующее: «Обед» с 12:00');

    const lunch = await scanAt('2026-11-23T07:10:00Z'); // 12:10
    expect(lunch.statusCode).toBe(200);
    expect(lunch.json().category).toMatchObject({ name: 'Обед' });

    const evening = await scanAt('2026-11-23T15:17:00Z'); // 20:17
    expect(evening.statusCode).toBe(409);
    expect(evening.json().errorMessage).toBe('Питание на сегодня закончилось. Первое завтра: «Завтрак» с 08:00');
    const visitsOfDay = await t.call({ method: 'GET', url: `/api/school/fixations?schoolId=${school.id}`, token });
    expect(visitsOfDay.statusCode).toBe(200);
  });
});

describe('POST /api/school/fixation at a school of two shifts with meal times of its own', () => {
  let token: string;
  let first: { id: number };
  let second: { id: number };
  const cards: Record<string, string> = {};
  beforeAll(async () => {
    const edu = await createOrganization(t.db, { type: 'education' });
    first = await createSchool(t.db, { organizationId: edu.id });
    second = await createSchool(t.db, { organizationId: edu.id });
    const food = await createFoodCategory(t.db, { organizationId: edu.id, type: 'common' });
    // Breakfast for every school and shift; the first school's lunches by shift.
    await createFixationCategory(t.db, {
      organizationId: edu.id,
      name: 'Завтрак',
      timeStart: '08:00',
      timeFinish: '09:00',
    });
    for (const [shift, timeStart, timeFinish] of [
      [1, '12:00', '12:40'],
      [2, '12:40', '13:20'],
    ] as const) {
      await createFixationCategory(t.db, {
        organizationId: edu.id,
        schoolId: first.id,
        shift,
        name: `Обед ${shift} смены`,
        timeStart,
        timeFinish,
      });
    }
    for (const [name, school, shift] of [
      ['first1', first, 1],
      ['first2', first, 2],
      ['second1', second, 1],
    ] as const) {
      const classroom = await createClassroom(t.db, { organizationId: edu.id, schoolId: school.id, shift });
      const p = await createPupil(t.db, {
        organizationId: edu.id,
        schoolId: school.id,
        classroomId: classroom.id,
        foodCategoryId: food.id,
      });
      cards[name] = (await createCard(t.db, { organizationId: edu.id, userId: p.id })).number;
    }
    token = (await signedIn(t.platform, { role: 'EducationCashier', organizationId: edu.id })).token;
  });
  const scanAt = (iso: string, who: string, school: { id: number }) => {
    t.clock.now = new Date(iso);
    return t.call({
      method: 'POST',
      url: '/api/school/fixation',
      token,
      payload: { cardId: cards[who], schoolId: school.id },
    });
  };

  it("records a class's lunch in its shift's window and refuses the other shift's, saying its own", async () => {
    // Almaty is UTC+5: 12:10.
    const early = await scanAt('2026-11-25T07:10:00Z', 'first2', first);
    expect(early.statusCode).toBe(409);
    expect(early.json().errorMessage).toBe('Сейчас не время питания. Следующее: «Обед 2 смены» с 12:40');
    const own = await scanAt('2026-11-25T07:10:00Z', 'first1', first);
    expect(own.statusCode).toBe(200);
    expect(own.json().category).toMatchObject({ name: 'Обед 1 смены' });
    // 12:50: the second shift eats; the first shift's meals are over for the day.
    const second2 = await scanAt('2026-11-25T07:50:00Z', 'first2', first);
    expect(second2.statusCode).toBe(200);
    expect(second2.json().category).toMatchObject({ name: 'Обед 2 смены' });
    const again1 = await scanAt('2026-11-25T07:51:00Z', 'first1', first);
    expect(again1.statusCode).toBe(409);
    expect(again1.json().errorMessage).toBe('Питание на сегодня закончилось. Первое завтра: «Завтрак» с 08:00');
  });

  it("keeps a school's own meal times to it: another school of the organization has only the common ones", async () => {
    const lunch = await scanAt('2026-11-26T07:10:00Z', 'second1', second); // 12:10
    expect(lunch.statusCode).toBe(409);
    expect(lunch.json().errorMessage).toBe('Питание на сегодня закончилось. Первое завтра: «Завтрак» с 08:00');
    const breakfast = await scanAt('2026-11-26T03:10:00Z', 'second1', second); // 08:10
    expect(breakfast.statusCode).toBe(200);
    expect(breakfast.json().category).toMatchObject({ name: 'Завтрак' });
  });
});
