import { and, eq } from 'drizzle-orm';
import { SCHOOL_MESSAGES, SCHOOL_MESSAGES_KINDERGARTEN } from '@tamaq/contract/schools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, schools } from '../../platform/db/schema.ts';
import { bookCategories } from '../../platform/db/schema-library.ts';
import { schoolSettings, users, visits } from '../../platform/db/schema-people.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, createUser, signedIn } from '../../../test/factories.ts';
import { createClassroom, createPupil } from '../../../test/factories-people.ts';

let t: TestContext;
let orgId: number;
let otherOrgId: number;
let admin: string;
let locked: string;
let lockedSchoolId: number;
let otherSchoolId: number;
let superAdmin: string;

beforeAll(async () => {
  t = await createTestContext();
  orgId = (await createOrganization(t.db, { name: 'Отдел образования' })).id;
  otherOrgId = (await createOrganization(t.db, { name: 'Другой отдел' })).id;
  lockedSchoolId = (
    await createSchool(t.db, { organizationId: orgId, name: 'Гимназия №1', number: '1', city: 'Алматы' })
  ).id;
  await createSchool(t.db, {
    organizationId: orgId,
    name: 'Лицей №7',
    number: '7',
    city: 'Астана',
    address: 'пр. Республики, 5',
    regionId: 3,
  });
  await createSchool(t.db, { organizationId: orgId, name: 'Школа 100%_знаний', number: '12', city: 'Шымкент' });
  otherSchoolId = (await createSchool(t.db, { organizationId: otherOrgId, name: 'Чужая школа' })).id;
  ({ token: admin } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId }));
  ({ token: locked } = await signedIn(t.platform, {
    role: 'EducationAdmin',
    organizationId: orgId,
    schoolId: lockedSchoolId,
  }));
  ({ token: superAdmin } = await signedIn(t.platform, { role: 'SuperAdmin' }));
});
afterAll(() => t.close());

type Row = { id: number; name: string; number: string | null; region: { id: number; name: string } | null };
const list = (token: string, query = '') => t.call({ method: 'GET', url: `/api/schools${query}`, token });
const names = (res: { json(): unknown }) => (res.json() as { rows: Row[] }).rows.map((r) => r.name);

const body = (over: Record<string, unknown> = {}) => ({
  region_id: 2,
  name: 'Школа №42',
  number: '42',
  bin: '',
  address: 'ул. Абая, 10',
  description: 'Новая школа',
  city: 'Алматы',
  ...over,
});

describe('GET /api/schools', () => {
  it('lists the schools of the own organization by name, with the region', async () => {
    const res = await list(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(3);
    expect(names(res)).toEqual(['Гимназия №1', 'Лицей №7', 'Школа 100%_знаний']);
    const lyceum = (res.json() as { rows: Row[] }).rows[1]!;
    expect(lyceum).toMatchObject({ number: '7', region: { id: 3, name: expect.any(String) } });
  });

  it('searches by name, number, city and address; % and _ are literal', async () => {
    expect(names(await list(admin, '?query=лицей'))).toEqual(['Лицей №7']);
    expect(names(await list(admin, '?query=12'))).toEqual(['Школа 100%_знаний']);
    expect(names(await list(admin, '?query=астана'))).toEqual(['Лицей №7']);
    expect(names(await list(admin, '?query=Республики'))).toEqual(['Лицей №7']);
    expect(names(await list(admin, `?query=${encodeURIComponent('%_')}`))).toEqual(['Школа 100%_знаний']);
    expect(names(await list(admin, '?query=_'))).toEqual(['Школа 100%_знаний']);
  });

  it('pages with limit and offset, total counting all', async () => {
    const res = await list(admin, '?limit=1&offset=1');
    expect(res.json().total).toBe(3);
    expect(names(res)).toEqual(['Лицей №7']);
  });

  it('shows a user locked to a school only that school', async () => {
    const res = await list(locked);
    expect(res.json().total).toBe(1);
    expect(names(res)).toEqual(['Гимназия №1']);
  });

  it('lets the super admin see every organization and filter by organizationId', async () => {
    const all = await list(superAdmin, '?limit=1000');
    expect(names(all)).toEqual(expect.arrayContaining(['Гимназия №1', 'Чужая школа']));
    expect(names(await list(superAdmin, `?organizationId=${otherOrgId}`))).toEqual(['Чужая школа']);
  });

  it('ignores organizationId from anybody but the super admin', async () => {
    expect(names(await list(admin, `?organizationId=${otherOrgId}`))).toHaveLength(3);
  });

  it('is readable by the roles that pick a school (cashier, observer, librarian, social teacher)', async () => {
    for (const role of [
      'EducationCashier',
      'EducationObserver',
      'EducationLibrarian',
      'EducationSocialTeacher',
    ] as const) {
      const { token } = await signedIn(t.platform, { role, organizationId: orgId });
      expect((await list(token)).json().total).toBe(3);
    }
  });

  it('answers 403 to a company admin and 422 on a limit over 1000', async () => {
    const { token } = await signedIn(t.platform, { role: 'Admin' });
    expect((await list(token)).statusCode).toBe(403);
    const res = await list(admin, '?limit=1001');
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors.limit).toBeDefined();
  });
});

