import { and, eq } from 'drizzle-orm';
import { FIXATION_CATEGORY_MESSAGES } from '@tamaq/contract/fixation-categories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, signedIn } from '../../../test/factories.ts';
import { createFixationCategory } from '../../../test/factories-people.ts';
import { auditLog } from '../../platform/db/schema.ts';
import { fixationCategories } from '../../platform/db/schema-people.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** A company of its own per test, so windows of one test never meet another's. */
async function company(timeZone = 'Asia/Almaty') {
  const org = await createOrganization(t.db, { type: 'company', timeZone });
  const admin = (await signedIn(t.platform, { role: 'Admin', organizationId: org.id })).token;
  const cashier = (await signedIn(t.platform, { role: 'Cashier', organizationId: org.id })).token;
  return { org, admin, cashier };
}
const foreignCategory = async () => {
  const org = await createOrganization(t.db, { type: 'company' });
  return createFixationCategory(t.db, { organizationId: org.id, name: 'Чужой обед' });
};
const body = (over: Record<string, unknown> = {}) => ({
  name: 'Обед',
  position: 1,
  time_start: '12:00',
  time_finish: '15:00',
  ...over,
});

describe('GET /api/fixation/categories', () => {
  it('lists the live categories by position, then start time, then id, times as HH:mm', async () => {
    const { org, admin } = await company();
    const o = org.id;
    await createFixationCategory(t.db, {
      organizationId: o,
      name: 'Ужин',
      position: 5,
      timeStart: '18:00',
      timeFinish: '20:00',
    });
    const lunch = await createFixationCategory(t.db, {
      organizationId: o,
      name: 'Обед',
      position: 1,
      timeStart: '12:00',
      timeFinish: '15:00',
    });
    await createFixationCategory(t.db, {
      organizationId: o,
      name: 'Завтрак',
      position: 1,
      timeStart: '08:00',
      timeFinish: '10:00',
    });
    await createFixationCategory(t.db, {
      organizationId: o,
      name: 'Старый',
      timeStart: '10:00',
      timeFinish: '11:00',
      deletedAt: new Date(),
    });
    await foreignCategory();
    const res = await t.call({ method: 'GET', url: '/api/fixation/categories', token: admin });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.total).toBe(3);
    expect(list.rows.map((r: { name: string }) => r.name)).toEqual(['Завтрак', 'Обед', 'Ужин']);
    expect(list.rows[1]).toEqual({
      id: lunch.id,
      name: 'Обед',
      position: 1,
      time_start: '12:00',
      time_finish: '15:00',
      school_id: null,
      shift: null,
      meal_mode: null,
      created_at: lunch.createdAt.toISOString(),
    });
  });

  it('searches by name and pages', async () => {
    const { org, admin } = await company();
    await createFixationCategory(t.db, {
      organizationId: org.id,
      name: 'Обед 1',
      timeStart: '11:00',
      timeFinish: '12:00',
    });
    await createFixationCategory(t.db, {
      organizationId: org.id,
      name: 'Обед 2',
      timeStart: '12:00',
      timeFinish: '13:00',
    });
    await createFixationCategory(t.db, {
      organizationId: org.id,
      name: 'Ужин',
      timeStart: '18:00',
      timeFinish: '19:00',
    });
    const res = await t.call({
      method: 'GET',
      url: `/api/fixation/categories?query=${encodeURIComponent('ОБЕД')}&limit=1&offset=1`,
      token: admin,
    });
    expect(res.json()).toMatchObject({ total: 2, rows: [{ name: 'Обед 2' }] });
  });

  it('answers 422 on a bad limit', async () => {
    const { admin } = await company();
    const res = await t.call({ method: 'GET', url: '/api/fixation/categories?limit=abc', token: admin });
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors).toHaveProperty('limit');
  });

  it('answers 403 to the cashier', async () => {
    const { cashier } = await company();
    expect((await t.call({ method: 'GET', url: '/api/fixation/categories', token: cashier })).statusCode).toBe(403);
  });
});

