import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBin } from '@tamaq/contract/kz-id';
import { ROLE_IDS } from '@tamaq/contract/roles';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createUser, signedIn } from '../../../test/factories.ts';
import { users } from '../../platform/db/schema-people.ts';
import { auditLog, organizations } from '../../platform/db/schema.ts';

let t: TestContext;
let superToken: string;
beforeAll(async () => {
  t = await createTestContext();
  superToken = (await signedIn(t.platform, { role: 'SuperAdmin' })).token;
});
afterAll(() => t.close());

let serial = 0;
const bin = () => makeBin('2301400', ++serial * 7);
const form = (overrides: Record<string, unknown> = {}) => ({
  name: `ТОО «Тест ${++serial}»`,
  type: 'company',
  status: 'active',
  bin: bin(),
  address: 'г. Алматы, ул. Абая, 10',
  contacts: '+7 701 000 00 00',
  modules: [],
  admin_name: 'Марат Садыков',
  admin_email: `org.admin${serial}@test.kz`,
  admin_password: 'admin-pass-1',
  ...overrides,
});
const create = (payload: object, token = superToken) =>
  t.call({ method: 'POST', url: '/api/organization', token, payload });
const update = (payload: object, token = superToken) =>
  t.call({ method: 'PUT', url: '/api/organization', token, payload });
const login = (email: string, password: string) =>
  t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('POST /api/organization', () => {
  it('creates the organization and its admin, who can sign in with the role of the type', async () => {
    for (const [type, role] of [
      ['company', 'Admin'],
      ['education', 'EducationAdmin'],
      ['kindergarten', 'EducationKindergartenAdmin'],
    ] as const) {
      const body = form({ type, modules: ['library', 'library'], admin_email: `Head.${type}@Test.kz` });
      const res = await create(body);
      expect(res.statusCode).toBe(200);
      const org = res.json();
      expect(org).toEqual({
        id: expect.any(Number),
        name: body.name,
        type,
        status: 'active',
        bin: body.bin,
        address: body.address,
        contacts: body.contacts,
        modules: ['library'],
        language: null,
        created_at: expect.any(String),
      });
      const [admin] = await t.db
        .select()
        .from(users)
        .where(eq(users.email, `head.${type}@test.kz`));
      expect(admin).toMatchObject({ organizationId: org.id, roleId: ROLE_IDS[role], name: 'Марат Садыков' });
      const signIn = await login(`head.${type}@test.kz`, 'admin-pass-1');
      expect(signIn.statusCode).toBe(200);
    }
  });

  it('writes an audit row without the password', async () => {
    const res = await create(form({ admin_password: 'secret-pass-42' }));
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(res.json().id)));
    expect(entry).toMatchObject({ action: 'organization_create', entity: 'organization' });
    expect(JSON.stringify(entry)).not.toMatch(/secret-pass-42|argon2/);
  });

  it('answers 422 on admin_email for a taken e-mail and creates no organization', async () => {
    const taken = await createUser(t.db);
    const body = form({ admin_email: taken.email });
    const res = await create(body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: 'Validation error',
      validationErrors: { admin_email: ['Этот e-mail уже зарегистрирован'] },
    });
    expect(await t.db.select().from(organizations).where(eq(organizations.name, body.name))).toEqual([]);
  });

  it('answers 422 on each missing field, on a wrong BIN, type, status and module', async () => {
    const empty = await create({});
    expect(Object.keys(empty.json().validationErrors).sort()).toEqual([
      'admin_email',
      'admin_name',
      'bin',
      'name',
      'status',
      'type',
    ]);
    const wrong = await create(
      form({ bin: '123456789012', type: 'school', status: 'paused', modules: ['canteen'], admin_password: 'short' }),
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().validationErrors).toEqual({
      bin: ['Неверный БИН'],
      type: ['Выберите тип организации'],
      status: ['Выберите статус организации'],
      modules: ['Неизвестный модуль'],
      admin_password: ['Пароль должен быть не короче 8 символов'],
    });
  });

  it('invites an admin without a password by e-mail to set their own, once, and then signs them in', async () => {
    const email = `invited.${serial}@test.kz`;
    const res = await create(form({ type: 'education', admin_email: email, admin_password: '' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().admin_invitation).toBe('sent');
    // No password yet: nothing signs in.
    expect((await login(email, 'admin-pass-1')).statusCode).toBe(401);
    const mail = await t.smtp.lastTo(email);
    expect(mail.subject).toContain('Приглашение в Tamaq');
    const link = new URL(/https?:\/\/\S+\/password\/setup\?\S+/.exec(mail.text)![0]);
    expect(link.searchParams.get('email')).toBe(email);
    const code = link.searchParams.get('code')!;
    const setup = (payload: object) => t.call({ method: 'PUT', url: '/api/auth/password/setup', payload });
    // A wrong code, or passwords that differ: refused, nothing set.
    const wrong = await setup({
      email,
      code: 'A'.repeat(43),
      password: 'my-own-pass-1',
      password_confirmation: 'my-own-pass-1',
    });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().validationErrors)).toEqual(['code']);
    const differ = await setup({ email, code, password: 'my-own-pass-1', password_confirmation: 'other-pass-1' });
    expect(Object.keys(differ.json().validationErrors)).toEqual(['password_confirmation']);
    const ok = await setup({ email, code, password: 'my-own-pass-1', password_confirmation: 'my-own-pass-1' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().access_token).toEqual(expect.any(String));
    expect((await login(email, 'my-own-pass-1')).statusCode).toBe(200);
    // The link works once.
    const again = await setup({ email, code, password: 'another-pass-1', password_confirmation: 'another-pass-1' });
    expect(again.statusCode).toBe(422);
    expect(again.json().validationErrors.code[0]).toContain('Ссылка недействительна или устарела');
    expect((await login(email, 'another-pass-1')).statusCode).toBe(401);
  });

  it('answers 403 to an admin', async () => {
    const { token } = await signedIn(t.platform, { role: 'Admin' });
    expect((await create(form(), token)).statusCode).toBe(403);
  });
});

