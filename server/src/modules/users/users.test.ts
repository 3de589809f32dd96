import { eq } from 'drizzle-orm';
import { makeIin } from '@tamaq/contract/kz-id';
import { ROLE_IDS, type Role } from '@tamaq/contract/roles';
import { GRANTABLE_ROLES, USER_MESSAGES, type User, type UserRow } from '@tamaq/contract/users';
import { KEY_REUSED } from '../../platform/http/idempotency.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, images } from '../../platform/db/schema.ts';
import { cards, users } from '../../platform/db/schema-people.ts';
import { localDate } from '../../platform/time.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, createUser, signedIn, tokenFor } from '../../../test/factories.ts';
import {
  createCard,
  createClassroom,
  createFoodCategory,
  createPupil,
  createWatch,
} from '../../../test/factories-people.ts';

let t: TestContext;
let orgId: number;
let school1: number;
let school2: number;
let class1: number;
let class2: number;
let sw: number;
let common: number;
let otherOrg: number;
let otherClass: number;
let otherPupil: number;
const tokens = {} as Record<'admin' | 'locked' | 'social' | 'superAdmin' | 'cashier' | 'company', string>;
let adminId: number;

let seq = 0;
const iin = () => makeIin('130405', 5, 100 + ++seq * 3);

beforeAll(async () => {
  t = await createTestContext();
  orgId = (await createOrganization(t.db, { name: 'Отдел образования' })).id;
  school1 = (await createSchool(t.db, { organizationId: orgId, name: 'Гимназия №1', bin: '010140001111' })).id;
  school2 = (await createSchool(t.db, { organizationId: orgId, name: 'Школа №25' })).id;
  class1 = (await createClassroom(t.db, { organizationId: orgId, schoolId: school1, name: '1 «А»' })).id;
  class2 = (await createClassroom(t.db, { organizationId: orgId, schoolId: school2, name: '2 «Б»' })).id;
  sw = (await createFoodCategory(t.db, { organizationId: orgId, name: 'Соцкошелёк', type: 'sw' })).id;
  common = (await createFoodCategory(t.db, { organizationId: orgId, name: 'Платное', type: 'common' })).id;
  otherOrg = (await createOrganization(t.db)).id;
  const other = await createSchool(t.db, { organizationId: otherOrg });
  otherClass = (await createClassroom(t.db, { organizationId: otherOrg, schoolId: other.id })).id;
  otherPupil = (await createPupil(t.db, { organizationId: otherOrg, schoolId: other.id, classroomId: otherClass })).id;

  const admin = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId, name: 'Админ' });
  tokens.admin = admin.token;
  adminId = admin.user.id;
  tokens.locked = (
    await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId, schoolId: school1 })
  ).token;
  tokens.social = (await signedIn(t.platform, { role: 'EducationSocialTeacher', organizationId: orgId })).token;
  tokens.cashier = (await signedIn(t.platform, { role: 'EducationCashier', organizationId: orgId })).token;
  tokens.superAdmin = (await signedIn(t.platform, { role: 'SuperAdmin' })).token;
  tokens.company = (await signedIn(t.platform, { role: 'Admin' })).token;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.call({ method, url, token, ...(payload ? { payload } : {}) });
const rowsOf = (res: { json(): unknown }) => (res.json() as { rows: UserRow[] }).rows;
const pupil = (overrides: Parameters<typeof createPupil>[1] = {}) =>
  createPupil(t.db, { organizationId: orgId, schoolId: school1, classroomId: class1, ...overrides });
const validation = (res: { statusCode: number; json(): unknown }, field: string) => {
  expect(res.statusCode).toBe(422);
  return (res.json() as { validationErrors: Record<string, string[]> }).validationErrors[field]?.[0];
};

