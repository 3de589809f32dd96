import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createUser, signedIn } from '../../../test/factories.ts';
import { createWatch } from '../../../test/factories-people.ts';
import { auditLog } from '../../platform/db/schema.ts';
import { users, watches } from '../../platform/db/schema-people.ts';

let t: TestContext;
let orgId: number;
let admin: string;
let cashier: string;
beforeAll(async () => {
  t = await createTestContext();
  orgId = (await createOrganization(t.db, { type: 'company' })).id;
  admin = (await signedIn(t.platform, { role: 'Admin', organizationId: orgId })).token;
  cashier = (await signedIn(t.platform, { role: 'Cashier', organizationId: orgId })).token;
});
afterAll(() => t.close());

const foreignWatch = async () => {
  const org = await createOrganization(t.db, { type: 'company' });
  return createWatch(t.db, { organizationId: org.id, name: 'Чужой график' });
};
const post = (payload: Record<string, unknown>, token = admin) =>
  t.call({ method: 'POST', url: '/api/watch', token, payload });

describe('GET /api/watches', () => {
  it('lists the live watches of the own organization by name, days as a comma string', async () => {
    const org = await createOrganization(t.db, { type: 'company' });
    const { token } = await signedIn(t.platform, { role: 'Admin', organizationId: org.id });
    const night = await createWatch(t.db, { organizationId: org.id, name: 'Ночная смена', days: [31, 1, 15] });
    await createWatch(t.db, { organizationId: org.id, name: 'Вахта А', days: [2] });
    await createWatch(t.db, { organizationId: org.id, name: 'Архивная', deletedAt: new Date() });
    await foreignWatch();
    const res = await t.call({ method: 'GET', url: '/api/watches', token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 2,
      rows: [
        { id: expect.any(Number), name: 'Вахта А', days: '2', created_at: expect.any(String) },
        { id: night.id, name: 'Ночная смена', days: '1,15,31', created_at: night.createdAt.toISOString() },
      ],
    });
  });

  it('searches by name and pages', async () => {
    const org = await createOrganization(t.db, { type: 'company' });
    const { token } = await signedIn(t.platform, { role: 'Admin', organizationId: org.id });
    for (const name of ['Смена 1', 'Смена 2', 'Вахта']) await createWatch(t.db, { organizationId: org.id, name });
    const found = (
      await t.call({ method: 'GET', url: `/api/watches?query=${encodeURIComponent('смена')}&limit=1&offset=1`, token })
    ).json();
    expect(found).toMatchObject({ total: 2, rows: [{ name: 'Смена 2' }] });
  });

  it('answers 422 on a bad offset', async () => {
    const res = await t.call({ method: 'GET', url: '/api/watches?offset=-1', token: admin });
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors).toHaveProperty('offset');
  });

  it('answers 403 to the cashier', async () => {
    expect((await t.call({ method: 'GET', url: '/api/watches', token: cashier })).statusCode).toBe(403);
  });
});

describe('GET /api/watch/{id}', () => {
  it('answers the watch', async () => {
    const w = await createWatch(t.db, { organizationId: orgId, name: 'Смена Б', days: [10, 5] });
    const res = await t.call({ method: 'GET', url: `/api/watch/${w.id}`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: w.id, name: 'Смена Б', days: '5,10' });
  });

  it('answers 404 for a watch of another organization', async () => {
    const w = await foreignWatch();
    const res = await t.call({ method: 'GET', url: `/api/watch/${w.id}`, token: admin });
    expect(res.statusCode).toBe(404);
    expect(res.json().errorMessage).toBe('График не найден');
  });

  it('answers 422 on a bad id', async () => {
    expect((await t.call({ method: 'GET', url: '/api/watch/-3', token: admin })).statusCode).toBe(422);
  });

  it('answers 403 to the cashier', async () => {
    const w = await createWatch(t.db, { organizationId: orgId });
    expect((await t.call({ method: 'GET', url: `/api/watch/${w.id}`, token: cashier })).statusCode).toBe(403);
  });
});