describe('GET /api/organizations', () => {
  it('finds by name or BIN, pages and counts', async () => {
    const tag = `Поиск${Date.now()}`;
    const a = (await create(form({ name: `${tag} Альфа` }))).json();
    const b = (await create(form({ name: `${tag} Бета` }))).json();
    const byName = await t.call({
      method: 'GET',
      url: `/api/organizations?query=${encodeURIComponent(tag.toLowerCase())}&limit=1`,
      token: superToken,
    });
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toEqual({ total: 2, rows: [a] });
    const page2 = await t.call({
      method: 'GET',
      url: `/api/organizations?query=${encodeURIComponent(tag)}&limit=1&offset=1`,
      token: superToken,
    });
    expect(page2.json().rows).toEqual([b]);
    const byBin = await t.call({ method: 'GET', url: `/api/organizations?query=${b.bin}`, token: superToken });
    expect(byBin.json()).toEqual({ total: 1, rows: [b] });
  });

  it('takes % and _ as letters', async () => {
    const res = await t.call({ method: 'GET', url: '/api/organizations?query=%25_%25', token: superToken });
    expect(res.json()).toEqual({ total: 0, rows: [] });
  });

  it('answers 422 on limit for a page too big', async () => {
    const res = await t.call({ method: 'GET', url: '/api/organizations?limit=100000', token: superToken });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().validationErrors)).toEqual(['limit']);
  });

  it('answers 403 to an education admin', async () => {
    const { token } = await signedIn(t.platform, { role: 'EducationAdmin' });
    expect((await t.call({ method: 'GET', url: '/api/organizations', token })).statusCode).toBe(403);
  });
});

