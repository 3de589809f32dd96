import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '@tamaq/contract/roles';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createUser, FACTORY_PASSWORD, signedIn } from '../../../test/factories.ts';
import { createPupil } from '../../../test/factories-people.ts';
import { auditLog } from '../../platform/db/schema.ts';
import { parentChildren, parentInvitations, users } from '../../platform/db/schema-people.ts';
import { invitationCalls, NOT_FOUND } from './invitations.test-kit.ts';

let t: TestContext;
let calls: ReturnType<typeof invitationCalls>;
let adminToken: string;
let orgId: number;
beforeAll(async () => {
  t = await createTestContext();
  calls = invitationCalls(t);
  orgId = (await createOrganization(t.db)).id;
  adminToken = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId })).token;
});
afterAll(() => t.close());

const DAY = 86_400_000;
const login = (email: string, password: string) =>
  t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const childrenOf = (parentId: number) =>
  t.db.select().from(parentChildren).where(eq(parentChildren.parentId, parentId));
const userByEmail = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0];

/** A new pupil of the admin's organization and an invitation for it to `email`. */
async function invitation(email: string, name = 'Ахметова Дана') {
  const pupil = await createPupil(t.db, { organizationId: orgId, name });
  return { pupil, code: await calls.invited(adminToken, email, pupil.id) };
}

describe('GET /api/users/parent/invitation/{code}', () => {
  it('answers the e-mail, the pupil and whether an account exists', async () => {
    const { code } = await invitation('get.new@test.kz');
    const res = await calls.lookup(code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'get.new@test.kz', pupil_name: 'Ахметова Дана', account_exists: false });

    await createUser(t.db, { role: 'Parent', organizationId: null, email: 'get.parent@test.kz' });
    const second = await invitation('get.parent@test.kz');
    expect((await calls.lookup(second.code)).json().account_exists).toBe(true);
  });

  it('answers 404 "Invitation not found" for an unknown or mangled code', async () => {
    for (const code of ['A'.repeat(43), 'short', '%20', 'x'.repeat(99)]) {
      const res = await calls.lookup(code);
      expect(res.statusCode, code).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  it('answers 404 once 7 days have passed', async () => {
    const { code } = await invitation('get.expired@test.kz');
    t.clock.advance(7 * DAY - 1000);
    expect((await calls.lookup(code)).statusCode).toBe(200);
    t.clock.advance(1000);
    const res = await calls.lookup(code);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });

  it('answers 404 when the pupil has been removed since', async () => {
    const { pupil, code } = await invitation('get.removed@test.kz');
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, pupil.id));
    expect((await calls.lookup(code)).json()).toEqual(NOT_FOUND);
  });
});