describe('GET /api/users', () => {
  it('shows everybody of the organization ordered by name, with class, school, category and cards', async () => {
    const org = (await createOrganization(t.db)).id;
    const school = await createSchool(t.db, { organizationId: org, name: 'Школа А', bin: '020240002222' });
    const klass = await createClassroom(t.db, {
      organizationId: org,
      schoolId: school.id,
      name: '5 «В»',
      nameKk: '5 «Ә»',
    });
    const cat = await createFoodCategory(t.db, { organizationId: org, name: 'Льготное', type: 'sw' });
    const { user: me, token } = await signedIn(t.platform, {
      role: 'EducationAdmin',
      organizationId: org,
      name: 'Яковлева Анна',
      regionId: 2,
    });
    const kid = await createPupil(t.db, {
      organizationId: org,
      schoolId: school.id,
      classroomId: klass.id,
      name: 'Абаев Тимур',
      foodCategoryId: cat.id,
      socialWalletSetDate: '2026-09-01',
    });
    await createCard(t.db, { organizationId: org, userId: kid.id, number: `CARDLIST${Date.now()}` });
    await createPupil(t.db, { organizationId: org, schoolId: school.id, classroomId: klass.id, deletedAt: new Date() });

    const res = await call('GET', '/api/users', token);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(2);
    const [first, second] = rowsOf(res);
    expect(first).toMatchObject({
      id: kid.id,
      name: 'Абаев Тимур',
      role: null,
      role_id: null,
      // The class in both languages: a Kazakh screen shows its Kazakh name.
      classroom: { id: klass.id, name: '5 «В»', name_ru: '5 «В»', name_kk: '5 «Ә»' },
      school: { id: school.id, name: 'Школа А', bin: '020240002222' },
      foodCategory: { id: cat.id, name: 'Льготное', type: 'sw' },
      social_wallet_set_date: '2026-09-01',
      cards_count: 1,
      image: null,
    });
    expect(second).toMatchObject({ id: me.id, role: 'EducationAdmin', region: { id: 2, name: expect.any(String) } });
  });

  it('pages with limit and offset', async () => {
    const res = await call('GET', `/api/users?classroomId=${class2}&limit=1&offset=0`, tokens.admin);
    await pupil({ schoolId: school2, classroomId: class2 });
    await pupil({ schoolId: school2, classroomId: class2 });
    const page2 = await call('GET', `/api/users?classroomId=${class2}&limit=1&offset=1`, tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(page2.json().total).toBeGreaterThanOrEqual(2);
    expect(rowsOf(page2)).toHaveLength(1);
  });

  it('finds by name, job title or card number prefix; in a class only by name', async () => {
    const kid = await pupil({ name: 'Жумабаев Ерасыл', jobTitle: null });
    await createCard(t.db, { organizationId: orgId, userId: kid.id, number: 'ABC123999' });
    const staff = await createUser(t.db, {
      role: 'EducationCashier',
      organizationId: orgId,
      name: 'Ким Ольга',
      jobTitle: 'Повар-кассир',
    });
    const names = async (url: string) => rowsOf(await call('GET', url, tokens.admin)).map((r) => r.id);
    expect(await names('/api/users?query=ерасыл')).toEqual([kid.id]);
    expect(await names('/api/users?query=abc123')).toEqual([kid.id]);
    expect(await names('/api/users?query=123999')).toEqual([]);
    expect(await names('/api/users?query=повар')).toEqual([staff.id]);
    expect(await names(`/api/users?classroomId=${class1}&query=abc123`)).toEqual([]);
    expect(await names(`/api/users?classroomId=${class1}&query=Жумабаев`)).toEqual([kid.id]);
    expect(await names('/api/users?query=%25')).toEqual([]);
  });

  it('on the pupils list finds by IIN too, and lists pupils only', async () => {
    const code = iin();
    const kid = await pupil({ name: 'Сейтова Алина', iin: code });
    const res = await call('GET', `/api/users?isPupils=1&query=${code.slice(0, 8)}`, tokens.admin);
    expect(rowsOf(res).map((r) => r.id)).toEqual([kid.id]);
    const all = rowsOf(await call('GET', '/api/users?isPupils=1&limit=1000', tokens.admin));
    expect(all.every((r) => r.classroom_id !== null)).toBe(true);
    const withoutFlag = rowsOf(await call('GET', `/api/users?query=${code}`, tokens.admin));
    expect(withoutFlag).toEqual([]);
  });

  it('filters by role, and `none` for the people without one; never outside the organization', async () => {
    const roleOf = async (role: string) =>
      rowsOf(await call('GET', `/api/users?role=${role}&limit=1000`, tokens.admin)).map((r) => r.role);
    const admins = await roleOf('EducationAdmin');
    expect(admins.length).toBeGreaterThan(0);
    expect(new Set(admins)).toEqual(new Set(['EducationAdmin']));
    const none = rowsOf(await call('GET', '/api/users?role=none&limit=1000', tokens.admin));
    expect(none.length).toBeGreaterThan(0);
    expect(none.every((r) => r.role === null && r.organization_id === orgId)).toBe(true);
    expect(await roleOf('SuperAdmin')).toEqual([]);
    expect(validation(await call('GET', '/api/users?role=Boss', tokens.admin), 'role')).toBeTruthy();
  });

  it('shows a user locked to a school only that school’s users', async () => {
    await pupil({ schoolId: school2, classroomId: class2, name: 'Ученик второй школы' });
    const rows = rowsOf(await call('GET', '/api/users?limit=1000', tokens.locked));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.school_id === school1)).toBe(true);
  });

  it('lets the super admin filter by organization and see pupils of every school', async () => {
    const res = await call('GET', `/api/users?organizationId=${otherOrg}&isPupils=1`, tokens.superAdmin);
    expect(rowsOf(res).map((r) => r.id)).toEqual([otherPupil]);
  });

  it('answers 404 for a class or school of another organization', async () => {
    expect((await call('GET', `/api/users?classroomId=${otherClass}`, tokens.admin)).statusCode).toBe(404);
    expect((await call('GET', `/api/users?classroomId=${class2}`, tokens.locked)).statusCode).toBe(404);
    expect((await call('GET', `/api/users?schoolId=${school2}`, tokens.locked)).statusCode).toBe(404);
  });

  it('answers 422 on a bad filter and 403 to a cashier', async () => {
    expect(validation(await call('GET', '/api/users?classroomId=abc', tokens.admin), 'classroomId')).toBeTruthy();
    expect((await call('GET', '/api/users', tokens.cashier)).statusCode).toBe(403);
  });
});