describe('an admin invited again', () => {
  const admins = (id: number, token = superToken) =>
    t.call({ method: 'GET', url: `/api/organization/${id}/admins`, token });
  const invite = (id: number, userId: number | string, token = superToken) =>
    t.call({ method: 'POST', url: `/api/organization/${id}/admin/${userId}/invitation`, token });
  const setup = (payload: object) => t.call({ method: 'PUT', url: '/api/auth/password/setup', payload });
  const codeOf = (text: string) =>
    new URL(/https?:\/\/\S+\/password\/setup\?\S+/.exec(text)![0]).searchParams.get('code')!;

  it('sends a new link to an admin who has not set a password, the old one dead; refused once a password is set', async () => {
    const email = `again.${++serial}@test.kz`;
    const org = (await create(form({ type: 'education', admin_email: email, admin_password: '' }))).json();
    const first = codeOf((await t.smtp.lastTo(email)).text);
    const listed = await admins(org.id);
    expect(listed.statusCode, listed.body).toBe(200);
    const [admin] = listed.json().rows;
    expect(admin).toEqual({
      id: expect.any(Number),
      name: 'Марат Садыков',
      email,
      password_set: false,
      invitation_until: expect.any(String),
    });
    const days = (Date.parse(admin.invitation_until) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const sent = t.smtp.received.length;
    const again = await invite(org.id, admin.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({
      admin_invitation: 'sent',
      admin: { ...admin, invitation_until: expect.any(String) },
    });
    await expect.poll(() => t.smtp.received.length).toBe(sent + 1);
    const mail = await t.smtp.lastTo(email);
    expect(mail.subject).toContain('Приглашение в Tamaq');
    const second = codeOf(mail.text);
    expect(second).not.toBe(first);
    const password = { password: 'my-own-pass-1', password_confirmation: 'my-own-pass-1' };
    // The first link no longer works; the new one does.
    const old = await setup({ email, code: first, ...password });
    expect(old.statusCode).toBe(422);
    expect((await setup({ email, code: second, ...password })).statusCode).toBe(200);
    expect((await login(email, 'my-own-pass-1')).statusCode).toBe(200);

    expect((await admins(org.id)).json().rows).toEqual([{ ...admin, password_set: true, invitation_until: null }]);
    const refused = await invite(org.id, admin.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorMessage).toContain('уже задал пароль');
    expect(t.smtp.received.length).toBe(sent + 1);
    const logged = await t.platform.db
      .select({ entityId: auditLog.entityId })
      .from(auditLog)
      .where(eq(auditLog.action, 'organization_admin_invite'));
    expect(logged.map((l) => l.entityId)).toContain(String(admin.id));
  });

  it("answers 404 for another organization's admin or an unknown organization, 422 for a bad id, 403 to an admin", async () => {
    const a = (await create(form({ admin_password: '' }))).json();
    const b = (await create(form({ admin_password: '' }))).json();
    const [adminOfB] = (await admins(b.id)).json().rows;
    const other = await invite(a.id, adminOfB.id);
    expect(other.statusCode).toBe(404);
    expect(other.json().errorMessage).toBe('Администратор организации не найден');
    expect((await invite(999_999_999, adminOfB.id)).statusCode).toBe(404);
    expect((await admins(999_999_999)).statusCode).toBe(404);
    const bad = await invite(a.id, 'abc');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().validationErrors)).toEqual(['userId']);
    const { token } = await signedIn(t.platform, { role: 'Admin' });
    expect((await invite(b.id, adminOfB.id, token)).statusCode).toBe(403);
    expect((await admins(b.id, token)).statusCode).toBe(403);
    // A user of the organization who is not its admin is not invited from here.
    const cashier = await createUser(t.platform.db, { organizationId: b.id, role: 'Cashier' });
    expect((await invite(b.id, cashier.id)).statusCode).toBe(404);
  });
});

describe('GET /api/organization/{id}', () => {
  it('answers the organization', async () => {
    const org = (await create(form())).json();
    const res = await t.call({ method: 'GET', url: `/api/organization/${org.id}`, token: superToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(org);
  });

  it('answers 404 for a missing organization and 422 for a wrong id', async () => {
    const missing = await t.call({ method: 'GET', url: '/api/organization/999999', token: superToken });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Not found', errorMessage: 'Организация не найдена' });
    const wrong = await t.call({ method: 'GET', url: '/api/organization/abc', token: superToken });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().validationErrors)).toEqual(['id']);
  });

  it('answers 403 to an admin, even for their own organization', async () => {
    const { user, token } = await signedIn(t.platform, { role: 'Admin' });
    const res = await t.call({ method: 'GET', url: `/api/organization/${user.organizationId}`, token });
    expect(res.statusCode).toBe(403);
  });
});

describe('PUT /api/organization', () => {
  it('changes everything but the type and writes before/after to the audit log', async () => {
    const org = (await create(form({ type: 'education' }))).json();
    const next = {
      id: org.id,
      name: 'Отдел образования г. Шымкент',
      type: 'education',
      status: 'active',
      bin: bin(),
      address: null,
      contacts: '',
      modules: ['library'],
    };
    const res = await update(next);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...org, ...next, address: null, contacts: null });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(org.id)));
    const entry = entries.find((e) => e.action === 'organization_update');
    expect(entry).toMatchObject({ before: { name: org.name }, after: { name: 'Отдел образования г. Шымкент' } });
  });

  it('sets the language its people work in until each chooses, keeps it when a change leaves it out, and refuses another', async () => {
    const org = (await create(form({ type: 'education' }))).json();
    expect(org.language).toBeNull();
    const { id, created_at: _created, ...fields } = org;
    const set = await update({ id, ...fields, language: 'kk' });
    expect(set.statusCode).toBe(200);
    expect(set.json().language).toBe('kk');
    // The spec's client sends no language: the organization keeps its own.
    const { language: _language, ...withoutLanguage } = set.json();
    const kept = await update({ ...withoutLanguage, name: 'Переименованная' });
    expect(kept.json()).toMatchObject({ name: 'Переименованная', language: 'kk' });
    const bad = await update({ ...kept.json(), language: 'en' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().validationErrors).toEqual({ language: ['Выберите язык: ru (русский) или kk (қазақша)'] });
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, id));
    expect(row!.language).toBe('kk');
  });

  it('answers 422 on type for a change of type and changes nothing', async () => {
    const org = (await create(form({ type: 'kindergarten' }))).json();
    const res = await update({ ...org, type: 'company', name: 'Другое имя' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: 'Validation error',
      validationErrors: { type: ['Тип организации нельзя изменить'] },
    });
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, org.id));
    expect(row).toMatchObject({ type: 'kindergarten', name: org.name });
  });

  it('answers 422 on bin for an empty BIN', async () => {
    const org = (await create(form())).json();
    const res = await update({ ...org, bin: '' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().validationErrors)).toEqual(['bin']);
    expect(res.json().validationErrors.bin[0]).toBe('Обязательное поле');
  });

  it('answers 404 for a missing organization', async () => {
    const org = (await create(form())).json();
    const res = await update({ ...org, id: 999999 });
    expect(res.statusCode).toBe(404);
  });

  it('answers 403 to an admin editing their own organization', async () => {
    const { user, token } = await signedIn(t.platform, { role: 'Admin' });
    const own = (
      await t.call({ method: 'GET', url: `/api/organization/${user.organizationId}`, token: superToken })
    ).json();
    const res = await update({ ...own, bin: bin(), status: 'active' }, token);
    expect(res.statusCode).toBe(403);
  });
});

