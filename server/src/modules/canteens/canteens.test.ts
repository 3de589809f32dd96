import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, signedIn } from '../../../test/factories.ts';
import { createCanteen } from '../../../test/factories-people.ts';
import { auditLog } from '../../platform/db/schema.ts';
import { canteens } from '../../platform/db/schema-people.ts';

let t: TestContext;
let orgId: number;
let admin: string;
let cashier: string;
let stranger: string;
beforeAll(async () => {
  t = await createTestContext();
  orgId = (await createOrganization(t.db, { type: 'company' })).id;
  admin = (await signedIn(t.platform, { role: 'Admin', organizationId: orgId })).token;
  cashier = (await signedIn(t.platform, { role: 'Cashier', organizationId: orgId })).token;
  const other = await createOrganization(t.db, { type: 'company' });
  stranger = (await signedIn(t.platform, { role: 'Admin', organizationId: other.id })).token;
});
afterAll(() => t.close());

const otherCanteen = async () => createCanteen(t.db, { name: `Чужая ${Date.now()}` });

describe('GET /api/canteens', () => {
  it('lists the live canteens of the own organization by name, with the total', async () => {
    const org = await createOrganization(t.db, { type: 'company' });
    const { token } = await signedIn(t.platform, { role: 'Admin', organizationId: org.id });
    await createCanteen(t.db, {
      organizationId: org.id,
      name: 'Бета',
      address: 'ул. Абая, 2',
      description: 'Корпус Б',
    });
    const a = await createCanteen(t.db, { organizationId: org.id, name: 'Альфа', address: 'ул. Абая, 1' });
    await createCanteen(t.db, { organizationId: org.id, name: 'Архив', deletedAt: new Date() });
    await otherCanteen();
    const res = await t.call({ method: 'GET', url: '/api/canteens', token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.rows.map((r: { name: string }) => r.name)).toEqual(['Альфа', 'Бета']);
    expect(body.rows[0]).toEqual({
      id: a.id,
      name: 'Альфа',
      address: 'ул. Абая, 1',
      description: null,
      created_at: a.createdAt.toISOString(),
    });
  });

  it('searches name, address and description, taking % and _ literally, and pages', async () => {
    const org = await createOrganization(t.db, { type: 'company' });
    const { token } = await signedIn(t.platform, { role: 'Admin', organizationId: org.id });
    await createCanteen(t.db, { organizationId: org.id, name: 'Столовая 100%', address: 'ул. Толе би, 5' });
    await createCanteen(t.db, { organizationId: org.id, name: 'Буфет', address: 'пр. Достык, 10' });
    await createCanteen(t.db, {
      organizationId: org.id,
      name: 'Кафе',
      address: 'ул. Сатпаева',
      description: 'у Достыка',
    });
    const find = async (query: string, extra = '') =>
      (await t.call({ method: 'GET', url: `/api/canteens?query=${encodeURIComponent(query)}${extra}`, token })).json();
    expect((await find('достык')).rows.map((r: { name: string }) => r.name)).toEqual(['Буфет', 'Кафе']);
    expect((await find('100%')).total).toBe(1);
    expect((await find('%')).total).toBe(1);
    expect((await find('_')).total).toBe(0);
    const page = await find('', '&limit=1&offset=1');
    expect(page).toMatchObject({ total: 3, rows: [{ name: 'Кафе' }] });
  });

  it('is open to the cashier, who picks a canteen on the fixation screen', async () => {
    const res = await t.call({ method: 'GET', url: '/api/canteens', token: cashier });
    expect(res.statusCode).toBe(200);
  });

  it('answers 422 on a bad limit', async () => {
    const res = await t.call({ method: 'GET', url: '/api/canteens?limit=0', token: admin });
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors).toHaveProperty('limit');
  });

  it('answers 403 to an education admin', async () => {
    const { token } = await signedIn(t.platform, { role: 'EducationAdmin' });
    expect((await t.call({ method: 'GET', url: '/api/canteens', token })).statusCode).toBe(403);
  });
});

describe('GET /api/canteen/{id}', () => {
  it('answers the canteen', async () => {
    const c = await createCanteen(t.db, { organizationId: orgId, name: 'Главная', description: 'Первый этаж' });
    const res = await t.call({ method: 'GET', url: `/api/canteen/${c.id}`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: c.id, name: 'Главная', description: 'Первый этаж' });
  });

  it('answers 404 for a canteen of another organization, a deleted one and a missing one', async () => {
    const foreign = await otherCanteen();
    const archived = await createCanteen(t.db, { organizationId: orgId, deletedAt: new Date() });
    for (const id of [foreign.id, archived.id, 999_999]) {
      const res = await t.call({ method: 'GET', url: `/api/canteen/${id}`, token: admin });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found', errorMessage: 'Столовая не найдена' });
    }
  });

  it('answers 422 on a non-numeric id', async () => {
    const res = await t.call({ method: 'GET', url: '/api/canteen/abc', token: admin });
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors).toHaveProperty('id');
  });

  it("answers 403 to the cashier (the form is the admin's)", async () => {
    const c = await createCanteen(t.db, { organizationId: orgId });
    expect((await t.call({ method: 'GET', url: `/api/canteen/${c.id}`, token: cashier })).statusCode).toBe(403);
  });
});

