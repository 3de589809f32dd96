import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test-app.ts';

/**
 * A region runs several instances behind a load balancer: with REDIS_URL the sign-in limit must be
 * one count for all of them, or a guesser would get 10 tries per instance.
 */
const url = process.env.REDIS_URL;

/**
 * Each run's own e-mails and addresses: Redis keeps a previous run's counts for their window, and
 * the browser tests' server counts 127.0.0.1 in the same Redis.
 */
const tag = `redis-${randomUUID()}`;
const octet = () => 1 + Math.floor(Math.random() * 250);

describe.skipIf(!url)('with REDIS_URL, two app instances', () => {
  let redis: Redis;
  let a: TestContext;
  let b: TestContext;

  beforeAll(async () => {
    redis = new Redis(url!, { maxRetriesPerRequest: 2 });
    a = await createTestContext({}, { redis });
    b = await createTestContext({}, { redis, instanceOf: a });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await redis.quit();
  });

  it('share one sign-in limit: the 11th try answers 429 whichever instance gets it', async () => {
    const email = `${tag}-guess@test.kz`;
    // An address of this run's own: its failures must not count against whatever shares this Redis.
    const remoteAddress = `10.${octet()}.${octet()}.${octet()}`;
    const login = (t: TestContext) =>
      t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-password' }, remoteAddress });
    for (let i = 0; i < 6; i++) expect((await login(a)).statusCode).toBe(401);
    for (let i = 0; i < 4; i++) expect((await login(b)).statusCode).toBe(401);
    const eleventh = await login(b);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual({ error: 'Too many requests', errorMessage: expect.any(String) });
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('share the password-spraying count: 30 failures from one address across both, then 429 on either', async () => {
    const remoteAddress = `10.${octet()}.${octet()}.${octet()}`;
    const login = (t: TestContext, i: number) =>
      t.call({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `${tag}-spray${i}@test.kz`, password: 'Spray-2026' },
        remoteAddress,
      });
    const tries = [];
    for (let i = 0; i < 30; i++) tries.push((await login(i % 2 ? a : b, i)).statusCode);
    expect(tries).toEqual(Array(30).fill(401));
    expect((await login(a, 30)).statusCode).toBe(429);
    expect((await login(b, 31)).statusCode).toBe(429);
  });
});