describe('GET /api/school/:id', () => {
  it('answers the school with its region', async () => {
    const res = await t.call({ method: 'GET', url: `/api/school/${lockedSchoolId}`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: lockedSchoolId, name: 'Гимназия №1', organization_id: orgId, region_id: 2 });
  });

  it('answers 404 for a school of another organization, as for a missing one', async () => {
    const other = await t.call({ method: 'GET', url: `/api/school/${otherSchoolId}`, token: admin });
    const missing = await t.call({ method: 'GET', url: '/api/school/999999', token: admin });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    expect(other.json().errorMessage).toBe(SCHOOL_MESSAGES.notFound);
  });

  it('answers 404 to a locked user for another school of their organization', async () => {
    const { rows } = (await list(admin, '?query=лицей')).json() as { rows: Row[] };
    const res = await t.call({ method: 'GET', url: `/api/school/${rows[0]!.id}`, token: locked });
    expect(res.statusCode).toBe(404);
  });

  it('answers 422 on a bad id and 403 to a parent', async () => {
    const bad = await t.call({ method: 'GET', url: '/api/school/abc', token: admin });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().validationErrors.id).toBeDefined();
    const { token } = await signedIn(t.platform, { role: 'Parent', organizationId: null });
    expect((await t.call({ method: 'GET', url: `/api/school/${lockedSchoolId}`, token })).statusCode).toBe(403);
  });
});

describe('POST /api/school', () => {
  it('names a school in Kazakh and Russian, either first; a change that leaves one out keeps it', async () => {
    const call = (method: 'POST' | 'PUT', payload: object) =>
      t.call({ method, url: '/api/school', token: admin, payload });
    const made = await call('POST', body({ name: undefined, name_kk: '№5 мектеп-гимназия' }));
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ name: '№5 мектеп-гимназия', name_ru: null, name_kk: '№5 мектеп-гимназия' });
    const id = made.json().id as number;
    // The spec's client sends the Russian name alone: the Kazakh one stays.
    const ru = await call('PUT', body({ id, name: 'Школа-гимназия №5' }));
    expect(ru.json()).toMatchObject({
      name: 'Школа-гимназия №5',
      name_ru: 'Школа-гимназия №5',
      name_kk: '№5 мектеп-гимназия',
    });
    // Found by either name.
    const found = await list(admin, `?query=${encodeURIComponent('мектеп-гимназия')}`);
    expect(found.json().rows.map((r: Row) => r.id)).toEqual([id]);
    // Neither name: refused on `name`, nothing changed.
    const cleared = await call('PUT', body({ id, name: '', name_kk: '' }));
    expect(cleared.statusCode).toBe(422);
    expect(Object.keys(cleared.json().validationErrors)).toEqual(['name']);
    const kept = await t.call({ method: 'GET', url: `/api/school/${id}`, token: admin });
    expect(kept.json()).toMatchObject({ name_ru: 'Школа-гимназия №5', name_kk: '№5 мектеп-гимназия' });
  });

  it('creates a school in the own organization', async () => {
    const res = await t.call({ method: 'POST', url: '/api/school', token: admin, payload: body() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Школа №42',
      number: '42',
      bin: null,
      organization_id: orgId,
      region: { id: 2, name: expect.any(String) },
      description: 'Новая школа',
    });
  });

  it('ignores an organization_id sent by an organization admin', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/school',
      token: admin,
      payload: body({ name: 'Школа с чужой организацией', organization_id: otherOrgId }),
    });
    expect(res.json().organization_id).toBe(orgId);
  });

  it('answers 422 naming region, name, city and address when they are empty', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/school',
      token: admin,
      payload: { name: ' ', city: '', address: '' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().validationErrors).sort()).toEqual(['address', 'city', 'name', 'region_id']);
    expect(res.json().validationErrors.name).toEqual(['Обязательное поле']);
  });

  it('answers 422 on region_id for an unknown region and on bin for a wrong BIN', async () => {
    const region = await t.call({
      method: 'POST',
      url: '/api/school',
      token: admin,
      payload: body({ region_id: 999 }),
    });
    expect(region.statusCode).toBe(422);
    expect(region.json().validationErrors).toEqual({ region_id: [SCHOOL_MESSAGES.regionNotFound] });
    const bin = await t.call({ method: 'POST', url: '/api/school', token: admin, payload: body({ bin: '123' }) });
    expect(bin.json().validationErrors.bin).toEqual(['Неверный БИН']);
  });

  it('answers 403 with a reason to a user locked to a school', async () => {
    const res = await t.call({ method: 'POST', url: '/api/school', token: locked, payload: body() });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorMessage).toBe(SCHOOL_MESSAGES.lockedCreate);
  });

  it('answers 403 to a social teacher (may read, not write)', async () => {
    const { token } = await signedIn(t.platform, { role: 'EducationSocialTeacher', organizationId: orgId });
    expect((await t.call({ method: 'POST', url: '/api/school', token, payload: body() })).statusCode).toBe(403);
  });

  it('lets the kindergarten admin create a kindergarten', async () => {
    const kg = await createOrganization(t.db, { type: 'kindergarten' });
    const { token } = await signedIn(t.platform, { role: 'EducationKindergartenAdmin', organizationId: kg.id });
    const res = await t.call({ method: 'POST', url: '/api/school', token, payload: body({ name: 'Детский сад' }) });
    expect(res.json().organization_id).toBe(kg.id);
  });
});

