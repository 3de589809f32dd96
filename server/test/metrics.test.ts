import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test-app.ts';

const NOT_FOUND = { error: 'Not found', errorMessage: 'Не найдено' };
const TOKEN = 'metrics-token-0123456789';

const metrics = (t: TestContext, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])('answers the counters to %s', async (address) => {
    const res = await metrics(t, address);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('tamaq_http_requests_total');
  });

  it.each(['10.0.0.7', '192.168.1.20', '::ffff:10.0.0.7', '2001:db8::1'])(
    'answers %s 404 exactly like a route that does not exist',
    async (address) => {
      const res = await metrics(t, address);
      const missing = await t.app.inject({ method: 'GET', url: '/no-such-route', remoteAddress: address });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
      expect([res.statusCode, res.body, res.headers['content-type']]).toEqual([
        missing.statusCode,
        missing.body,
        missing.headers['content-type'],
      ]);
    },
  );

  it('answers 404 to a request a proxy on the same machine forwarded', async () => {
    const proxied: Record<string, string>[] = [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }];
    for (const headers of proxied) {
      const res = await metrics(t, '127.0.0.1', headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  it('does not take a token nobody configured', async () => {
    const res = await metrics(t, '10.0.0.7', { authorization: 'Bearer ' });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ metricsToken: TOKEN });
  });
  afterAll(() => t.close());

  it('answers the right bearer token from any address', async () => {
    for (const address of ['10.0.0.7', '127.0.0.1']) {
      const res = await metrics(t, address, { authorization: `Bearer ${TOKEN}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('tamaq_http_requests_total');
    }
    expect((await metrics(t, '10.0.0.7', { authorization: `bearer ${TOKEN}` })).statusCode).toBe(200);
  });

  it.each([
    ['no token', {}],
    ['a wrong token', { authorization: 'Bearer metrics-token-9999999999' }],
    ['the token with a piece missing', { authorization: `Bearer ${TOKEN.slice(0, -1)}` }],
    ['the token under another scheme', { authorization: `Basic ${TOKEN}` }],
    ['the bare token', { authorization: TOKEN }],
  ])('answers 404 to %s, from the loopback too', async (_case, headers: Record<string, string>) => {
    for (const address of ['10.0.0.7', '127.0.0.1']) {
      const res = await metrics(t, address, headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });
});
