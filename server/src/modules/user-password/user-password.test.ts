import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createUser, FACTORY_PASSWORD, signedIn } from '../../../test/factories.ts';
import { auditLog } from '../../platform/db/schema.ts';

let t: TestContext;
let superAdmin: { user: { id: number }; token: string };
beforeAll(async () => {
  t = await createTestContext();
  superAdmin = await signedIn(t.platform, { role: 'SuperAdmin' });
});
afterAll(() => t.close());

const setPassword = (payload: object, token = superAdmin.token) =>
  t.call({ method: 'POST', url: '/api/user/password', token, payload });
const login = (email: string, password: string) =>
  t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('POST /api/user/password', () => {
  it('sets the password, ends that user’s sessions and logs who did it without the password', async () => {
    const { user, token } = await signedIn(t.platform, { role: 'EducationAdmin' });
    expect((await t.call({ method: 'GET', url: '/api/profile', token })).statusCode).toBe(200);

    const res = await setPassword({ id: user.id, password: 'given-by-admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });

    expect((await t.call({ method: 'GET', url: '/api/profile', token })).statusCode).toBe(401);
    expect((await login(user.email!, FACTORY_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email!, 'given-by-admin')).statusCode).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(user.id)));
    expect(entry).toMatchObject({
      action: 'password_set',
      entity: 'user',
      actorId: superAdmin.user.id,
      organizationId: user.organizationId,
    });
    expect(JSON.stringify(entry)).not.toMatch(/given-by-admin|argon2/);
  });

  it('answers 404 for a missing or removed user', async () => {
    const removed = await createUser(t.db, { deletedAt: new Date() });
    for (const id of [removed.id, 999_999]) {
      const res = await setPassword({ id, password: 'given-by-admin' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found', errorMessage: 'Пользователь не найден' });
    }
  });

  it('answers 422 on password for a short one and on id for a missing one', async () => {
    const user = await createUser(t.db);
    const short = await setPassword({ id: user.id, password: 'short' });
    expect(short.statusCode).toBe(422);
    expect(short.json().validationErrors).toEqual({ password: ['Пароль должен быть не короче 8 символов'] });
    const empty = await setPassword({});
    expect(Object.keys(empty.json().validationErrors).sort()).toEqual(['id', 'password']);
    expect((await login(user.email!, FACTORY_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 403 to an admin, even for a user of their own organization', async () => {
    const { user, token } = await signedIn(t.platform, { role: 'Admin' });
    const colleague = await createUser(t.db, { organizationId: user.organizationId, role: 'Cashier' });
    const res = await setPassword({ id: colleague.id, password: 'given-by-admin' }, token);
    expect(res.statusCode).toBe(403);
    expect((await login(colleague.email!, FACTORY_PASSWORD)).statusCode).toBe(200);
  });
});
