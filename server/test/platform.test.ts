import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test-app.ts';
import { signedIn } from './factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ brands: { 'asxana.test': 'asxana' } });
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers 200 with the database up, without a token', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up', disk: 'ok', version: '0.0.1' });
  });
});

describe('unknown routes', () => {
  it('answer 404 in the spec shape, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.call({ method, url: '/api/nothing-here', payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found', errorMessage: 'Не найдено' });
    }
  });
});

describe('authentication', () => {
  it('answers 401 in the spec shape to a guarded call without a token', async () => {
    for (const url of ['/api/image/upload', '/api/auth/refresh']) {
      const res = await t.call({ method: 'POST', url, payload: {} });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Unauthorized', errorMessage: 'Требуется вход в систему' });
    }
  });

  it('answers 401 to a token signed with another key', async () => {
    const { token } = await signedIn(t.platform);
    const [head, payload] = token.split('.');
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/refresh',
      token: `${head}.${payload}.c2lnbmF0dXJlLWZyb20tZWxzZXdoZXJl`,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('CSRF double submit', () => {
  const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
    res.cookies.find((c) => c.name === 'XSRF-TOKEN');

  it('hands out the XSRF-TOKEN cookie, readable by the page, once', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    const cookie = cookieOf(res as never) as { value: string; httpOnly?: boolean; sameSite?: string; path?: string };
    expect(cookie.value).toMatch(/^[\w-]{20,}$/);
    expect(cookie.httpOnly).toBeFalsy();
    expect([cookie.sameSite, cookie.path]).toEqual(['Strict', '/']);
    const again = await t.call({
      method: 'GET',
      url: '/api/health',
      headers: { cookie: `XSRF-TOKEN=${cookie.value}` },
    });
    expect(cookieOf(again as never)).toBeUndefined();
  });

  it('refuses a browser write without the header or with another value', async () => {
    const { token } = await signedIn(t.platform, { role: 'Admin' });
    const cookie = 'XSRF-TOKEN=abcdefghijklmnopqrstuvwxyz';
    const without = await t.call({ method: 'POST', url: '/api/auth/refresh', token, headers: { cookie } });
    expect(without.statusCode).toBe(403);
    expect(without.json()).toEqual({ error: 'Forbidden', errorMessage: 'Сессия браузера устарела, обновите страницу' });
    const wrong = await t.call({
      method: 'POST',
      url: '/api/auth/refresh',
      token,
      headers: { cookie, 'x-xsrf-token': 'nope' },
    });
    expect(wrong.statusCode).toBe(403);
  });

  it('refuses a cross-site write that carries no cookie at all', async () => {
    const { token } = await signedIn(t.platform);
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/refresh',
      token,
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('lets a browser write with the matching header through to the route', async () => {
    const { token } = await signedIn(t.platform, { role: 'Admin' });
    const value = 'abcdefghijklmnopqrstuvwxyz';
    const headers = { cookie: `XSRF-TOKEN=${value}`, 'x-xsrf-token': value };
    const refresh = await t.call({ method: 'POST', url: '/api/auth/refresh', token, headers });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.json()).toEqual({ access_token: expect.any(String) });
    // The upload route runs too (with the renewed token: the old one is retired): no file is a 422
    // from the route, not a 403 from the check.
    const renewed = refresh.json<{ access_token: string }>().access_token;
    const upload = await t.call({ method: 'POST', url: '/api/image/upload', token: renewed, headers, payload: {} });
    expect(upload.statusCode).toBe(422);
  });

  it('does not ask a script (no cookie, no browser headers) for the header', async () => {
    const { token } = await signedIn(t.platform);
    const res = await t.call({ method: 'POST', url: '/api/auth/refresh', token });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /metrics', () => {
  it('answers Prometheus text with the requests counted by route and status', async () => {
    await t.call({ method: 'GET', url: '/api/health' });
    await t.call({ method: 'GET', url: '/api/no-such-route-123' });
    const res = await t.call({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(
      /^tamaq_http_requests_total\{method="GET",route="\/api\/health",status="200"\} [1-9]\d*$/m,
    );
    expect(res.body).toMatch(/^tamaq_http_request_duration_seconds_bucket\{.*route="\/api\/health".*\} \d+$/m);
    expect(res.body).toContain('# TYPE tamaq_visits_recorded_total counter');
    // Unknown urls share one label, so a scanner cannot blow up the series count.
    expect(res.body).not.toContain('no-such-route-123');
    expect(res.body).toMatch(/route="unmatched",status="404"/);
  });
});

describe('security headers', () => {
  it('come with every answer', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('over HTTPS and over plain http', () => {
  it('sends HSTS and a Secure CSRF cookie only where the request came over HTTPS (as a trusted proxy says)', async () => {
    const proxied = await createTestContext({ trustProxy: ['127.0.0.1'] });
    try {
      const plain = await proxied.call({ method: 'GET', url: '/api/health', remoteAddress: '127.0.0.1' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      expect(plain.cookies.find((c) => c.name === 'XSRF-TOKEN')?.secure).toBeFalsy();
      const tls = await proxied.call({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(tls.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(tls.cookies.find((c) => c.name === 'XSRF-TOKEN')?.secure).toBe(true);
      // A client that is no trusted proxy cannot say https for itself.
      const forged = await proxied.call({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '203.0.113.5',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(forged.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});

describe('GET /api/brand', () => {
  it('answers the brand configured for the host, in any case and with a port', async () => {
    for (const host of ['asxana.test', 'ASXANA.test:8080']) {
      const res = await t.call({ method: 'GET', url: '/api/brand', headers: { host } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ key: 'asxana', name: 'Асхана' });
    }
  });

  it('answers tamaq for any other host', async () => {
    const res = await t.call({ method: 'GET', url: '/api/brand', headers: { host: 'school.example.kz' } });
    expect(res.json()).toMatchObject({ key: 'tamaq', name: 'Tamaq' });
  });
});
