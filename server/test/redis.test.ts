import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test-app.ts';

/**
 * A region runs several instances behind a load balancer: with REDIS_URL the sign-in limit must be
 * one count for all of them, or a guesser would get 10 tries per instance.
 */
const url = process.env.REDIS_URL;

describe.skipIf(!url)('with REDIS_URL, two app instances', () => {
  let redis: Redis;
  let a: TestContext;
  let b: TestContext;

  beforeAll(async () => {
    redis = new Redis(url!, { maxRetriesPerRequest: 2 });
    a = await createTestContext({}, { redis });
    b = await createTestContext({}, { redis });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await redis.quit();
  });

  it('share one sign-in limit: the 11th try answers 429 whichever instance gets it', async () => {
    const email = `guess-${randomUUID()}@test.kz`;
    const login = (t: TestContext) =>
      t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-password' } });
    for (let i = 0; i < 6; i++) expect((await login(a)).statusCode).toBe(401);
    for (let i = 0; i < 4; i++) expect((await login(b)).statusCode).toBe(401);
    const eleventh = await login(b);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual({ error: 'Too many requests', errorMessage: expect.any(String) });
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
  });
});