describe('POST /api/users/parent/invitation/confirm', () => {
  it('creates a parent account linked to the pupil and signs it in; the code then stops working', async () => {
    const { pupil, code } = await invitation('new.parent@test.kz');
    const res = await calls.confirm({ code, name: '  Ахметова Сауле ', password: 'parent-pass-1' });
    expect(res.statusCode).toBe(200);
    const { access_token } = res.json();

    const parent = (await userByEmail('new.parent@test.kz'))!;
    expect(parent).toMatchObject({ name: 'Ахметова Сауле', roleId: ROLE_IDS.Parent, organizationId: null });
    expect(parent.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await childrenOf(parent.id)).map((r) => r.pupilId)).toEqual([pupil.id]);
    const [row] = await t.db.select().from(parentInvitations).where(eq(parentInvitations.email, 'new.parent@test.kz'));
    expect(row).toMatchObject({ parentId: parent.id, acceptedAt: t.clock.now });

    const profile = await t.call({ method: 'GET', url: '/api/profile', token: access_token });
    expect(profile.json()).toMatchObject({ id: parent.id, role: 'Parent' });
    expect((await login('new.parent@test.kz', 'parent-pass-1')).statusCode).toBe(200);

    for (const again of [
      await calls.lookup(code),
      await calls.confirm({ code, name: 'X', password: 'other-pass-1' }),
    ]) {
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual(NOT_FOUND);
    }
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'parent_invitation_accept'), eq(auditLog.actorId, parent.id)));
    expect(audits).toHaveLength(1);
  });

  it('answers 422 on name and password for a new account, on code and password for an empty form', async () => {
    const { code } = await invitation('form.errors@test.kz');
    const noName = await calls.confirm({ code, name: '  ', password: 'short' });
    expect(noName.statusCode).toBe(422);
    expect(noName.json()).toEqual({
      error: 'Validation error',
      validationErrors: { name: ['Обязательное поле'], password: ['Пароль должен быть не короче 8 символов'] },
    });
    const empty = await calls.confirm({});
    expect(Object.keys(empty.json().validationErrors).sort()).toEqual(['code', 'password']);
    // Refused input does not spend the invitation.
    expect((await calls.lookup(code)).statusCode).toBe(200);
  });

  it('links an existing parent account with its own password, keeping its name and password', async () => {
    const parent = await createUser(t.db, {
      role: 'Parent',
      organizationId: null,
      email: 'existing.parent@test.kz',
      name: 'Нурланов Ерлан',
    });
    const first = await invitation('existing.parent@test.kz', 'Нурланов Алихан');
    const wrong = await calls.confirm({ code: first.code, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Unauthorized', errorMessage: 'Неверный логин или пароль' });
    expect(await childrenOf(parent.id)).toEqual([]);

    const right = await calls.confirm({ code: first.code, name: 'Другое Имя', password: FACTORY_PASSWORD });
    expect(right.statusCode).toBe(200);
    const second = await invitation('existing.parent@test.kz', 'Нурланова Айя');
    expect((await calls.confirm({ code: second.code, password: FACTORY_PASSWORD })).statusCode).toBe(200);

    expect((await childrenOf(parent.id)).map((r) => r.pupilId).sort()).toEqual(
      [first.pupil.id, second.pupil.id].sort(),
    );
    expect((await userByEmail('existing.parent@test.kz'))!.name).toBe('Нурланов Ерлан');
    expect((await login('existing.parent@test.kz', FACTORY_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 409 when the e-mail belongs to a staff account, without spending the invitation', async () => {
    const { code } = await invitation('became.staff@test.kz');
    // The account appeared after the invitation was sent (the invite itself refuses staff e-mails).
    const staff = await createUser(t.db, { role: 'Cashier', email: 'became.staff@test.kz' });
    expect((await calls.lookup(code)).json().account_exists).toBe(true);
    const res = await calls.confirm({ code, name: 'Кто-то', password: FACTORY_PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Conflict', errorMessage: expect.stringMatching(/не является родительской/) });
    expect(await childrenOf(staff.id)).toEqual([]);
    expect((await calls.lookup(code)).statusCode).toBe(200);
  });

  it('answers 404 for an expired code', async () => {
    const { code } = await invitation('confirm.expired@test.kz');
    t.clock.advance(7 * DAY);
    const res = await calls.confirm({ code, name: 'Опоздавший Родитель', password: 'parent-pass-1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
    expect(await userByEmail('confirm.expired@test.kz')).toBeUndefined();
  });

  it('links once and creates one account when the same invitation is accepted twice at once', async () => {
    const { pupil, code } = await invitation('twice.at.once@test.kz');
    const answers = await Promise.all([
      calls.confirm({ code, name: 'Первый', password: 'parent-pass-1' }),
      calls.confirm({ code, name: 'Второй', password: 'parent-pass-2' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    const accounts = await t.db.select().from(users).where(eq(users.email, 'twice.at.once@test.kz'));
    expect(accounts).toHaveLength(1);
    const links = await t.db.select().from(parentChildren).where(eq(parentChildren.pupilId, pupil.id));
    expect(links).toHaveLength(1);
  });

  it('links an existing parent once when two accepts of the same invitation race', async () => {
    const parent = await createUser(t.db, { role: 'Parent', organizationId: null, email: 'race.parent@test.kz' });
    const { code } = await invitation('race.parent@test.kz');
    const answers = await Promise.all([
      calls.confirm({ code, password: FACTORY_PASSWORD }),
      calls.confirm({ code, password: FACTORY_PASSWORD }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    expect(await childrenOf(parent.id)).toHaveLength(1);
  });

  it('answers 429 after 10 tries a minute from one address', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await calls.confirm({ code: 'guess', password: 'whatever-1' }, '10.200.0.1');
      expect(res.statusCode).toBe(404);
    }
    const res = await calls.confirm({ code: 'guess', password: 'whatever-1' }, '10.200.0.1');
    expect(res.statusCode).toBe(429);
    expect((await calls.confirm({ code: 'guess', password: 'whatever-1' }, '10.200.0.2')).statusCode).toBe(404);
  });
});