describe('POST /api/canteen', () => {
  it('creates a canteen in the own organization, trimming and dropping an empty description', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/canteen',
      token: admin,
      payload: { name: '  Столовая №3 ', address: 'ул. Жандосова, 7', description: '  ' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ name: 'Столовая №3', address: 'ул. Жандосова, 7', description: null });
    const [row] = await t.db.select().from(canteens).where(eq(canteens.id, body.id));
    expect(row!.organizationId).toBe(orgId);
  });

  it('answers 422 on name and address when they are missing or blank', async () => {
    const res = await t.call({ method: 'POST', url: '/api/canteen', token: admin, payload: { name: ' ' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: 'Validation error',
      validationErrors: { name: ['Обязательное поле'], address: ['Обязательное поле'] },
    });
  });

  it('answers 403 to the cashier', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/canteen',
      token: cashier,
      payload: { name: 'Столовая', address: 'ул. Абая, 1' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('PUT /api/canteen', () => {
  it('changes name, address and description', async () => {
    const c = await createCanteen(t.db, { organizationId: orgId, description: 'старое' });
    const res = await t.call({
      method: 'PUT',
      url: '/api/canteen',
      token: admin,
      payload: { id: c.id, name: 'Новая', address: 'ул. Новая, 1', description: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: c.id, name: 'Новая', address: 'ул. Новая, 1', description: null });
    expect((await t.call({ method: 'GET', url: `/api/canteen/${c.id}`, token: admin })).json().name).toBe('Новая');
  });

  it('answers 422 on the id and the name', async () => {
    const res = await t.call({
      method: 'PUT',
      url: '/api/canteen',
      token: admin,
      payload: { id: 'x', name: '', address: 'ул. Абая, 1' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().validationErrors).sort()).toEqual(['id', 'name']);
  });

  it('answers 404 for a canteen of another organization and leaves it unchanged', async () => {
    const foreign = await otherCanteen();
    const res = await t.call({
      method: 'PUT',
      url: '/api/canteen',
      token: admin,
      payload: { id: foreign.id, name: 'Захват', address: 'ул. Абая, 1' },
    });
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.select().from(canteens).where(eq(canteens.id, foreign.id));
    expect(row!.name).toBe(foreign.name);
  });

  it('answers 403 to the cashier', async () => {
    const c = await createCanteen(t.db, { organizationId: orgId });
    const res = await t.call({
      method: 'PUT',
      url: '/api/canteen',
      token: cashier,
      payload: { id: c.id, name: 'Х', address: 'ул. Абая, 1' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('DELETE /api/canteen/{id}', () => {
  it('archives the canteen: gone from the list and the form, kept in the table, audited', async () => {
    const c = await createCanteen(t.db, { organizationId: orgId, name: `Удаляемая ${Date.now()}` });
    const res = await t.call({ method: 'DELETE', url: `/api/canteen/${c.id}`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const list = (
      await t.call({ method: 'GET', url: `/api/canteens?query=${encodeURIComponent(c.name)}`, token: admin })
    ).json();
    expect(list.total).toBe(0);
    expect((await t.call({ method: 'GET', url: `/api/canteen/${c.id}`, token: admin })).statusCode).toBe(404);
    const [row] = await t.db.select().from(canteens).where(eq(canteens.id, c.id));
    expect(row!.deletedAt).toEqual(t.clock.now);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'canteen'), eq(auditLog.entityId, String(c.id))));
    expect(entry).toMatchObject({ action: 'canteen_delete', organizationId: orgId, before: { name: c.name } });
  });

  it('answers 404 the second time', async () => {
    const c = await createCanteen(t.db, { organizationId: orgId });
    await t.call({ method: 'DELETE', url: `/api/canteen/${c.id}`, token: admin });
    expect((await t.call({ method: 'DELETE', url: `/api/canteen/${c.id}`, token: admin })).statusCode).toBe(404);
  });

  it('answers 404 for a canteen of another organization', async () => {
    const c = await createCanteen(t.db, { organizationId: orgId });
    expect((await t.call({ method: 'DELETE', url: `/api/canteen/${c.id}`, token: stranger })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/canteen/${c.id}`, token: admin })).statusCode).toBe(200);
  });

  it('answers 422 on a bad id', async () => {
    const res = await t.call({ method: 'DELETE', url: '/api/canteen/0', token: admin });
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors).toHaveProperty('id');
  });

  it('answers 403 to the cashier', async () => {
    const c = await createCanteen(t.db, { organizationId: orgId });
    expect((await t.call({ method: 'DELETE', url: `/api/canteen/${c.id}`, token: cashier })).statusCode).toBe(403);
  });
});