describe('PUT /api/school', () => {
  it('changes every field', async () => {
    const school = await createSchool(t.db, { organizationId: orgId, name: 'Старое имя' });
    const res = await t.call({
      method: 'PUT',
      url: '/api/school',
      token: admin,
      payload: body({ id: school.id, name: 'Новое имя', region_id: 3, bin: '010140001111', description: '' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: school.id, name: 'Новое имя', region_id: 3, bin: '010140001111' });
    expect(res.json().description).toBeNull();
  });

  it('answers 404 for a school of another organization and leaves it alone', async () => {
    const res = await t.call({ method: 'PUT', url: '/api/school', token: admin, payload: body({ id: otherSchoolId }) });
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.select().from(schools).where(eq(schools.id, otherSchoolId));
    expect(row!.name).toBe('Чужая школа');
  });

  it('lets a locked user edit their own school only', async () => {
    const own = await t.call({
      method: 'PUT',
      url: '/api/school',
      token: locked,
      payload: body({ id: lockedSchoolId, name: 'Гимназия №1' }),
    });
    expect(own.statusCode).toBe(200);
    const { rows } = (await list(admin, '?query=лицей')).json() as { rows: Row[] };
    const other = await t.call({
      method: 'PUT',
      url: '/api/school',
      token: locked,
      payload: body({ id: rows[0]!.id }),
    });
    expect(other.statusCode).toBe(404);
  });

  it('answers 422 on id when it is missing', async () => {
    const res = await t.call({ method: 'PUT', url: '/api/school', token: admin, payload: body() });
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors.id).toBeDefined();
  });
});

describe('DELETE /api/school/:id', () => {
  const remove = (id: number, token = admin) => t.call({ method: 'DELETE', url: `/api/school/${id}`, token });

  it('deletes an unused school and writes the audit log', async () => {
    const school = await createSchool(t.db, { organizationId: orgId, name: 'Пустая школа' });
    const res = await remove(school.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await t.db.select().from(schools).where(eq(schools.id, school.id))).toEqual([]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'school'), eq(auditLog.entityId, String(school.id))));
    expect(entry).toMatchObject({ action: 'school_delete', organizationId: orgId });
    expect(entry!.before).toMatchObject({ name: 'Пустая школа' });
  });

  it('refuses with 409 while the school has classes', async () => {
    const school = await createSchool(t.db, { organizationId: orgId });
    await createClassroom(t.db, { organizationId: orgId, schoolId: school.id });
    const res = await remove(school.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorMessage).toBe(SCHOOL_MESSAGES.hasClassrooms);
  });

  it('refuses with 409 while users belong to the school', async () => {
    const school = await createSchool(t.db, { organizationId: orgId });
    await createUser(t.db, { role: 'EducationCashier', organizationId: orgId, schoolId: school.id });
    const res = await remove(school.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorMessage).toBe(SCHOOL_MESSAGES.hasUsers);
  });

  it('refuses with 409 while meal history refers to the school', async () => {
    const school = await createSchool(t.db, { organizationId: orgId });
    const person = await createUser(t.db, { role: 'EducationCashier', organizationId: orgId });
    await t.db
      .insert(visits)
      .values({ organizationId: orgId, schoolId: school.id, userId: person.id, visitDate: '2025-01-15' });
    const res = await remove(school.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorMessage).toBe(SCHOOL_MESSAGES.hasHistory);
  });

  it('refuses with 409 naming the library while the school keeps book categories', async () => {
    const school = await createSchool(t.db, { organizationId: orgId });
    await t.db.insert(bookCategories).values({ organizationId: orgId, schoolId: school.id, name: 'Учебники' });
    const res = await remove(school.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorMessage).toBe(SCHOOL_MESSAGES.hasLibrary);
    expect(await t.db.select().from(schools).where(eq(schools.id, school.id))).toHaveLength(1);
  });

  it('deletes a school whose only users are removed accounts, detaching them', async () => {
    const school = await createSchool(t.db, { organizationId: orgId });
    const gone = await createUser(t.db, {
      role: 'EducationCashier',
      organizationId: orgId,
      schoolId: school.id,
      deletedAt: new Date(),
    });
    expect((await remove(school.id)).statusCode).toBe(200);
    const [row] = await t.db.select({ schoolId: users.schoolId }).from(users).where(eq(users.id, gone.id));
    expect(row!.schoolId).toBeNull();
  });

  it('answers 404 for a school of another organization', async () => {
    expect((await remove(otherSchoolId)).statusCode).toBe(404);
  });

  it('answers 403 with a reason to a user locked to a school, even for their own', async () => {
    const res = await remove(lockedSchoolId, locked);
    expect(res.statusCode).toBe(403);
    expect(res.json().errorMessage).toBe(SCHOOL_MESSAGES.lockedDelete);
  });

  it('answers 403 to a cashier and 422 on a bad id', async () => {
    const { token } = await signedIn(t.platform, { role: 'EducationCashier', organizationId: orgId });
    expect((await remove(lockedSchoolId, token)).statusCode).toBe(403);
    const bad = await t.call({ method: 'DELETE', url: '/api/school/0', token: admin });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().validationErrors.id).toBeDefined();
  });

  it('keeps a school with pupils', async () => {
    const pupil = await createPupil(t.db, { organizationId: orgId });
    const res = await remove(pupil.schoolId!);
    expect(res.statusCode).toBe(409);
  });
});