describe('GET /api/fixation/current/categories', () => {
  it("answers the categories whose window holds the organization's local time (start in, finish out)", async () => {
    const { org, admin, cashier } = await company('Asia/Tokyo');
    await createFixationCategory(t.db, {
      organizationId: org.id,
      name: 'Завтрак',
      timeStart: '08:00',
      timeFinish: '11:00',
    });
    await createFixationCategory(t.db, {
      organizationId: org.id,
      name: 'Обед',
      timeStart: '12:00',
      timeFinish: '15:00',
    });
    await createFixationCategory(t.db, {
      organizationId: org.id,
      name: 'Старый обед',
      timeStart: '12:00',
      timeFinish: '13:00',
      deletedAt: new Date(),
    });
    const other = await createOrganization(t.db, { type: 'company', timeZone: 'Asia/Tokyo' });
    await createFixationCategory(t.db, {
      organizationId: other.id,
      name: 'Чужой',
      timeStart: '00:00',
      timeFinish: '23:59',
    });
    const current = async (iso: string, token = cashier) => {
      t.clock.now = new Date(iso);
      const res = await t.call({ method: 'GET', url: '/api/fixation/current/categories', token });
      expect(res.statusCode).toBe(200);
      return (res.json() as { name: string }[]).map((c) => c.name);
    };
    // Tokyo is UTC+9 all year.
    expect(await current('2025-03-10T03:30:00Z')).toEqual(['Обед']);
    expect(await current('2025-03-10T03:00:00Z', admin)).toEqual(['Обед']);
    expect(await current('2025-03-10T06:00:00Z')).toEqual([]);
    expect(await current('2025-03-09T23:59:59Z')).toEqual(['Завтрак']);
    expect(await current('2025-03-10T10:00:00Z')).toEqual([]);
    t.clock.now = new Date();
  });

  it('answers 403 to an economist', async () => {
    const { org } = await company();
    const { token } = await signedIn(t.platform, { role: 'Economist', organizationId: org.id });
    expect((await t.call({ method: 'GET', url: '/api/fixation/current/categories', token })).statusCode).toBe(403);
  });
});

describe('GET /api/fixation/category/{id}', () => {
  it('answers the category', async () => {
    const { org, admin } = await company();
    const c = await createFixationCategory(t.db, {
      organizationId: org.id,
      name: 'Полдник',
      position: 7,
      timeStart: '16:30:00',
      timeFinish: '17:15:00',
    });
    const res = await t.call({ method: 'GET', url: `/api/fixation/category/${c.id}`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: c.id,
      name: 'Полдник',
      position: 7,
      time_start: '16:30',
      time_finish: '17:15',
    });
  });

  it('answers 404 for a category of another organization', async () => {
    const { admin } = await company();
    const c = await foreignCategory();
    const res = await t.call({ method: 'GET', url: `/api/fixation/category/${c.id}`, token: admin });
    expect(res.statusCode).toBe(404);
    expect(res.json().errorMessage).toBe('Категория не найдена');
  });

  it('answers 422 on a bad id', async () => {
    const { admin } = await company();
    expect((await t.call({ method: 'GET', url: '/api/fixation/category/x', token: admin })).statusCode).toBe(422);
  });

  it('answers 403 to the cashier', async () => {
    const { org, cashier } = await company();
    const c = await createFixationCategory(t.db, { organizationId: org.id });
    expect((await t.call({ method: 'GET', url: `/api/fixation/category/${c.id}`, token: cashier })).statusCode).toBe(
      403,
    );
  });
});

