import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolesFor } from '@tamaq/contract/routes';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, FACTORY_PASSWORD, signedIn, createImage } from '../../../test/factories.ts';
import { users } from '../../platform/db/schema-people.ts';
import { auditLog, organizations } from '../../platform/db/schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const image = (ownerId: number | null) => createImage(t.db, ownerId);
const getProfile = (token?: string) => t.call({ method: 'GET', url: '/api/profile', token });

describe('GET /api/profile', () => {
  it('answers the signed-in user with organization (and its time zone), modules, school and photo', async () => {
    const org = await createOrganization(t.db, {
      name: 'Гимназия 7',
      type: 'education',
      modules: ['library'],
      timeZone: 'Asia/Aqtau',
    });
    const school = await createSchool(t.db, { organizationId: org.id });
    const { user, token } = await signedIn(t.platform, {
      role: 'EducationAdmin',
      organizationId: org.id,
      schoolId: school.id,
      name: 'Ержан Ахметов',
    });
    const photo = await image(user.id);
    await t.db.update(users).set({ imageId: photo.id }).where(eq(users.id, user.id));
    const res = await getProfile(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      name: 'Ержан Ахметов',
      email: user.email,
      role: 'EducationAdmin',
      role_id: 6,
      language: 'ru',
      language_chosen: false,
      image_id: photo.id,
      image: { id: photo.id, url: `/api/images/${photo.key}` },
      organization_id: org.id,
      // Its time zone: the clock every screen shows its visits and meal times in.
      organization: { id: org.id, name: 'Гимназия 7', type: 'education', time_zone: 'Asia/Aqtau', language: null },
      school_id: school.id,
      modules: ['library'],
    });
  });

  it('answers no organization and no photo for the super admin', async () => {
    const { token } = await signedIn(t.platform, { role: 'SuperAdmin' });
    const res = await getProfile(token);
    expect(res.json()).toMatchObject({ role: 'SuperAdmin', organization: null, image: null, modules: [] });
  });

  it('answers 401 without a token', async () => {
    const res = await getProfile();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Unauthorized', errorMessage: 'Требуется вход в систему' });
  });
});

describe('PUT /api/profile/language', () => {
  const setLanguage = (token: string | undefined, payload: object) =>
    t.call({ method: 'PUT', url: '/api/profile/language', token, payload });

  it("keeps the person's own language, which then wins over the organization's default", async () => {
    const org = await createOrganization(t.db, { type: 'education' });
    await t.db.update(organizations).set({ language: 'kk' }).where(eq(organizations.id, org.id));
    const { token } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org.id });
    // Until they choose, the organization's language.
    expect((await getProfile(token)).json()).toMatchObject({
      language: 'kk',
      language_chosen: false,
      organization: { language: 'kk' },
    });
    const res = await setLanguage(token, { language: 'ru' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await getProfile(token)).json()).toMatchObject({ language: 'ru', language_chosen: true });
  });

  it('refuses a language the product does not speak, in the language asked, changing nothing', async () => {
    const { token } = await signedIn(t.platform, { role: 'Parent' });
    const res = await t.call({
      method: 'PUT',
      url: '/api/profile/language',
      token,
      payload: { language: 'en' },
      headers: { 'accept-language': 'kk' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors).toEqual({ language: ['Тілді таңдаңыз: ru (русский) немесе kk (қазақша)'] });
    expect((await getProfile(token)).json()).toMatchObject({ language: 'ru', language_chosen: false });
  });

  it('answers 401 without a sign-in', async () => {
    expect((await setLanguage(undefined, { language: 'kk' })).statusCode).toBe(401);
  });
});

