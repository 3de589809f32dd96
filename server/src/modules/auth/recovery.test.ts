import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createUser, FACTORY_PASSWORD, tokenFor } from '../../../test/factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const BAD_CREDENTIALS = { error: 'Unauthorized', errorMessage: 'Неверный логин или пароль' };
const ask = (email: string) => t.call({ method: 'POST', url: '/api/auth/password/recovery', payload: { email } });
const confirm = (payload: object) => t.call({ method: 'PUT', url: '/api/auth/password/recovery', payload });
const mailedCode = async (email: string) => /\b\d{6}\b/.exec((await t.smtp.lastTo(email)).text)![0];
const login = (email: string, password: string) =>
  t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const newPassword = (email: string, code: string) => ({
  email,
  code,
  password: 'new-password-1',
  password_confirmation: 'new-password-1',
});

describe('POST /api/auth/password/recovery', () => {
  it('mails a recovery code', async () => {
    await createUser(t.db, { email: 'rec.mail@test.kz' });
    const res = await ask('Rec.Mail@test.kz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, resendAfterSeconds: 60 });
    expect((await t.smtp.lastTo('rec.mail@test.kz')).text).toMatch(/восстановления пароля.*\d{6}.*15 минут/);
  });

  it('answers 401 for an e-mail without an account that can sign in', async () => {
    const disabled = await createOrganization(t.db, { status: 'disabled' });
    await createUser(t.db, { email: 'rec.deleted@test.kz', deletedAt: new Date() });
    await createUser(t.db, { email: 'rec.disabled@test.kz', organizationId: disabled.id });
    for (const email of ['rec.nobody@test.kz', 'rec.deleted@test.kz', 'rec.disabled@test.kz']) {
      const res = await ask(email);
      expect(res.statusCode, email).toBe(401);
      expect(res.json()).toEqual(BAD_CREDENTIALS);
    }
  });

  it('answers 422 on email for a malformed e-mail', async () => {
    const res = await ask('not-an-email');
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors).toEqual({ email: ['Введите корректный e-mail'] });
  });

  it('answers 429 for a second code within 60 s', async () => {
    await createUser(t.db, { email: 'rec.resend@test.kz' });
    expect((await ask('rec.resend@test.kz')).statusCode).toBe(200);
    const res = await ask('rec.resend@test.kz');
    expect(res.statusCode).toBe(429);
    expect(res.json().errorMessage).toBe('Новый код можно запросить через 60 с');
  });
});

describe('PUT /api/auth/password/recovery', () => {
  it('sets the new password, signs in with it and ends the older sessions', async () => {
    const user = await createUser(t.db, { email: 'rec.ok@test.kz' });
    const oldToken = await tokenFor(t.platform, user);
    expect((await t.call({ method: 'GET', url: '/api/profile', token: oldToken })).statusCode).toBe(200);
    await ask('rec.ok@test.kz');
    const res = await confirm(newPassword('rec.ok@test.kz', await mailedCode('rec.ok@test.kz')));
    expect(res.statusCode).toBe(200);
    const profile = await t.call({ method: 'GET', url: '/api/profile', token: res.json().access_token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().id).toBe(user.id);
    expect((await t.call({ method: 'GET', url: '/api/profile', token: oldToken })).statusCode).toBe(401);
    expect((await login('rec.ok@test.kz', 'new-password-1')).statusCode).toBe(200);
    expect((await login('rec.ok@test.kz', FACTORY_PASSWORD)).statusCode).toBe(401);
  });

  it('answers 422 on code for a wrong code and leaves the password alone', async () => {
    await createUser(t.db, { email: 'rec.wrong@test.kz' });
    await ask('rec.wrong@test.kz');
    const code = await mailedCode('rec.wrong@test.kz');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const res = await confirm(newPassword('rec.wrong@test.kz', wrong));
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors).toEqual({ code: ['Неверный код подтверждения'] });
    expect((await login('rec.wrong@test.kz', FACTORY_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 422 on the fields of a bad form', async () => {
    const empty = await confirm({});
    expect(Object.keys(empty.json().validationErrors).sort()).toEqual([
      'code',
      'email',
      'password',
      'password_confirmation',
    ]);
    const differs = await confirm({
      ...newPassword('rec.form@test.kz', '123456'),
      password_confirmation: 'other-one-1',
    });
    expect(differs.statusCode).toBe(422);
    expect(differs.json().validationErrors).toEqual({ password_confirmation: ['Пароли не совпадают'] });
  });

  it('answers 429 after 20 code checks a minute for one e-mail', async () => {
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await confirm(newPassword('rec.limit@test.kz', '000000'))).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(422));
    expect(statuses[20]).toBe(429);
  });
});