describe('POST /api/fixation/category', () => {
  const post = (token: string, payload: Record<string, unknown>) =>
    t.call({ method: 'POST', url: '/api/fixation/category', token, payload });

  it('creates a category in the own organization', async () => {
    const { org, admin } = await company();
    const res = await post(admin, body({ time_start: '9:05', time_finish: '10:30:00' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Обед', position: 1, time_start: '09:05', time_finish: '10:30' });
    const [row] = await t.db.select().from(fixationCategories).where(eq(fixationCategories.id, res.json().id));
    expect(row!.organizationId).toBe(org.id);
  });

  it('gives position 99 when it is absent or null', async () => {
    const { admin } = await company();
    const a = await post(admin, { name: 'Завтрак', time_start: '08:00', time_finish: '09:00' });
    const b = await post(admin, { name: 'Ужин', position: null, time_start: '18:00', time_finish: '19:00' });
    expect(a.json().position).toBe(99);
    expect(b.json().position).toBe(99);
  });

  it('answers 422 on position outside 0–100 or not whole, and accepts 0 and 100', async () => {
    const { admin } = await company();
    for (const position of [-1, 101, 2.5, '5']) {
      const res = await post(admin, body({ position }));
      expect(res.statusCode).toBe(422);
      expect(res.json().validationErrors).toEqual({ position: ['Позиция — целое число от 0 до 100'] });
    }
    expect((await post(admin, body({ position: 0, time_start: '06:00', time_finish: '07:00' }))).json().position).toBe(
      0,
    );
    expect(
      (await post(admin, body({ position: 100, time_start: '07:00', time_finish: '08:00' }))).json().position,
    ).toBe(100);
  });

  it('answers 422 on name and times when missing, and on a time that is not HH:mm', async () => {
    const { admin } = await company();
    const empty = await post(admin, {});
    expect(empty.json().validationErrors).toEqual({
      name: ['Обязательное поле'],
      time_start: ['Обязательное поле'],
      time_finish: ['Обязательное поле'],
    });
    for (const time of ['24:00', '12:60', '1200', 'полдень', 12]) {
      const res = await post(admin, body({ time_start: time }));
      expect(res.statusCode, String(time)).toBe(422);
      expect(res.json().validationErrors).toEqual({ time_start: ['Укажите время в формате ЧЧ:ММ'] });
    }
  });

  it('answers 422 on time_finish when it is not after time_start', async () => {
    const { admin } = await company();
    for (const [start, finish] of [
      ['15:00', '12:00'],
      ['12:00', '12:00'],
    ]) {
      const res = await post(admin, body({ time_start: start, time_finish: finish }));
      expect(res.statusCode).toBe(422);
      expect(res.json().validationErrors).toEqual({
        time_finish: ['Время окончания должно быть позже времени начала'],
      });
    }
  });

  it('answers 422 on time_start naming the category whose window it overlaps; touching windows are fine', async () => {
    const { admin } = await company();
    expect((await post(admin, body({ name: 'Обед', time_start: '12:00', time_finish: '15:00' }))).statusCode).toBe(200);
    for (const [start, finish] of [
      ['14:59', '16:00'],
      ['11:00', '12:01'],
      ['13:00', '14:00'],
      ['11:00', '16:00'],
    ]) {
      const res = await post(admin, body({ name: 'Второй обед', time_start: start, time_finish: finish }));
      expect(res.statusCode, `${start}-${finish}`).toBe(422);
      expect(res.json().validationErrors).toEqual({ time_start: ['Время пересекается с категорией «Обед»'] });
    }
    expect((await post(admin, body({ name: 'Полдник', time_start: '15:00', time_finish: '16:00' }))).statusCode).toBe(
      200,
    );
    expect((await post(admin, body({ name: 'Завтрак', time_start: '09:00', time_finish: '12:00' }))).statusCode).toBe(
      200,
    );
  });

  it('lets windows of different organizations and of deleted categories overlap', async () => {
    const { org, admin } = await company();
    await foreignCategory();
    await createFixationCategory(t.db, {
      organizationId: org.id,
      timeStart: '12:00',
      timeFinish: '15:00',
      deletedAt: new Date(),
    });
    expect((await post(admin, body())).statusCode).toBe(200);
  });

  it('answers 403 to the cashier', async () => {
    const { cashier } = await company();
    expect((await post(cashier, body())).statusCode).toBe(403);
  });
});

describe('PUT /api/fixation/category', () => {
  const put = (token: string, payload: Record<string, unknown>) =>
    t.call({ method: 'PUT', url: '/api/fixation/category', token, payload });

  it('changes the category; its own old window does not count as an overlap', async () => {
    const { org, admin } = await company();
    const c = await createFixationCategory(t.db, { organizationId: org.id, timeStart: '12:00', timeFinish: '15:00' });
    const res = await put(admin, { id: c.id, name: 'Обед поздний', time_start: '13:00', time_finish: '16:00' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: c.id, name: 'Обед поздний', time_start: '13:00', time_finish: '16:00' });
  });

  it('keeps the position when the update leaves it out', async () => {
    const { org, admin } = await company();
    const c = await createFixationCategory(t.db, { organizationId: org.id, position: 3 });
    const res = await put(admin, { id: c.id, name: 'Обед', time_start: '12:00', time_finish: '15:00' });
    expect(res.json().position).toBe(3);
    expect((await put(admin, body({ id: c.id, position: 40 }))).json().position).toBe(40);
  });

  it('answers 422 on time_start when the new window overlaps another category', async () => {
    const { org, admin } = await company();
    await createFixationCategory(t.db, {
      organizationId: org.id,
      name: 'Завтрак',
      timeStart: '08:00',
      timeFinish: '10:00',
    });
    const c = await createFixationCategory(t.db, { organizationId: org.id, timeStart: '12:00', timeFinish: '15:00' });
    const res = await put(admin, body({ id: c.id, time_start: '09:30' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors).toEqual({ time_start: ['Время пересекается с категорией «Завтрак»'] });
  });

  it('answers 422 on time_finish before time_start', async () => {
    const { org, admin } = await company();
    const c = await createFixationCategory(t.db, { organizationId: org.id });
    const res = await put(admin, body({ id: c.id, time_start: '10:00', time_finish: '09:00' }));
    expect(res.json().validationErrors).toHaveProperty('time_finish');
  });

  it('answers 404 for a category of another organization', async () => {
    const { admin } = await company();
    const c = await foreignCategory();
    expect((await put(admin, body({ id: c.id }))).statusCode).toBe(404);
  });

  it('answers 403 to the cashier', async () => {
    const { org, cashier } = await company();
    const c = await createFixationCategory(t.db, { organizationId: org.id });
    expect((await put(cashier, body({ id: c.id }))).statusCode).toBe(403);
  });
});

describe('DELETE /api/fixation/category/{id}', () => {
  it('archives the category, frees its window and audits it', async () => {
    const { org, admin } = await company();
    const c = await createFixationCategory(t.db, {
      organizationId: org.id,
      name: 'Обед',
      timeStart: '12:00',
      timeFinish: '15:00',
    });
    const res = await t.call({ method: 'DELETE', url: `/api/fixation/category/${c.id}`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await t.call({ method: 'GET', url: '/api/fixation/categories', token: admin })).json().total).toBe(0);
    const [row] = await t.db.select().from(fixationCategories).where(eq(fixationCategories.id, c.id));
    expect(row!.deletedAt).not.toBeNull();
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'fixation_category'), eq(auditLog.entityId, String(c.id))));
    expect(entry).toMatchObject({ action: 'fixation_category_delete', before: { name: 'Обед', time_start: '12:00' } });
    const again = await t.call({ method: 'POST', url: '/api/fixation/category', token: admin, payload: body() });
    expect(again.statusCode).toBe(200);
  });

  it('answers 404 for a category of another organization', async () => {
    const { admin } = await company();
    const c = await foreignCategory();
    expect((await t.call({ method: 'DELETE', url: `/api/fixation/category/${c.id}`, token: admin })).statusCode).toBe(
      404,
    );
  });

  it('answers 422 on a bad id', async () => {
    const { admin } = await company();
    expect((await t.call({ method: 'DELETE', url: '/api/fixation/category/0', token: admin })).statusCode).toBe(422);
  });

  it('answers 403 to the cashier', async () => {
    const { org, cashier } = await company();
    const c = await createFixationCategory(t.db, { organizationId: org.id });
    expect((await t.call({ method: 'DELETE', url: `/api/fixation/category/${c.id}`, token: cashier })).statusCode).toBe(
      403,
    );
  });
});

describe('meal times of a school or a kindergarten', () => {
  const educationOf = async (type: 'education' | 'kindergarten') => {
    const org = await createOrganization(t.db, { type });
    const role = type === 'education' ? 'EducationAdmin' : 'EducationKindergartenAdmin';
    const admin = (await signedIn(t.platform, { role, organizationId: org.id })).token;
    return { org, admin };
  };

  it('are kept by the education and the kindergarten admin, each in their own organization', async () => {
    for (const type of ['education', 'kindergarten'] as const) {
      const { org, admin } = await educationOf(type);
      const res = await t.call({
        method: 'POST',
        url: '/api/fixation/category',
        token: admin,
        payload: body({ name: 'Завтрак', time_start: '08:00', time_finish: '09:30' }),
      });
      expect(res.statusCode).toBe(200);
      const list = await t.call({ method: 'GET', url: '/api/fixation/categories', token: admin });
      expect(list.json().rows.map((r: { name: string }) => r.name)).toEqual(['Завтрак']);
      const [row] = await t.db.select().from(fixationCategories).where(eq(fixationCategories.id, res.json().id));
      expect(row!.organizationId).toBe(org.id);
      // Another organization's meal time is not theirs to read or change.
      const other = await foreignCategory();
      const get = await t.call({ method: 'GET', url: `/api/fixation/category/${other.id}`, token: admin });
      expect(get.statusCode).toBe(404);
    }
  });

  it('answer 422 on a window outside 05:00–23:00, naming the field, and save nothing', async () => {
    const { org, admin } = await educationOf('education');
    const early = await t.call({
      method: 'POST',
      url: '/api/fixation/category',
      token: admin,
      payload: body({ time_start: '04:30', time_finish: '09:00' }),
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().validationErrors).toEqual({ time_start: [expect.stringContaining('05:00')] });
    const late = await t.call({
      method: 'POST',
      url: '/api/fixation/category',
      token: admin,
      payload: body({ name: 'Ужин', time_start: '20:00', time_finish: '23:30' }),
    });
    expect(late.statusCode).toBe(422);
    expect(late.json().validationErrors).toEqual({ time_finish: [expect.stringContaining('23:00')] });
    const rows = await t.db.select().from(fixationCategories).where(eq(fixationCategories.organizationId, org.id));
    expect(rows).toEqual([]);
    // A company's canteen may feed its night shift.
    const { admin: companyAdmin } = await company();
    const night = await t.call({
      method: 'POST',
      url: '/api/fixation/category',
      token: companyAdmin,
      payload: body({ name: 'Ночной ужин', time_start: '00:00', time_finish: '04:00' }),
    });
    expect(night.statusCode).toBe(200);
  });

  it('answer 422 on a change that leaves the school day, and keep the old window', async () => {
    const { admin } = await educationOf('kindergarten');
    const made = await t.call({ method: 'POST', url: '/api/fixation/category', token: admin, payload: body() });
    const res = await t.call({
      method: 'PUT',
      url: '/api/fixation/category',
      token: admin,
      payload: body({ id: made.json().id, time_finish: '23:01' }),
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().validationErrors)).toEqual(['time_finish']);
    const get = await t.call({ method: 'GET', url: `/api/fixation/category/${made.json().id}`, token: admin });
    expect(get.json().time_finish).toBe('15:00');
  });

  it('are changed by neither the social teacher nor the school cashier; the teacher reads them', async () => {
    const { org } = await educationOf('education');
    for (const role of ['EducationSocialTeacher', 'EducationCashier'] as const) {
      const token = (await signedIn(t.platform, { role, organizationId: org.id })).token;
      const res = await t.call({ method: 'POST', url: '/api/fixation/category', token, payload: body() });
      expect(res.statusCode).toBe(403);
    }
    // The social teacher reads them: the food category form says which meals a category pays for.
    const teacher = (await signedIn(t.platform, { role: 'EducationSocialTeacher', organizationId: org.id })).token;
    expect((await t.call({ method: 'GET', url: '/api/fixation/categories', token: teacher })).statusCode).toBe(200);
    // The school's cashier sees the meal now on the scanning screen.
    const cashier = (await signedIn(t.platform, { role: 'EducationCashier', organizationId: org.id })).token;
    for (const url of ['/api/fixation/current/categories', '/api/fixation/categories'])
      expect((await t.call({ method: 'GET', url, token: cashier })).statusCode).toBe(200);
  });
});

describe('meal times of one school and of one shift', () => {
  const setup = async () => {
    const org = await createOrganization(t.db, { type: 'education' });
    const first = await createSchool(t.db, { organizationId: org.id });
    const second = await createSchool(t.db, { organizationId: org.id });
    const admin = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org.id })).token;
    const post = (over: Record<string, unknown>) =>
      t.call({ method: 'POST', url: '/api/fixation/category', token: admin, payload: body(over) });
    return { org, first, second, admin, post };
  };

  it('keep their school and shift, absent means every school and every class', async () => {
    const { first, admin, post } = await setup();
    const common = await post({ name: 'Завтрак', time_start: '08:00', time_finish: '09:00' });
    expect(common.json()).toMatchObject({ school_id: null, shift: null });
    const own = await post({
      name: 'Обед 2 смены',
      time_start: '13:00',
      time_finish: '13:40',
      school_id: first.id,
      shift: 2,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ school_id: first.id, shift: 2 });
    // A change that leaves them out keeps them.
    const changed = await t.call({
      method: 'PUT',
      url: '/api/fixation/category',
      token: admin,
      payload: { id: own.json().id, name: 'Обед', time_start: '13:00', time_finish: '13:30' },
    });
    expect(changed.json()).toMatchObject({ name: 'Обед', school_id: first.id, shift: 2 });
  });

  it('say the menu’s meal they serve, kept when a change leaves it out, cleared by null, and refuse one that is no meal', async () => {
    const { admin, post } = await setup();
    const lunch = await post({ name: 'Обед', time_start: '12:00', time_finish: '13:00', meal_mode: 3 });
    expect(lunch.statusCode).toBe(200);
    expect(lunch.json()).toMatchObject({ meal_mode: 3 });
    const put = (payload: Record<string, unknown>) =>
      t.call({ method: 'PUT', url: '/api/fixation/category', token: admin, payload });
    const moved = { id: lunch.json().id, name: 'Обед', time_start: '12:10', time_finish: '13:00' };
    expect((await put(moved)).json()).toMatchObject({ time_start: '12:10', meal_mode: 3 });
    for (const wrong of [7, 0, 2.5, 'обед']) {
      const res = await put({ ...moved, meal_mode: wrong });
      expect(res.statusCode, String(wrong)).toBe(422);
      expect(res.json().validationErrors).toEqual({ meal_mode: [FIXATION_CATEGORY_MESSAGES.mealMode] });
    }
    const listed = (await t.call({ method: 'GET', url: '/api/fixation/categories', token: admin })).json();
    expect(listed.rows.find((r: { id: number }) => r.id === lunch.json().id)).toMatchObject({ meal_mode: 3 });
    expect((await put({ ...moved, meal_mode: null })).json()).toMatchObject({ meal_mode: null });
  });

  it('may overlap only where no scan could meet both: another school, or the other shift', async () => {
    const { first, second, post } = await setup();
    const lunch1 = { time_start: '12:00', time_finish: '12:40', school_id: first.id, shift: 1 };
    expect((await post({ name: 'Обед 1 смены', ...lunch1 })).statusCode).toBe(200);
    expect((await post({ name: 'Обед 2 смены', ...lunch1, shift: 2 })).statusCode).toBe(200);
    expect((await post({ name: 'Обед второй школы', ...lunch1, school_id: second.id, shift: null })).statusCode).toBe(
      200,
    );
    // The same school and shift; every shift of the school; every school: each meets the first lunch.
    for (const over of [{ shift: 1 }, { shift: null }, { school_id: null, shift: 1 }]) {
      const res = await post({ name: 'Второй обед', ...lunch1, ...over, time_start: '12:30', time_finish: '13:00' });
      expect(res.statusCode).toBe(422);
      expect(res.json().validationErrors.time_start[0]).toContain('Обед 1 смены');
    }
  });

  it("answer 422 on another organization's school, a shift other than 1 or 2, and a canteen's school or shift", async () => {
    const { post } = await setup();
    const foreign = await createSchool(t.db);
    const bad = await post({ school_id: foreign.id, shift: 3 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().validationErrors).sort()).toEqual(['shift']);
    const elsewhere = await post({ school_id: foreign.id });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().validationErrors).toEqual({ school_id: ['Школа не найдена'] });
    const { admin: companyAdmin, org } = await company();
    const canteen = await t.call({
      method: 'POST',
      url: '/api/fixation/category',
      token: companyAdmin,
      payload: body({ shift: 2 }),
    });
    expect(canteen.statusCode).toBe(422);
    expect(Object.keys(canteen.json().validationErrors)).toEqual(['shift']);
    const rows = await t.db.select().from(fixationCategories).where(eq(fixationCategories.organizationId, org.id));
    expect(rows).toEqual([]);
  });

  it("answer the scanning screen of a school its own now, both shifts', not another school's", async () => {
    const { first, second, admin, post } = await setup();
    await post({ name: 'Обед 1 смены', time_start: '12:00', time_finish: '12:30', school_id: first.id, shift: 1 });
    await post({ name: 'Обед 2 смены', time_start: '12:05', time_finish: '12:30', school_id: first.id, shift: 2 });
    await post({ name: 'Обед второй', time_start: '12:05', time_finish: '12:30', school_id: second.id });
    await post({ name: 'Полдник всех', time_start: '15:00', time_finish: '15:30' });
    const now = async (iso: string, q: string) => {
      t.clock.now = new Date(iso);
      const res = await t.call({ method: 'GET', url: `/api/fixation/current/categories${q}`, token: admin });
      return res.json().map((c: { name: string }) => c.name);
    };
    // Almaty is UTC+5.
    expect(await now('2026-11-24T07:10:00Z', `?schoolId=${first.id}`)).toEqual(['Обед 1 смены', 'Обед 2 смены']);
    expect(await now('2026-11-24T07:10:00Z', `?schoolId=${second.id}`)).toEqual(['Обед второй']);
    expect(await now('2026-11-24T10:10:00Z', `?schoolId=${second.id}`)).toEqual(['Полдник всех']);
    t.clock.now = new Date();
  });
});
