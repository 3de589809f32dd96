import { createSecretKey } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_JWT_SECRET, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createUser, FACTORY_PASSWORD, signedIn, tokenFor } from '../../../test/factories.ts';
import { users } from '../../platform/db/schema-people.ts';
import { organizations } from '../../platform/db/schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const login = (payload: object) => t.call({ method: 'POST', url: '/api/auth/login', payload });
const payloadOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
const BAD_CREDENTIALS = { error: 'Unauthorized', errorMessage: 'Неверный логин или пароль' };

describe('POST /api/auth/login', () => {
  it('answers a token that carries the role, organization, school and token version', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, { role: 'EducationAdmin', organizationId: org.id, email: 'login.ok@test.kz' });
    const res = await login({ email: '  Login.OK@test.kz ', password: FACTORY_PASSWORD });
    expect(res.statusCode).toBe(200);
    const { access_token } = res.json();
    expect(payloadOf(access_token)).toMatchObject({
      sub: String(user.id),
      role: 'EducationAdmin',
      org: org.id,
      school: null,
      tv: 0,
    });
    const profile = await t.call({ method: 'GET', url: '/api/profile', token: access_token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().id).toBe(user.id);
  });

  it('answers 401 for a wrong password', async () => {
    await createUser(t.db, { email: 'login.wrong@test.kz' });
    const res = await login({ email: 'login.wrong@test.kz', password: 'not-the-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(BAD_CREDENTIALS);
  });

  it('answers 401 for an unknown e-mail, exactly like a wrong password', async () => {
    const res = await login({ email: 'nobody@test.kz', password: FACTORY_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(BAD_CREDENTIALS);
  });

  it('signs a student in with the Student role (they stay on / with the app landing)', async () => {
    await createUser(t.db, { email: 'login.student@test.kz', role: 'Student' });
    const res = await login({ email: 'login.student@test.kz', password: FACTORY_PASSWORD });
    expect(res.statusCode).toBe(200);
    const payload = JSON.parse(Buffer.from(res.json().access_token.split('.')[1], 'base64url').toString());
    expect(payload.role).toBe('Student');
  });

  it('answers 401 for a deleted account and an account without a password', async () => {
    await createUser(t.db, { email: 'login.deleted@test.kz', deletedAt: new Date() });
    await createUser(t.db, { email: 'login.nopass@test.kz', passwordHash: null });
    for (const email of ['login.deleted@test.kz', 'login.nopass@test.kz']) {
      const res = await login({ email, password: FACTORY_PASSWORD });
      expect(res.statusCode, email).toBe(401);
      expect(res.json()).toEqual(BAD_CREDENTIALS);
    }
  });

  it('answers 401 "organization disabled" only to whoever knows the password', async () => {
    const org = await createOrganization(t.db, { status: 'disabled' });
    await createUser(t.db, { organizationId: org.id, email: 'login.disabled@test.kz' });
    const wrong = await login({ email: 'login.disabled@test.kz', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(BAD_CREDENTIALS);
    const right = await login({ email: 'login.disabled@test.kz', password: FACTORY_PASSWORD });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual({
      error: 'Unauthorized',
      errorMessage: 'Организация отключена. Обратитесь к администратору.',
    });
  });

  it('lets the super admin (no organization) sign in', async () => {
    await createUser(t.db, { role: 'SuperAdmin', email: 'login.sa@test.kz' });
    const res = await login({ email: 'login.sa@test.kz', password: FACTORY_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(payloadOf(res.json().access_token)).toMatchObject({ role: 'SuperAdmin', org: null });
  });

  it('answers 422 with both fields for an empty body', async () => {
    const res = await t.call({ method: 'POST', url: '/api/auth/login' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('Validation error');
    expect(Object.keys(res.json().validationErrors).sort()).toEqual(['email', 'password']);
    expect(res.json().validationErrors.email).toEqual(['Обязательное поле']);
  });

  it('answers 429 "Too many requests" after 10 tries for one e-mail', async () => {
    const tries = [];
    for (let i = 0; i < 10; i++) tries.push((await login({ email: 'login.limit@test.kz', password: 'x' })).statusCode);
    expect(tries).toEqual(Array(10).fill(401));
    const res = await login({ email: 'login.limit@test.kz', password: 'x' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: 'Too many requests', errorMessage: expect.any(String) });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another e-mail from the same address is still heard.
    expect((await login({ email: 'login.other@test.kz', password: 'x' })).statusCode).toBe(401);
  });
});

describe('password spraying', () => {
  const from = (remoteAddress: string, email: string, password = 'Spray-2026') =>
    t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
  const refused = (res: Awaited<ReturnType<typeof from>>) => {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: 'Too many requests',
      errorMessage: 'Слишком много запросов, попробуйте позже',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('slows one address trying a password on many e-mails: 30 failures, then 429 even for a right password', async () => {
    const user = await createUser(t.db, { email: 'spray.target@test.kz' });
    const tries = [];
    for (let i = 0; i < 30; i++) tries.push((await from('10.1.1.1', `spray-${i}@test.kz`)).statusCode);
    expect(tries).toEqual(Array(30).fill(401));
    refused(await from('10.1.1.1', 'spray-30@test.kz'));
    // The right password from that address waits too: a 200 would tell the sprayer it guessed.
    refused(await from('10.1.1.1', user.email!, FACTORY_PASSWORD));
    // Other addresses are heard as before.
    expect((await from('10.1.1.2', user.email!, FACTORY_PASSWORD)).statusCode).toBe(200);
  });

  it('slows guesses on one account from many addresses: 20 failures, then 429 from any address', async () => {
    const user = await createUser(t.db, { email: 'spray.account@test.kz' });
    const tries = [];
    for (let i = 0; i < 20; i++) tries.push((await from(`10.2.0.${i + 1}`, user.email!)).statusCode);
    expect(tries).toEqual(Array(20).fill(401));
    refused(await from('10.2.1.1', user.email!, FACTORY_PASSWORD));
    // Those addresses may still sign in to other accounts.
    await createUser(t.db, { email: 'spray.other@test.kz' });
    expect((await from('10.2.0.1', 'spray.other@test.kz', FACTORY_PASSWORD)).statusCode).toBe(200);
  });

  it('never counts right passwords: a school behind one address signs 40 people in', async () => {
    const people = await Promise.all(
      Array.from({ length: 40 }, (_, i) => createUser(t.db, { email: `spray.staff${i}@test.kz` })),
    );
    for (const p of people) expect((await from('10.3.0.1', p.email!, FACTORY_PASSWORD)).statusCode).toBe(200);
  });
});

describe('sign-in under attack holds back the failing sources, not the account', () => {
  /** A browser's sign-in: its device cookie (if it has one) with the CSRF pair every browser sends. */
  const browser = (remoteAddress: string, email: string, password: string, device?: string) =>
    t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress,
      cookies: { 'XSRF-TOKEN': 'csrf-1', ...(device ? { tamaq_device: device } : {}) },
      headers: { 'x-xsrf-token': 'csrf-1' },
    });
  const deviceOf = (res: Awaited<ReturnType<typeof browser>>) => {
    const cookie = res.cookies.find((c) => c.name === 'tamaq_device');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    return cookie!.value;
  };

  it('a browser that signed in before passes an address that sprayers locked; a new browser there waits', async () => {
    const user = await createUser(t.db, { email: 'attack.known-browser@test.kz' });
    const device = deviceOf(await browser('10.4.0.1', user.email!, FACTORY_PASSWORD));
    for (let i = 0; i < 30; i++)
      expect((await browser('10.4.0.1', `attack-${i}@test.kz`, 'Spray-2026')).statusCode).toBe(401);
    expect((await browser('10.4.0.1', user.email!, FACTORY_PASSWORD)).statusCode).toBe(429);
    // A made-up device cookie is no browser that signed in.
    expect((await browser('10.4.0.1', user.email!, FACTORY_PASSWORD, 'A'.repeat(32))).statusCode).toBe(429);
    const back = await browser('10.4.0.1', user.email!, FACTORY_PASSWORD, device);
    expect(back.statusCode).toBe(200);
    expect(back.json().access_token).toEqual(expect.any(String));
    // It keeps its cookie; a wrong password from it is still a wrong password.
    expect(deviceOf(back)).toBe(device);
    expect((await browser('10.4.0.1', user.email!, 'wrong-password', device)).statusCode).toBe(401);
  });

  it('guesses on one account from 20 addresses do not lock its owner out of an address or browser it used', async () => {
    const user = await createUser(t.db, { email: 'attack.cashier@test.kz' });
    const device = deviceOf(await browser('10.5.0.1', user.email!, FACTORY_PASSWORD));
    for (let i = 0; i < 20; i++)
      expect((await browser(`10.5.1.${i + 1}`, user.email!, 'Guess-2026')).statusCode).toBe(401);
    // A guesser from yet another address is held back, right password or not.
    expect((await browser('10.5.2.1', user.email!, FACTORY_PASSWORD)).statusCode).toBe(429);
    // The owner at the school's address, in a new browser, and in their own browser elsewhere.
    expect((await browser('10.5.0.1', user.email!, FACTORY_PASSWORD)).statusCode).toBe(200);
    expect((await browser('10.5.3.1', user.email!, FACTORY_PASSWORD, device)).statusCode).toBe(200);
  });

  it("one account's browser is not another's: it passes only for the account it signed in to", async () => {
    const first = await createUser(t.db, { email: 'attack.first@test.kz' });
    const second = await createUser(t.db, { email: 'attack.second@test.kz' });
    const device = deviceOf(await browser('10.6.0.1', first.email!, FACTORY_PASSWORD));
    for (let i = 0; i < 30; i++)
      expect((await browser('10.6.0.1', `attack6-${i}@test.kz`, 'Spray-2026')).statusCode).toBe(401);
    expect((await browser('10.6.0.1', second.email!, FACTORY_PASSWORD, device)).statusCode).toBe(429);
    expect((await browser('10.6.0.1', first.email!, FACTORY_PASSWORD, device)).statusCode).toBe(200);
  });
});

describe('a disabled organization', () => {
  it('ends the sessions its users already have', async () => {
    const org = await createOrganization(t.db, { type: 'company' });
    const { token } = await signedIn(t.platform, { organizationId: org.id });
    expect((await t.call({ method: 'GET', url: '/api/profile', token })).statusCode).toBe(200);
    await t.db.update(organizations).set({ status: 'disabled' }).where(eq(organizations.id, org.id));
    t.platform.actors.forgetOrganization(org.id);
    const res = await t.call({ method: 'GET', url: '/api/profile', token });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/auth/refresh', () => {
  it('answers a fresh token for the caller that works', async () => {
    const user = await createUser(t.db, { role: 'Cashier' });
    const res = await t.call({ method: 'POST', url: '/api/auth/refresh', token: await tokenFor(t.platform, user) });
    expect(res.statusCode).toBe(200);
    const { access_token } = res.json();
    expect(payloadOf(access_token)).toMatchObject({ sub: String(user.id), role: 'Cashier', org: user.organizationId });
    expect((await t.call({ method: 'GET', url: '/api/profile', token: access_token })).statusCode).toBe(200);
  });

  it('answers 401 without a token or with a forged one', async () => {
    expect((await t.call({ method: 'POST', url: '/api/auth/refresh' })).statusCode).toBe(401);
    const forged = await t.call({ method: 'POST', url: '/api/auth/refresh', token: 'e30.e30.xx' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ error: 'Unauthorized', errorMessage: 'Требуется вход в систему' });
  });
});

describe('a token', () => {
  /** A token signed with the server's own key and claims, with or without an expiry. */
  const handMade = (claims: object, expires: boolean) => {
    const jwt = new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' }).setIssuer('tamaq').setIssuedAt();
    return (expires ? jwt.setExpirationTime('1h') : jwt).sign(createSecretKey(Buffer.from(TEST_JWT_SECRET, 'utf8')));
  };

  it('without an expiry is refused, though its signature and claims are right', async () => {
    const user = await createUser(t.db, { role: 'Cashier' });
    const claims = payloadOf(await tokenFor(t.platform, user));
    delete claims.exp;
    delete claims.iat;
    const lasting = await handMade(claims, false);
    const res = await t.call({ method: 'GET', url: '/api/profile', token: lasting });
    expect(res.statusCode).toBe(401);
    // The same claims with an expiry pass: the signature and the payload are not what was refused.
    const expiring = await handMade(claims, true);
    expect((await t.call({ method: 'GET', url: '/api/profile', token: expiring })).statusCode).toBe(200);
  });
});

describe('users.email in the database', () => {
  /** The database's own error under drizzle's wrapper. */
  const dbError = (err: unknown) => ((err as { cause?: unknown }).cause ?? err) as { code?: string; message: string };

  it('refuses an e-mail that is not in lower case, which sign-in could never find', async () => {
    const err = await createUser(t.db, { email: 'Mixed.Case@test.kz' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(dbError(err).code).toBe('23514'); // check_violation
    expect(dbError(err).message).toContain('users_email_lower_check');
    const user = await createUser(t.db, { email: 'lower.case@test.kz' });
    const update = await t.db
      .update(users)
      .set({ email: 'Lower.Case@test.kz' })
      .where(eq(users.id, user.id))
      .catch((e: unknown) => e);
    expect(dbError(update).code).toBe('23514');
  });

  it('keeps no e-mail at all for a removed account', async () => {
    expect((await createUser(t.db, { email: null })).email).toBe(null);
  });
});