describe('PUT /api/profile', () => {
  it('changes the name and photo and answers a token that works', async () => {
    const { user, token } = await signedIn(t.platform, { role: 'Parent' });
    const photo = await image(user.id);
    const res = await t.call({
      method: 'PUT',
      url: '/api/profile',
      token,
      payload: { name: '  Новое Имя ', image_id: photo.id },
    });
    expect(res.statusCode).toBe(200);
    const after = await getProfile(res.json().access_token);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({
      name: 'Новое Имя',
      image_id: photo.id,
      image: { url: `/api/images/${photo.key}` },
    });
    // The old token still works: only a password change ends sessions.
    expect((await getProfile(token)).statusCode).toBe(200);
  });

  it('keeps the photo when image_id is not sent and clears it on null', async () => {
    const { user, token } = await signedIn(t.platform);
    const photo = await image(user.id);
    await t.db.update(users).set({ imageId: photo.id }).where(eq(users.id, user.id));
    await t.call({ method: 'PUT', url: '/api/profile', token, payload: { name: 'Без фото' } });
    expect((await getProfile(token)).json().image_id).toBe(photo.id);
    await t.call({ method: 'PUT', url: '/api/profile', token, payload: { name: 'Без фото', image_id: null } });
    expect((await getProfile(token)).json()).toMatchObject({ image_id: null, image: null });
  });

  it('answers 422 on image_id for a missing image or one somebody else uploaded', async () => {
    const { token } = await signedIn(t.platform);
    const { user: other } = await signedIn(t.platform);
    const theirs = await image(other.id);
    for (const image_id of [theirs.id, 2_000_000]) {
      const res = await t.call({ method: 'PUT', url: '/api/profile', token, payload: { name: 'Имя', image_id } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        error: 'Validation error',
        validationErrors: { image_id: ['Изображение не найдено'] },
      });
    }
  });

  it('answers 422 on image_id for a value that is not a number, instead of reading it as one', async () => {
    const { user, token } = await signedIn(t.platform);
    const photo = await image(user.id);
    // With coercion [id] and "id" would set this user’s photo, and true would be image 1.
    for (const image_id of [true, [photo.id], String(photo.id), 1.5, 0, -1, 2_147_483_648, {}]) {
      const res = await t.call({ method: 'PUT', url: '/api/profile', token, payload: { name: 'Имя', image_id } });
      expect(res.statusCode, JSON.stringify(image_id)).toBe(422);
      expect(res.json()).toEqual({
        error: 'Validation error',
        validationErrors: { image_id: ['Неверный идентификатор'] },
      });
    }
    expect((await getProfile(token)).json().image_id).toBe(null);
  });

  it('answers 422 on name for an empty name', async () => {
    const { token } = await signedIn(t.platform);
    const res = await t.call({ method: 'PUT', url: '/api/profile', token, payload: { name: '   ' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors).toEqual({ name: ['Обязательное поле'] });
  });

  it('answers 401 without a token', async () => {
    const res = await t.call({ method: 'PUT', url: '/api/profile', payload: { name: 'Имя' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('who may call the profile', () => {
  it('declares the roles of the /profile and /password screens, not just any signed-in user', () => {
    const access = (method: string, url: string) =>
      t.app.routeAccess.find((r) => r.method === method && r.url === url)?.access;
    expect(access('GET', '/api/profile')).toEqual(rolesFor('/profile'));
    expect(access('PUT', '/api/profile')).toEqual(rolesFor('/profile'));
    expect(access('PUT', '/api/profile/password')).toEqual(rolesFor('/password'));
  });

  it('answers 403 to a pupil, whose role opens neither screen', async () => {
    const { token } = await signedIn(t.platform, { role: 'Student' });
    const calls = [
      getProfile(token),
      t.call({ method: 'PUT', url: '/api/profile', token, payload: { name: 'Имя' } }),
      t.call({
        method: 'PUT',
        url: '/api/profile/password',
        token,
        payload: {
          password_current: FACTORY_PASSWORD,
          password: 'brand-new-pass',
          password_confirmation: 'brand-new-pass',
        },
      }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Forbidden', errorMessage: 'Недостаточно прав' });
    }
  });
});

describe('PUT /api/profile/password', () => {
  const change = (token: string | undefined, payload: object) =>
    t.call({ method: 'PUT', url: '/api/profile/password', token, payload });
  const body = {
    password_current: FACTORY_PASSWORD,
    password: 'brand-new-pass',
    password_confirmation: 'brand-new-pass',
  };

  it('ends every other session, keeps the caller signed in and logs the change without passwords', async () => {
    const { user, token } = await signedIn(t.platform, { role: 'Economist' });
    const res = await change(token, body);
    expect(res.statusCode).toBe(200);
    expect((await getProfile(res.json().access_token)).statusCode).toBe(200);
    expect((await getProfile(token)).statusCode).toBe(401);
    const login = (password: string) =>
      t.call({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password } });
    expect((await login('brand-new-pass')).statusCode).toBe(200);
    expect((await login(FACTORY_PASSWORD)).statusCode).toBe(401);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(user.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: user.id, action: 'password_change', entity: 'user' });
    expect(JSON.stringify(entries[0])).not.toMatch(/brand-new-pass|password123|argon2/);
  });

  it('answers 422 on password_current for a wrong current password', async () => {
    const { token } = await signedIn(t.platform);
    const res = await change(token, { ...body, password_current: 'not-my-password' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: 'Validation error',
      validationErrors: { password_current: ['Неверный текущий пароль'] },
    });
    expect((await getProfile(token)).statusCode).toBe(200);
  });

  it('answers 422 on each field of an empty form, and on a confirmation that differs', async () => {
    const { token } = await signedIn(t.platform);
    const empty = await change(token, {});
    expect(Object.keys(empty.json().validationErrors).sort()).toEqual([
      'password',
      'password_confirmation',
      'password_current',
    ]);
    const differs = await change(token, { ...body, password_confirmation: 'something-else' });
    expect(differs.json().validationErrors).toEqual({ password_confirmation: ['Пароли не совпадают'] });
  });

  it('answers 401 without a token', async () => {
    expect((await change(undefined, body)).statusCode).toBe(401);
  });
});