describe('the BIN', () => {
  it('belongs to one organization: a create or an edit with another one’s BIN answers 422 on bin', async () => {
    const first = (await create(form())).json();
    const taken = await create(form({ bin: first.bin }));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().validationErrors.bin).toEqual(['Организация с таким БИН уже есть']);
    const second = (await create(form())).json();
    const moved = await update({ ...second, bin: first.bin });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().validationErrors.bin).toEqual(['Организация с таким БИН уже есть']);
    // Saving an organization with its own BIN is no clash.
    expect((await update({ ...first, name: `${first.name} (ред.)` })).statusCode).toBe(200);
  });

  it('is given once when two creates with the same BIN arrive at once', async () => {
    const same = bin();
    const answers = await Promise.all([create(form({ bin: same })), create(form({ bin: same }))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
  });
});

describe('a disabled organization', () => {
  it('stops its users signing in and ends the sessions they have for good; enabling lets them sign in again', async () => {
    const org = (await create(form({ admin_email: 'disabled.head@test.kz' }))).json();
    const signIn = await login('disabled.head@test.kz', 'admin-pass-1');
    expect(signIn.statusCode).toBe(200);
    const token = signIn.json().access_token as string;
    const other = await signedIn(t.platform, { role: 'Cashier', organizationId: org.id });
    // Both sessions are in use, so the actor cache holds them.
    for (const tk of [token, other.token]) {
      expect((await t.call({ method: 'GET', url: '/api/profile', token: tk })).statusCode).toBe(200);
    }

    expect((await update({ ...org, status: 'disabled' })).statusCode).toBe(200);

    for (const tk of [token, other.token]) {
      const res = await t.call({ method: 'GET', url: '/api/profile', token: tk });
      expect(res.statusCode).toBe(401);
    }
    const refused = await login('disabled.head@test.kz', 'admin-pass-1');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      error: 'Unauthorized',
      errorMessage: 'Организация отключена. Обратитесь к администратору.',
    });

    expect((await update({ ...org, status: 'active' })).statusCode).toBe(200);
    const again = await login('disabled.head@test.kz', 'admin-pass-1');
    expect(again.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/profile', token: again.json().access_token })).statusCode).toBe(
      200,
    );
    // The tokens issued before the disabling stay dead, on this instance and after the cache.
    t.platform.actors.forgetOrganization(org.id);
    for (const tk of [token, other.token]) {
      expect((await t.call({ method: 'GET', url: '/api/profile', token: tk })).statusCode).toBe(401);
    }
  });

  it('keeps its sessions when saved again without being disabled', async () => {
    const org = (await create(form())).json();
    const { token } = await signedIn(t.platform, { organizationId: org.id });
    expect((await update({ ...org, name: `${org.name} (ред.)` })).statusCode).toBe(200);
    t.platform.actors.forgetOrganization(org.id);
    expect((await t.call({ method: 'GET', url: '/api/profile', token })).statusCode).toBe(200);
  });

  it('does not touch other organizations', async () => {
    const org = (await create(form())).json();
    const neighbour = await createOrganization(t.db, { type: 'company' });
    const { token } = await signedIn(t.platform, { organizationId: neighbour.id });
    expect((await t.call({ method: 'GET', url: '/api/profile', token })).statusCode).toBe(200);
    await update({ ...org, status: 'disabled' });
    expect((await t.call({ method: 'GET', url: '/api/profile', token })).statusCode).toBe(200);
  });
});
