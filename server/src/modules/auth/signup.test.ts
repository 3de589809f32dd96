import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createUser } from '../../../test/factories.ts';
import { users } from '../../platform/db/schema-people.ts';
import { authCodes, mailOutbox, organizations } from '../../platform/db/schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const form = (email: string) => ({
  name: 'Айгерим Садыкова',
  organization: 'ТОО «Столовая №1»',
  email,
  password: 'secret-pass-1',
  password_confirmation: 'secret-pass-1',
});
const register = (payload: object) => t.call({ method: 'POST', url: '/api/auth/register', payload });
const confirm = (email: string, code: string) =>
  t.call({ method: 'PUT', url: '/api/auth/register', payload: { email, code } });
const mailedCode = async (email: string) => /\b\d{6}\b/.exec((await t.smtp.lastTo(email)).text)![0];
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/auth/register', () => {
  it('mails a code and says when another may be asked for', async () => {
    const res = await register(form('signup.mail@test.kz'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, resendAfterSeconds: 60 });
    const mail = await t.smtp.lastTo('signup.mail@test.kz');
    expect(mail.subject).toMatch(/регистрац/i);
    expect(mail.text).toMatch(/^Код подтверждения регистрации в Tamaq: \d{6}\. Код действует 15 минут\./);
  });

  it('keeps the code and the password only hashed', async () => {
    await register(form('signup.hashed@test.kz'));
    const code = await mailedCode('signup.hashed@test.kz');
    const [row] = await t.db.select().from(authCodes).where(eq(authCodes.email, 'signup.hashed@test.kz'));
    expect(row!.codeHash).not.toContain(code);
    expect(JSON.stringify(row!.payload)).not.toContain('secret-pass-1');
    expect(JSON.stringify(row!.payload)).toContain('$argon2id$');
    // The log of sent mail keeps that a code went out, not the code.
    const [sent] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'signup.hashed@test.kz'));
    expect(sent!.sent).toBe(true);
    expect(`${sent!.text} ${sent!.html}`).not.toContain(code);
  });

  it('answers 422 on email for an e-mail that already has an account', async () => {
    await createUser(t.db, { email: 'signup.taken@test.kz' });
    const res = await register(form('SIGNUP.taken@test.kz'));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: 'Validation error',
      validationErrors: { email: ['Этот e-mail уже зарегистрирован'] },
    });
  });

  it('answers 422 on every field of an empty form, and on a confirmation that differs', async () => {
    const empty = await register({});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().validationErrors).sort()).toEqual([
      'email',
      'name',
      'organization',
      'password',
      'password_confirmation',
    ]);
    const differs = await register({ ...form('signup.differs@test.kz'), password_confirmation: 'other-pass-1' });
    expect(differs.statusCode).toBe(422);
    expect(differs.json().validationErrors).toEqual({ password_confirmation: ['Пароли не совпадают'] });
    const short = await register({
      ...form('signup.short@test.kz'),
      password: 'short',
      password_confirmation: 'short',
    });
    expect(short.json().validationErrors).toEqual({ password: ['Пароль должен быть не короче 8 символов'] });
  });

  it('answers 429 for a new code within 60 s, and sends one after', async () => {
    const email = 'signup.resend@test.kz';
    await register(form(email));
    const first = await mailedCode(email);
    t.clock.advance(20_000);
    const early = await register(form(email));
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({ error: 'Too many requests', errorMessage: 'Новый код можно запросить через 40 с' });
    expect(early.headers['retry-after']).toBe('40');
    t.clock.advance(40_000);
    expect((await register(form(email))).statusCode).toBe(200);
    const second = await mailedCode(email);
    // Asking again replaces the code: only the newest one works.
    if (second !== first) expect((await confirm(email, first)).statusCode).toBe(422);
    expect((await confirm(email, second)).statusCode).toBe(200);
  });
});

describe('PUT /api/auth/register', () => {
  it('creates a company organization with the person as its Admin and signs them in', async () => {
    const email = 'signup.ok@test.kz';
    await register(form(email));
    const res = await confirm(email, await mailedCode(email));
    expect(res.statusCode).toBe(200);
    const profile = await t.call({ method: 'GET', url: '/api/profile', token: res.json().access_token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      name: 'Айгерим Садыкова',
      email,
      role: 'Admin',
      organization: { name: 'ТОО «Столовая №1»', type: 'company' },
    });
    const [org] = await t.db.select().from(organizations).where(eq(organizations.id, profile.json().organization_id));
    expect(org!.status).toBe('active');
    // The code is used up, and the password of the form is the one that signs in.
    expect((await t.db.select().from(authCodes).where(eq(authCodes.email, email))).length).toBe(0);
    const login = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'secret-pass-1' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('answers 422 on code for a wrong code', async () => {
    const email = 'signup.wrong@test.kz';
    await register(form(email));
    const res = await confirm(email, otherCode(await mailedCode(email)));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: 'Validation error',
      validationErrors: { code: ['Неверный код подтверждения'] },
    });
  });

  it('answers 422 "code expired" after 15 minutes and when no code was asked for', async () => {
    const email = 'signup.expired@test.kz';
    await register(form(email));
    const code = await mailedCode(email);
    t.clock.advance(15 * 60_000);
    const res = await confirm(email, code);
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors).toEqual({ code: ['Код истёк, запросите новый'] });
    const never = await confirm('signup.never@test.kz', '123456');
    expect(never.json().validationErrors).toEqual({ code: ['Код истёк, запросите новый'] });
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user).toBeUndefined();
  });

  it('kills the code after 5 wrong tries, even for the right code after', async () => {
    const email = 'signup.tries@test.kz';
    await register(form(email));
    const code = await mailedCode(email);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await confirm(email, otherCode(code))).json().validationErrors.code[0]);
    expect(answers).toEqual([
      ...Array(4).fill('Неверный код подтверждения'),
      'Код больше не действует, запросите новый',
    ]);
    const right = await confirm(email, code);
    expect(right.statusCode).toBe(422);
    expect(right.json().validationErrors).toEqual({ code: ['Код больше не действует, запросите новый'] });
  });

  it('answers 422 "code expired" for a code used twice', async () => {
    const email = 'signup.twice@test.kz';
    await register(form(email));
    const code = await mailedCode(email);
    expect((await confirm(email, code)).statusCode).toBe(200);
    const again = await confirm(email, code);
    expect(again.statusCode).toBe(422);
    expect(again.json().validationErrors).toEqual({ code: ['Код истёк, запросите новый'] });
  });

  it('answers 422 on email and code for a malformed request', async () => {
    const res = await t.call({ method: 'PUT', url: '/api/auth/register', payload: { email: 'nope', code: '12ab' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors).toEqual({
      email: ['Введите корректный e-mail'],
      code: ['Код состоит из 6 цифр'],
    });
  });
});