describe('GET /api/user/{id}', () => {
  it('answers the user with the role name and the photo url', async () => {
    const [image] = await t.db
      .insert(images)
      .values({ key: `k${Date.now()}`, mime: 'image/webp', width: 1, height: 1, bytes: Buffer.from([1]), etag: 'e' })
      .returning();
    const staff = await createUser(t.db, { role: 'EducationObserver', organizationId: orgId, imageId: image!.id });
    const res = await call('GET', `/api/user/${staff.id}`, tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: staff.id,
      name: staff.name,
      role: 'EducationObserver',
      role_id: ROLE_IDS.EducationObserver,
      organization_id: orgId,
      image: { id: image!.id, url: `/api/images/${image!.key}` },
    });
  });

  it('answers 404 for another organization’s user, an archived user or outside a locked school', async () => {
    expect((await call('GET', `/api/user/${otherPupil}`, tokens.admin)).statusCode).toBe(404);
    const gone = await pupil({ deletedAt: new Date() });
    expect((await call('GET', `/api/user/${gone.id}`, tokens.admin)).statusCode).toBe(404);
    const elsewhere = await pupil({ schoolId: school2, classroomId: class2 });
    expect((await call('GET', `/api/user/${elsewhere.id}`, tokens.locked)).statusCode).toBe(404);
  });

  it('answers 422 for a bad id and 403 to a cashier', async () => {
    expect(validation(await call('GET', '/api/user/abc', tokens.admin), 'id')).toBeTruthy();
    expect((await call('GET', `/api/user/${adminId}`, tokens.cashier)).statusCode).toBe(403);
  });
});