describe('GET /api/school/:id/settings', () => {
  const settings = (id: number, token = admin) => t.call({ method: 'GET', url: `/api/school/${id}/settings`, token });

  it('answers nulls while no turnstile is configured', async () => {
    const res = await settings(lockedSchoolId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ server: null, port: null, database: null, user: null, password: null });
  });

  it('answers the configured connection', async () => {
    const school = await createSchool(t.db, { organizationId: orgId });
    await t.db.insert(schoolSettings).values({
      schoolId: school.id,
      server: '10.0.0.5',
      port: 3050,
      databaseName: 'turnstile',
      user: 'reader',
      password: 's3cret',
    });
    expect((await settings(school.id)).json()).toEqual({
      server: '10.0.0.5',
      port: 3050,
      database: 'turnstile',
      user: 'reader',
      password: 's3cret',
    });
  });

  it('answers 404 for another organization and 403 to a kindergarten admin', async () => {
    expect((await settings(otherSchoolId)).statusCode).toBe(404);
    const { token } = await signedIn(t.platform, { role: 'EducationKindergartenAdmin', organizationId: orgId });
    expect((await settings(lockedSchoolId, token)).statusCode).toBe(403);
  });

  it('answers 422 on a bad id', async () => {
    const res = await settings(-1);
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors.id).toBeDefined();
  });
});

describe('a kindergarten admin', () => {
  it('hears of kindergartens and groups in the refusals, not of schools and classes', async () => {
    const kg = await createOrganization(t.db, { type: 'kindergarten' });
    const { token } = await signedIn(t.platform, { role: 'EducationKindergartenAdmin', organizationId: kg.id });
    const remove = (id: number) => t.call({ method: 'DELETE', url: `/api/school/${id}`, token });
    const garden = (await createSchool(t.db, { organizationId: kg.id })).id;
    await createClassroom(t.db, { organizationId: kg.id, schoolId: garden });
    expect((await remove(garden)).json().errorMessage).toBe(
      'Нельзя удалить детский сад, в котором есть группы: сначала удалите или перенесите их',
    );
    const staffed = (await createSchool(t.db, { organizationId: kg.id })).id;
    await createUser(t.db, { role: 'EducationCashier', organizationId: kg.id, schoolId: staffed });
    expect((await remove(staffed)).json().errorMessage).toBe(
      'Нельзя удалить детский сад, к которому привязаны пользователи',
    );
    const missing = await t.call({ method: 'GET', url: `/api/school/${otherSchoolId}`, token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorMessage).toBe('Детский сад не найден');
    expect((await remove(otherSchoolId)).json().errorMessage).toBe(SCHOOL_MESSAGES_KINDERGARTEN.notFound);
  });
});