describe('POST /api/watch', () => {
  it('takes days as an array, de-duplicates and sorts them, and answers a comma string', async () => {
    const res = await post({ name: 'Смена 1', days: [31, 5, 1, 5] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Смена 1', days: '1,5,31' });
    const [row] = await t.db.select().from(watches).where(eq(watches.id, res.json().id));
    expect(row).toMatchObject({ organizationId: orgId, days: [1, 5, 31] });
  });

  it('takes days as a comma string, spaces allowed', async () => {
    const res = await post({ name: 'Смена 2', days: ' 15, 1,1 ,7' });
    expect(res.statusCode).toBe(200);
    expect(res.json().days).toBe('1,7,15');
  });

  it('answers 422 «Отметьте хотя бы один день» for no days, an empty array and an empty string', async () => {
    for (const days of [undefined, [], '', ' , ']) {
      const res = await post({ name: 'Пустой', days });
      expect(res.statusCode).toBe(422);
      expect(res.json().validationErrors).toEqual({ days: ['Отметьте хотя бы один день'] });
    }
  });

  it('answers 422 on days for a day outside 1–31 or not a whole number', async () => {
    for (const days of [[0], [32], [1.5], '1,a', 'x', true, [null]]) {
      const res = await post({ name: 'Плохой', days });
      expect(res.statusCode, JSON.stringify(days)).toBe(422);
      expect(res.json().validationErrors.days).toEqual(['Дни месяца — целые числа от 1 до 31']);
    }
  });

  it('answers 422 on the name', async () => {
    const res = await post({ days: [1] });
    expect(res.json()).toEqual({ error: 'Validation error', validationErrors: { name: ['Обязательное поле'] } });
  });

  it('answers 403 to the cashier', async () => {
    expect((await post({ name: 'Смена', days: [1] }, cashier)).statusCode).toBe(403);
  });
});

describe('PUT /api/watch', () => {
  it('changes the name and the days', async () => {
    const w = await createWatch(t.db, { organizationId: orgId, days: [1] });
    const res = await t.call({
      method: 'PUT',
      url: '/api/watch',
      token: admin,
      payload: { id: w.id, name: 'Другая', days: '2,4,6' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: w.id, name: 'Другая', days: '2,4,6' });
  });

  it('answers 422 on days', async () => {
    const w = await createWatch(t.db, { organizationId: orgId });
    const res = await t.call({
      method: 'PUT',
      url: '/api/watch',
      token: admin,
      payload: { id: w.id, name: 'Х', days: [] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors).toEqual({ days: ['Отметьте хотя бы один день'] });
  });

  it('answers 404 for a watch of another organization', async () => {
    const w = await foreignWatch();
    const res = await t.call({
      method: 'PUT',
      url: '/api/watch',
      token: admin,
      payload: { id: w.id, name: 'Х', days: [1] },
    });
    expect(res.statusCode).toBe(404);
  });

  it('answers 403 to the cashier', async () => {
    const w = await createWatch(t.db, { organizationId: orgId });
    const res = await t.call({
      method: 'PUT',
      url: '/api/watch',
      token: cashier,
      payload: { id: w.id, name: 'Х', days: [1] },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('DELETE /api/watch/{id}', () => {
  it('archives a watch nobody holds (removed users do not count) and audits it', async () => {
    const w = await createWatch(t.db, { organizationId: orgId, name: `Удаляемый ${Date.now()}` });
    await createUser(t.db, { role: 'Cashier', organizationId: orgId, watchId: w.id, deletedAt: new Date() });
    const res = await t.call({ method: 'DELETE', url: `/api/watch/${w.id}`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const list = (
      await t.call({ method: 'GET', url: `/api/watches?query=${encodeURIComponent(w.name)}`, token: admin })
    ).json();
    expect(list.total).toBe(0);
    const [row] = await t.db.select().from(watches).where(eq(watches.id, w.id));
    expect(row!.deletedAt).not.toBeNull();
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'watch'), eq(auditLog.entityId, String(w.id))));
    expect(entry).toMatchObject({ action: 'watch_delete', before: { name: w.name } });
  });

  it('answers 409 with the number of live holders and keeps the watch', async () => {
    const w = await createWatch(t.db, { organizationId: orgId });
    for (let i = 0; i < 2; i++) await createUser(t.db, { role: 'Cashier', organizationId: orgId, watchId: w.id });
    const res = await t.call({ method: 'DELETE', url: `/api/watch/${w.id}`, token: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'Conflict',
      errorMessage: 'График назначен сотрудникам: 2. Сначала снимите его с них',
    });
    expect((await t.call({ method: 'GET', url: `/api/watch/${w.id}`, token: admin })).statusCode).toBe(200);

    await t.db.update(users).set({ watchId: null }).where(eq(users.watchId, w.id));
    expect((await t.call({ method: 'DELETE', url: `/api/watch/${w.id}`, token: admin })).statusCode).toBe(200);
  });

  it('answers 404 for a watch of another organization', async () => {
    const w = await foreignWatch();
    expect((await t.call({ method: 'DELETE', url: `/api/watch/${w.id}`, token: admin })).statusCode).toBe(404);
  });

  it('answers 422 on a bad id', async () => {
    expect((await t.call({ method: 'DELETE', url: '/api/watch/1.5', token: admin })).statusCode).toBe(422);
  });

  it('answers 403 to the cashier', async () => {
    const w = await createWatch(t.db, { organizationId: orgId });
    expect((await t.call({ method: 'DELETE', url: `/api/watch/${w.id}`, token: cashier })).statusCode).toBe(403);
  });
});