describe('POST /api/user', () => {
  describe('with an Idempotency-Key', () => {
    const create = (key: string, name: string, token = tokens.admin) =>
      t.call({
        method: 'POST',
        url: '/api/user',
        token,
        headers: { 'idempotency-key': key },
        payload: { name, job_title: 'Повар' },
      });
    const named = async (name: string) => (await t.db.select().from(users).where(eq(users.name, name))).length;

    it('creates once: a retry whose answer was lost gets the same user', async () => {
      const name = `Повторный ${Date.now()}`;
      const key = `user-${Date.now()}`;
      const first = await create(key, name);
      expect(first.statusCode).toBe(200);
      const again = await create(key, name);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(await named(name)).toBe(1);
      // A new key is a new user.
      expect((await create(`other-${Date.now()}`, name)).statusCode).toBe(200);
      expect(await named(name)).toBe(2);
    });

    it('refuses the same key with another body (422), creating nobody', async () => {
      const key = `reused-${Date.now()}`;
      const name = `Первый ${Date.now()}`;
      expect((await create(key, name)).statusCode).toBe(200);
      const other = `Второй ${Date.now()}`;
      const reused = await create(key, other);
      expect(reused.statusCode).toBe(422);
      expect(reused.json().validationErrors.idempotencyKey).toEqual([KEY_REUSED]);
      expect(await named(other)).toBe(0);
      expect(await named(name)).toBe(1);
    });

    it('creates once when the retry arrives while the first is still being written', async () => {
      const name = `Одновременный ${Date.now()}`;
      const key = `both-${Date.now()}`;
      const [a, b] = await Promise.all([create(key, name), create(key, name)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(a.json().id).toBe(b.json().id);
      expect(await named(name)).toBe(1);
    });

    it('keeps each user’s keys apart, and refuses a malformed key with 422', async () => {
      const name = `Ключи ${Date.now()}`;
      const key = `shared-${Date.now()}`;
      const mine = await create(key, name);
      const theirs = await create(key, name, tokens.locked);
      expect(theirs.statusCode).toBe(200);
      expect(theirs.json().id).not.toBe(mine.json().id);
      const bad = await create('no', `${name} плохой`);
      expect(validation(bad, 'idempotencyKey')).toBe('Неверный ключ идемпотентности');
      expect(await named(`${name} плохой`)).toBe(0);
    });

    it('writes no key for a refused create, so the corrected form can be sent with it', async () => {
      const key = `fix-${Date.now()}`;
      const refused = await create(key, '');
      expect(refused.statusCode).toBe(422);
      const name = `Исправленный ${Date.now()}`;
      expect((await create(key, name)).statusCode).toBe(200);
      expect(await named(name)).toBe(1);
    });
  });

  it('creates a pupil in a class: the class decides the school', async () => {
    const code = iin();
    const res = await call('POST', '/api/user', tokens.admin, {
      name: '  Нурланов Дамир ',
      iin: code,
      classroom_id: class2,
      school_id: school1,
      food_category_id: common,
    });
    expect(res.statusCode).toBe(200);
    const user = res.json() as User;
    expect(user).toMatchObject({
      name: 'Нурланов Дамир',
      iin: code,
      classroom_id: class2,
      school_id: school2,
      organization_id: orgId,
      role: null,
      food_category_id: common,
      social_wallet_set_date: null,
      social_wallet_reset_date: null,
    });
  });

  it('creates a staff user who can sign in with the given e-mail and password', async () => {
    const email = `Cook${Date.now()}@Test.kz`;
    const res = await call('POST', '/api/user', tokens.admin, {
      name: 'Повар Айгуль',
      email,
      password: 'secret-pass',
      role_id: ROLE_IDS.EducationCashier,
      job_title: 'Повар',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: email.toLowerCase(), role: 'EducationCashier', job_title: 'Повар' });
    const login = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'secret-pass' } });
    expect(login.statusCode).toBe(200);
  });

  it('asks for an e-mail and a password when a role is given', async () => {
    const res = await call('POST', '/api/user', tokens.admin, {
      name: 'Без почты',
      role_id: ROLE_IDS.EducationCashier,
    });
    expect(validation(res, 'email')).toBe(USER_MESSAGES.emailForRole);
    expect(validation(res, 'password')).toBe(USER_MESSAGES.passwordForRole);
    const short = await call('POST', '/api/user', tokens.admin, {
      name: 'Коротко',
      email: `short${Date.now()}@test.kz`,
      password: '1234567',
      role_id: ROLE_IDS.EducationCashier,
    });
    expect(validation(short, 'password')).toMatch(/8/);
  });

  it('answers 422 on the name, a bad IIN and a taken e-mail', async () => {
    const res = await call('POST', '/api/user', tokens.admin, { name: ' ', iin: '123456789012' });
    expect(validation(res, 'name')).toBe('Обязательное поле');
    expect(validation(res, 'iin')).toBe('Неверный ИИН');
    const taken = await call('POST', '/api/user', tokens.admin, {
      name: 'Дубль',
      email: 'ADMIN-TAKEN@x.kz'.toLowerCase(),
      password: 'secret-pass',
      role_id: ROLE_IDS.EducationObserver,
    });
    expect(taken.statusCode).toBe(200);
    const again = await call('POST', '/api/user', tokens.admin, {
      name: 'Дубль 2',
      email: 'Admin-Taken@x.kz',
      password: 'secret-pass',
      role_id: ROLE_IDS.EducationObserver,
    });
    expect(validation(again, 'email')).toBe(USER_MESSAGES.emailTaken);
  });

  it('refuses an IIN a live user of the organization already has, but not an archived one’s', async () => {
    const code = iin();
    await pupil({ iin: code });
    const res = await call('POST', '/api/user', tokens.admin, { name: 'Двойник', iin: code, classroom_id: class1 });
    expect(validation(res, 'iin')).toBe('Ученик с таким ИИН уже есть');
    const other = await call('POST', '/api/user', tokens.superAdmin, {
      name: 'В другой организации',
      iin: code,
      organization_id: otherOrg,
    });
    expect(other.statusCode).toBe(200);
    const archivedCode = iin();
    await pupil({ iin: archivedCode, deletedAt: new Date() });
    const reuse = await call('POST', '/api/user', tokens.admin, { name: 'Новый', iin: archivedCode });
    expect(reuse.statusCode).toBe(200);
  });

  it('refuses a class, school, category or watch of another organization with 422 on the field', async () => {
    const otherCat = await createFoodCategory(t.db, { organizationId: otherOrg });
    const otherWatch = await createWatch(t.db, { organizationId: otherOrg });
    const otherSchool = await createSchool(t.db, { organizationId: otherOrg });
    const res = await call('POST', '/api/user', tokens.admin, {
      name: 'Чужие ссылки',
      classroom_id: otherClass,
      food_category_id: otherCat.id,
      watch_id: otherWatch.id,
    });
    expect(validation(res, 'classroom_id')).toBe(USER_MESSAGES.classroomNotFound);
    const cat = await call('POST', '/api/user', tokens.admin, { name: 'x', food_category_id: otherCat.id });
    expect(validation(cat, 'food_category_id')).toBe(USER_MESSAGES.foodCategoryNotFound);
    const watch = await call('POST', '/api/user', tokens.admin, { name: 'x', watch_id: otherWatch.id });
    expect(validation(watch, 'watch_id')).toBe(USER_MESSAGES.watchNotFound);
    const school = await call('POST', '/api/user', tokens.admin, { name: 'x', school_id: otherSchool.id });
    expect(validation(school, 'school_id')).toBe(USER_MESSAGES.schoolNotFound);
    const region = await call('POST', '/api/user', tokens.admin, { name: 'x', region_id: 99999 });
    expect(validation(region, 'region_id')).toBe(USER_MESSAGES.regionNotFound);
    const image = await call('POST', '/api/user', tokens.admin, { name: 'x', image_id: 99999 });
    expect(validation(image, 'image_id')).toBe(USER_MESSAGES.imageNotFound);
  });

  it('keeps a school-locked admin inside their school', async () => {
    const elsewhere = await call('POST', '/api/user', tokens.locked, { name: 'x', classroom_id: class2 });
    expect(validation(elsewhere, 'classroom_id')).toBe(USER_MESSAGES.classroomNotFound);
    const otherSchool = await call('POST', '/api/user', tokens.locked, { name: 'x', school_id: school2 });
    expect(validation(otherSchool, 'school_id')).toBe(USER_MESSAGES.schoolNotFound);
    const staff = await call('POST', '/api/user', tokens.locked, { name: 'Завхоз', job_title: 'Завхоз' });
    expect(staff.json()).toMatchObject({ school_id: school1 });
  });

  it('makes the super admin name the organization', async () => {
    const res = await call('POST', '/api/user', tokens.superAdmin, { name: 'Без организации' });
    expect(validation(res, 'organization_id')).toBe(USER_MESSAGES.organizationRequired);
    const byClass = await call('POST', '/api/user', tokens.superAdmin, { name: 'По классу', classroom_id: otherClass });
    expect(byClass.json()).toMatchObject({ organization_id: otherOrg, classroom_id: otherClass });
  });

  it('answers 403 to a role outside the users screens', async () => {
    expect((await call('POST', '/api/user', tokens.cashier, { name: 'x' })).statusCode).toBe(403);
  });
});

