import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test-app.ts';
import { signedIn } from './factories.ts';

/** Input and outages that once answered 500: each must get a clear answer in the spec's shapes. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const validation = { error: 'Validation error', validationErrors: expect.any(Object) };

describe('a NUL character in any input', () => {
  it('answers 422 on the field instead of reaching the database', async () => {
    const login = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a\u0000b@x.kz', password: 'x' },
    });
    expect(login.statusCode).toBe(422);
    expect(login.json().validationErrors.email).toEqual(['Недопустимый символ в значении']);

    const register = await t.call({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'a\u0000b',
        organization: 'Орг',
        email: 'nul@test.kz',
        password: 'password1',
        password_confirmation: 'password1',
      },
    });
    expect(register.statusCode).toBe(422);
    expect(register.json().validationErrors.name).toBeDefined();

    const { token } = await signedIn(t.platform);
    const profile = await t.call({ method: 'PUT', url: '/api/profile', token, payload: { name: 'a\u0000b' } });
    expect(profile.statusCode).toBe(422);
  });

  it('answers 422 in a path parameter and in a query', async () => {
    expect((await t.call({ method: 'GET', url: '/api/images/%00' })).statusCode).toBe(422);
    const { token } = await signedIn(t.platform);
    const res = await t.call({ method: 'GET', url: '/api/regions?x=%00', token });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(validation);
  });
});

describe('malformed requests', () => {
  it('answer a malformed URL with 404 in the spec shape', async () => {
    const res = await t.call({ method: 'GET', url: '/api/images/%FF' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found', errorMessage: 'Не найдено' });
  });

  it('answer a multibyte CSRF header of the cookie length with 403, not 500', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abé' },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });

  it('check CSRF on a percent-encoded /api path too', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/%61pi/auth/login',
      headers: { origin: 'http://evil.example' },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });

  it('strip __proto__ from JSON bodies', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"x@y.kz","password":"p","__proto__":{"polluted":true}}',
    });
    expect(res.statusCode).toBe(401);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('outages', () => {
  it('a mail server that refuses answers 503 with a Russian message, and the code can be asked again', async () => {
    const broken = await createTestContext({ smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      const ask = () =>
        broken.call({
          method: 'POST',
          url: '/api/auth/register',
          payload: {
            name: 'Имя',
            organization: 'Орг',
            email: 'nomail@test.kz',
            password: 'password1',
            password_confirmation: 'password1',
          },
        });
      const res = await ask();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: 'Service unavailable', errorMessage: expect.stringMatching(/письмо/) });
      expect((await ask()).statusCode).toBe(503); // not 429: the undelivered code held nobody back
    } finally {
      await broken.close();
    }
  });

  it('Redis down does not lock anybody out of sign-in', async () => {
    const redis = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    redis.on('error', () => {});
    const noRedis = await createTestContext({}, { redis });
    try {
      const res = await noRedis.call({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'x@y.kz', password: 'wrong' },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await noRedis.close();
      redis.disconnect();
    }
  });
});