describe('role granting', () => {
  const cases: [Role, Role | null, boolean][] = [
    ['SuperAdmin', 'EducationAdmin', true],
    ['SuperAdmin', 'Parent', false],
    ['SuperAdmin', 'Student', false],
    ['Admin', 'Cashier', true],
    ['Admin', 'Economist', true],
    ['Admin', 'EducationAdmin', false],
    ['EducationAdmin', 'EducationLibrarian', true],
    ['EducationAdmin', 'Admin', false],
    ['EducationAdmin', 'SuperAdmin', false],
    ['EducationKindergartenAdmin', 'EducationObserver', true],
    ['EducationKindergartenAdmin', 'EducationLibrarian', false],
    ['EducationSocialTeacher', null, true],
    ['EducationSocialTeacher', 'EducationCashier', false],
    ['EducationSocialTeacher', 'Student', false],
  ];

  it.each(cases)('%s giving %s: allowed=%s', async (caller, role, allowed) => {
    const type =
      caller === 'Admin' ? 'company' : caller === 'EducationKindergartenAdmin' ? 'kindergarten' : 'education';
    const org = caller === 'SuperAdmin' ? null : (await createOrganization(t.db, { type })).id;
    const { token } = await signedIn(t.platform, { role: caller, organizationId: org });
    // A social teacher's people are pupils: they always come with a class.
    const klass = caller === 'EducationSocialTeacher' ? await createClassroom(t.db, { organizationId: org! }) : null;
    const res = await call('POST', '/api/user', token, {
      name: `Роль ${role}`,
      ...(klass ? { classroom_id: klass.id } : {}),
      role_id: role === null ? null : ROLE_IDS[role],
      ...(role === null ? {} : { email: `grant${++seq}-${Date.now()}@test.kz`, password: 'secret-pass' }),
      ...(caller === 'SuperAdmin' ? { organization_id: orgId } : {}),
    });
    if (allowed) expect(res.statusCode).toBe(200);
    else expect(validation(res, 'role_id')).toBe(USER_MESSAGES.roleNotAllowed);
    expect(GRANTABLE_ROLES[caller].includes(role)).toBe(allowed);
  });

  it('gives a pupil of a class a sign-in of their own (Student), and nobody outside a class', async () => {
    const org = (await createOrganization(t.db, { type: 'education' })).id;
    const { token } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org });
    const klass = await createClassroom(t.db, { organizationId: org });
    const email = `pupil${++seq}-${Date.now()}@test.kz`;
    const body = { name: 'Ученик со входом', role_id: ROLE_IDS.Student, email, password: 'secret-pass' };
    const outside = await call('POST', '/api/user', token, body);
    expect(validation(outside, 'role_id')).toBe(USER_MESSAGES.studentInClass);
    const res = await call('POST', '/api/user', token, { ...body, classroom_id: klass.id });
    expect(res.statusCode, res.body).toBe(200);
    const login = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'secret-pass' } });
    expect(login.statusCode).toBe(200);
    const me = await t.call({ method: 'GET', url: '/api/student/today', token: login.json().access_token });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().name).toBe('Ученик со входом');
  });

  it('forbids editing or deleting a user whose role the caller could not give (403)', async () => {
    const kg = (await createOrganization(t.db, { type: 'kindergarten' })).id;
    const { token } = await signedIn(t.platform, { role: 'EducationKindergartenAdmin', organizationId: kg });
    const staff = await createUser(t.db, { role: 'EducationLibrarian', organizationId: kg });
    expect((await call('GET', `/api/user/${staff.id}`, token)).statusCode).toBe(200);
    const edit = await call('PUT', '/api/user', token, { id: staff.id, name: 'Новое имя' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().errorMessage).toBe(USER_MESSAGES.editForbidden);
    expect((await call('DELETE', `/api/user/${staff.id}`, token)).statusCode).toBe(403);
    const kid = await createPupil(t.db, { organizationId: kg });
    expect((await call('PUT', '/api/user', token, { id: kid.id, name: 'Можно' })).statusCode).toBe(200);
  });
});

describe('a social teacher (pupils only)', () => {
  it('lists pupils only', async () => {
    const rows = rowsOf(await call('GET', '/api/users?limit=1000', tokens.social));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.classroom_id !== null)).toBe(true);
  });

  it('answers 404 for a user without a class on GET, PUT and DELETE, as if missing', async () => {
    const staff = await createUser(t.db, { organizationId: orgId, roleId: null, email: null, jobTitle: 'Завхоз' });
    const cook = await createUser(t.db, { role: 'EducationCashier', organizationId: orgId });
    for (const id of [staff.id, cook.id, adminId]) {
      const got = await call('GET', `/api/user/${id}`, tokens.social);
      expect(got.statusCode).toBe(404);
      expect(got.json().errorMessage).toBe(USER_MESSAGES.notFound);
      expect((await call('PUT', '/api/user', tokens.social, { id, name: 'Чужой' })).statusCode).toBe(404);
      expect((await call('DELETE', `/api/user/${id}`, tokens.social)).statusCode).toBe(404);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, staff.id));
    expect(row).toMatchObject({ name: staff.name, deletedAt: null });
    const kid = await pupil();
    expect((await call('GET', `/api/user/${kid.id}`, tokens.social)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/user/${kid.id}`, tokens.social)).statusCode).toBe(200);
  });

  it('answers 422 on classroom_id for a create without a class, or an edit that takes it away', async () => {
    const none = await call('POST', '/api/user', tokens.social, { name: 'Без класса', job_title: 'Завхоз' });
    expect(validation(none, 'classroom_id')).toBe(USER_MESSAGES.classroomRequired);
    const created = await call('POST', '/api/user', tokens.social, {
      name: 'Ученик соцпедагога',
      classroom_id: class1,
    });
    expect(created.json()).toMatchObject({ classroom_id: class1, school_id: school1, role: null });
    const id = (created.json() as User).id;
    const cleared = await call('PUT', '/api/user', tokens.social, { id, classroom_id: null });
    expect(validation(cleared, 'classroom_id')).toBe(USER_MESSAGES.classroomRequired);
    const moved = await call('PUT', '/api/user', tokens.social, { id, classroom_id: class2 });
    expect(moved.json()).toMatchObject({ classroom_id: class2, school_id: school2 });
  });
});

describe('PUT /api/user', () => {
  it('changes what is sent and keeps what is not', async () => {
    const kid = await pupil({ name: 'Старое Имя', jobTitle: null, regionId: 2 });
    const res = await call('PUT', '/api/user', tokens.admin, { id: kid.id, name: 'Новое Имя', classroom_id: class2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Новое Имя',
      classroom_id: class2,
      school_id: school2,
      iin: kid.iin,
      region_id: 2,
    });
    const cleared = await call('PUT', '/api/user', tokens.admin, { id: kid.id, iin: null, region_id: null });
    expect(cleared.json()).toMatchObject({ name: 'Новое Имя', iin: null, region_id: null });
  });

  it('dates the social wallet: set on becoming sw, reset on leaving it', async () => {
    const today = localDate(t.clock.now, 'Asia/Almaty');
    const kid = await pupil({ foodCategoryId: common });
    const set = await call('PUT', '/api/user', tokens.admin, { id: kid.id, food_category_id: sw });
    expect(set.json()).toMatchObject({ social_wallet_set_date: today, social_wallet_reset_date: null });

    const later = new Date(t.clock.now.getTime() + 3 * 86_400_000);
    t.clock.now = later;
    const laterDay = localDate(later, 'Asia/Almaty');
    const kept = await call('PUT', '/api/user', tokens.admin, { id: kid.id, name: 'Только имя' });
    expect(kept.json()).toMatchObject({ social_wallet_set_date: today, social_wallet_reset_date: null });
    const reset = await call('PUT', '/api/user', tokens.admin, { id: kid.id, food_category_id: null });
    expect(reset.json()).toMatchObject({ social_wallet_set_date: today, social_wallet_reset_date: laterDay });
    const again = await call('PUT', '/api/user', tokens.admin, { id: kid.id, food_category_id: sw });
    expect(again.json()).toMatchObject({ social_wallet_set_date: laterDay, social_wallet_reset_date: null });
    const toCommon = await call('PUT', '/api/user', tokens.admin, { id: kid.id, food_category_id: common });
    expect(toCommon.json()).toMatchObject({ social_wallet_reset_date: laterDay });
  });

  it("takes the social wallet's dates and order from the list: the first day, the last day, a late list", async () => {
    const today = localDate(t.clock.now, 'Asia/Almaty');
    const kid = await pupil({ foodCategoryId: common });
    // The list came weeks late: the wallet began on 1 September and holds until 31 December.
    const res = await call('PUT', '/api/user', tokens.admin, {
      id: kid.id,
      food_category_id: sw,
      social_wallet_from: '2025-09-01',
      social_wallet_to: '2099-12-31',
      social_wallet_order: '№ 45-п',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      social_wallet_set_date: '2025-09-01',
      social_wallet_reset_date: '2100-01-01',
      social_wallet_to: '2099-12-31',
      social_wallet_order: '№ 45-п',
    });
    // The dates alone change, the category staying; the end cleared holds until the category changes.
    const open = await call('PUT', '/api/user', tokens.admin, { id: kid.id, social_wallet_to: null });
    expect(open.json()).toMatchObject({ social_wallet_set_date: '2025-09-01', social_wallet_to: null });
    // Leaving the wallet on a day of the list's: its last day is that day.
    const left = await call('PUT', '/api/user', tokens.admin, {
      id: kid.id,
      food_category_id: common,
      social_wallet_to: '2025-11-15',
    });
    expect(left.json()).toMatchObject({ social_wallet_reset_date: '2025-11-16', social_wallet_order: '№ 45-п' });
    expect(today >= '2025-11-16').toBe(true);
  });

  it("refuses wallet dates out of order, a start in the future, and dates without a wallet's category, writing nothing", async () => {
    const kid = await pupil({ foodCategoryId: common });
    const cases: [object, string, string][] = [
      [
        { food_category_id: sw, social_wallet_from: '2025-10-01', social_wallet_to: '2025-09-30' },
        'social_wallet_to',
        'Окончание не может быть раньше начала',
      ],
      [
        { food_category_id: sw, social_wallet_from: '2099-01-01' },
        'social_wallet_from',
        'Начало — не позже сегодняшнего дня: будущей может быть только дата окончания',
      ],
      [
        { food_category_id: sw, social_wallet_from: '01.09.2025' },
        'social_wallet_from',
        'Укажите дату в виде ДД.ММ.ГГГГ',
      ],
      [{ food_category_id: sw, social_wallet_to: '2025-02-30' }, 'social_wallet_to', 'Укажите дату в виде ДД.ММ.ГГГГ'],
      [
        { social_wallet_from: '2025-09-01' },
        'social_wallet_from',
        'Даты социального кошелька указываются только для его категории питания',
      ],
      [
        { social_wallet_order: '№ 1' },
        'social_wallet_order',
        'Даты социального кошелька указываются только для его категории питания',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call('PUT', '/api/user', tokens.admin, { id: kid.id, ...payload });
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 422 });
      expect(res.json().validationErrors[field][0]).toBe(message);
    }
    const row = rowsOf(await call('GET', `/api/users?query=${encodeURIComponent(kid.name)}`, tokens.admin))[0];
    expect(row).toMatchObject({ food_category_id: common, social_wallet_set_date: null, social_wallet_order: null });
  });

  it('sets the social wallet date when a pupil is created in an sw category', async () => {
    const res = await call('POST', '/api/user', tokens.admin, { name: 'Сразу льготник', food_category_id: sw });
    expect(res.json()).toMatchObject({ social_wallet_set_date: localDate(t.clock.now, 'Asia/Almaty') });
  });

  it('ends the user’s sessions when an admin sets a new password', async () => {
    const staff = await createUser(t.db, { role: 'EducationObserver', organizationId: orgId });
    const token = await tokenFor(t.platform, staff);
    expect((await t.call({ method: 'GET', url: '/api/profile', token })).statusCode).toBe(200);
    const res = await call('PUT', '/api/user', tokens.admin, { id: staff.id, password: 'brand-new-pass' });
    expect(res.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/profile', token })).statusCode).toBe(401);
  });

  it('answers 404 for another organization’s user and 422 for a missing id', async () => {
    expect((await call('PUT', '/api/user', tokens.admin, { id: otherPupil, name: 'x' })).statusCode).toBe(404);
    expect(validation(await call('PUT', '/api/user', tokens.admin, { name: 'x' }), 'id')).toBeTruthy();
  });

  it('answers 403 to a cashier', async () => {
    expect((await call('PUT', '/api/user', tokens.cashier, { id: adminId, name: 'x' })).statusCode).toBe(403);
  });
});

describe('DELETE /api/user/{id}', () => {
  it('archives the user: gone from lists, cards unlinked, sessions ended, audit written', async () => {
    const staff = await createUser(t.db, { role: 'EducationObserver', organizationId: orgId, name: 'Уходящий' });
    const token = await tokenFor(t.platform, staff);
    const card = await createCard(t.db, { organizationId: orgId, userId: staff.id });
    const res = await call('DELETE', `/api/user/${staff.id}`, tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });

    const [row] = await t.db.select().from(users).where(eq(users.id, staff.id));
    expect(row).toMatchObject({ name: 'Уходящий', email: null, passwordHash: null });
    expect(row!.deletedAt).not.toBeNull();
    const [c] = await t.db.select().from(cards).where(eq(cards.id, card.id));
    expect(c!.userId).toBeNull();
    expect((await t.call({ method: 'GET', url: '/api/profile', token })).statusCode).toBe(401);
    expect((await call('GET', `/api/user/${staff.id}`, tokens.admin)).statusCode).toBe(404);
    const logs = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(staff.id)));
    expect(logs.some((l) => l.action === 'user_delete')).toBe(true);
  });

  it('refuses to delete yourself with a pointer to /profile/remove', async () => {
    const res = await call('DELETE', `/api/user/${adminId}`, tokens.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorMessage).toBe(USER_MESSAGES.deleteSelf);
  });

  it('answers 404 for another organization’s user, 422 for a bad id, 403 to a cashier', async () => {
    expect((await call('DELETE', `/api/user/${otherPupil}`, tokens.admin)).statusCode).toBe(404);
    expect(validation(await call('DELETE', '/api/user/0', tokens.admin), 'id')).toBeTruthy();
    expect((await call('DELETE', `/api/user/${otherPupil}`, tokens.cashier)).statusCode).toBe(403);
  });
});
