import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, apiHeaders, errorText } from './api-client.ts';
import { getToken, setToken } from './session.ts';

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };
let calls: Call[] = [];
let answer: (init: RequestInit) => Response | Promise<Response>;

const json = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });

function setCookie(value: string | null) {
  document.cookie =
    value === null ? 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/' : `XSRF-TOKEN=${value}; path=/`;
}

beforeEach(() => {
  calls = [];
  answer = () => json(200, { ok: true });
  // The server sets the CSRF cookie on every answer; the health call stands for that here.
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({
      url,
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body,
    });
    if (url === '/api/health') {
      setCookie('csrf-from-server');
      return json(200, { status: 'ok' });
    }
    return answer(init);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  setCookie(null);
});

describe('api: headers of docs/product.md "Calls"', () => {
  it('sends language, platform, version and the bearer token; no JSON type without a body', async () => {
    setToken('tok');
    await api.get('/api/canteens', {
      query: 'школа',
      organizationId: 3,
      schoolId: undefined,
      classroomId: null,
      x: '',
    });
    expect(calls[0]?.url).toBe('/api/canteens?query=%D1%88%D0%BA%D0%BE%D0%BB%D0%B0&organizationId=3');
    expect(calls[0]?.headers).toMatchObject({
      'Accept-Language': 'ru',
      'X-Platform': 'web',
      'X-App-Version': '0.0.1',
      Authorization: 'Bearer tok',
    });
    expect(calls[0]?.headers['Content-Type']).toBeUndefined();
    expect(calls[0]?.headers['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('never sends the token to a foreign host, but does to our own origin', async () => {
    setToken('tok');
    await api.get('https://maps.example.com/tiles');
    await api.get(`${window.location.origin}/api/profile`);
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(calls[1]?.headers.Authorization).toBe('Bearer tok');
  });

  it('sends JSON and the CSRF cookie value on a write', async () => {
    setCookie('abc');
    await api.post('/api/canteen', { name: 'Столовая №1' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers).toMatchObject({ 'Content-Type': 'application/json', 'X-XSRF-TOKEN': 'abc' });
    expect(calls[0]?.body).toBe('{"name":"Столовая №1"}');
  });

  it('fetches the CSRF cookie once through /api/health when the browser has none yet', async () => {
    await Promise.all([api.put('/api/canteen', { id: 1 }), api.delete('/api/canteen/1')]);
    expect(calls[0]?.url).toBe('/api/health');
    const writes = calls.slice(1);
    expect(writes.map((c) => `${c.method} ${c.url}`).sort()).toEqual(['DELETE /api/canteen/1', 'PUT /api/canteen']);
    expect(writes.map((c) => c.headers['X-XSRF-TOKEN'])).toEqual(['csrf-from-server', 'csrf-from-server']);
  });

  it("adds the headers of one call after the app's own", async () => {
    setCookie('abc');
    await api.post('/api/fixation', { code: '1' }, { headers: { 'Idempotency-Key': 'k-1' } });
    expect(calls[0]?.headers).toMatchObject({ 'Idempotency-Key': 'k-1', 'X-XSRF-TOKEN': 'abc', 'X-Platform': 'web' });
  });

  it('sends neither token nor CSRF value to addresses that only look relative', () => {
    setToken('tok');
    setCookie('abc');
    for (const url of ['/\\evil.example/api', '\\\\evil.example/api', ' //evil.example/api', '\t//evil.example/api']) {
      const headers = apiHeaders('POST', url);
      expect(headers.Authorization, url).toBeUndefined();
      expect(headers['X-XSRF-TOKEN'], url).toBeUndefined();
    }
    expect(apiHeaders('POST', `${window.location.origin}/api/canteen`)).toMatchObject({
      Authorization: 'Bearer tok',
      'X-XSRF-TOKEN': 'abc',
    });
    expect(apiHeaders('POST', 'https://maps.example.com/x')['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('returns the parsed answer, and undefined for 204', async () => {
    answer = () => json(200, { total: 1, rows: [{ id: 5 }] });
    await expect(api.get('/api/canteens')).resolves.toEqual({ total: 1, rows: [{ id: 5 }] });
    answer = () => new Response(null, { status: 204 });
    await expect(api.delete('/api/canteen/5')).resolves.toBeUndefined();
  });
});

describe('api: errors', () => {
  const failure = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (err) {
      return err as ApiError;
    }
    throw new Error('the call should have failed');
  };

  it('maps a 422 to validation errors per field', async () => {
    answer = () => json(422, { error: 'Validation error', validationErrors: { name: ['Обязательное поле'] } });
    const err = await failure(api.post('/api/canteen', {}));
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 422,
      code: 'Validation error',
      validationErrors: { name: ['Обязательное поле'] },
    });
    expect(errorText(err)).toBe('Обязательное поле');
  });

  it('maps {error, errorMessage} answers', async () => {
    answer = () => json(409, { error: 'Conflict', errorMessage: 'В классе есть ученики' });
    const err = await failure(api.delete('/api/classroom/1'));
    expect(err).toMatchObject({ status: 409, code: 'Conflict', errorMessage: 'В классе есть ученики' });
    expect(errorText(err)).toBe('В классе есть ученики');
  });

  it('explains in Russian a proxy error page that is not JSON', async () => {
    answer = () => new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' });
    const err = await failure(api.get('/api/users'));
    expect(err.status).toBe(502);
    expect(err.errorMessage).toBe('Сервер временно недоступен, попробуйте позже (502 Bad Gateway)');
  });

  it('reports a lost connection as status 0 with a Russian explanation', async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    const err = await failure(api.get('/api/users'));
    expect(err).toMatchObject({ status: 0, code: 'Network error' });
    expect(errorText(err)).toBe('Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.');
  });

  it('signs out and tells the app when the server refuses the stored token', async () => {
    setToken('old');
    const onUnauthorized = vi.fn();
    window.addEventListener('tamaq:unauthorized', onUnauthorized);
    answer = () => json(401, { error: 'Unauthorized', errorMessage: 'Требуется вход в систему' });
    await failure(api.get('/api/profile'));
    window.removeEventListener('tamaq:unauthorized', onUnauthorized);
    expect(getToken()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('does not sign anybody out for a 401 to a call without a token (a wrong password)', async () => {
    const onUnauthorized = vi.fn();
    window.addEventListener('tamaq:unauthorized', onUnauthorized);
    answer = () => json(401, { error: 'Unauthorized', errorMessage: 'Неверный логин или пароль' });
    const err = await failure(api.post('/api/auth/login', { email: 'a@b.kz', password: 'x' }));
    window.removeEventListener('tamaq:unauthorized', onUnauthorized);
    expect(errorText(err)).toBe('Неверный логин или пароль');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('keeps a stored session when a sign-in attempt on /login fails', async () => {
    setToken('still-good');
    const onUnauthorized = vi.fn();
    window.addEventListener('tamaq:unauthorized', onUnauthorized);
    answer = () => json(401, { error: 'Unauthorized', errorMessage: 'Неверный логин или пароль' });
    await failure(api.post('/api/auth/login', { email: 'a@b.kz', password: 'wrong' }));
    await failure(api.post('/api/auth/password/recovery', { email: 'nobody@b.kz' }));
    window.removeEventListener('tamaq:unauthorized', onUnauthorized);
    expect(calls.filter((c) => c.url.startsWith('/api/auth/')).every((c) => !c.headers.Authorization)).toBe(true);
    expect(getToken()).toBe('still-good');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('keeps a newer token when a late 401 answers a call made with an older one', async () => {
    setToken('old');
    const onUnauthorized = vi.fn();
    window.addEventListener('tamaq:unauthorized', onUnauthorized);
    answer = () => {
      setToken('new'); // signed in again (or refreshed) while the old call was under way
      return json(401, { error: 'Unauthorized', errorMessage: 'Требуется вход в систему' });
    };
    await failure(api.get('/api/profile'));
    window.removeEventListener('tamaq:unauthorized', onUnauthorized);
    expect(getToken()).toBe('new');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  const hangUntilAborted = (init: RequestInit) =>
    new Promise<Response>((_, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
    });

  it('gives up after 30 seconds without an answer, with a Russian explanation', async () => {
    const timer = new AbortController();
    const timeout = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(timer.signal);
    answer = hangUntilAborted;
    const pending = failure(api.get('/api/users', undefined, { signal: new AbortController().signal }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    timer.abort(new DOMException('timed out', 'TimeoutError'));
    const err = await pending;
    expect(timeout).toHaveBeenCalledWith(30_000);
    timeout.mockRestore();
    expect(err).toMatchObject({ status: 0, code: 'Network error' });
    expect(errorText(err)).toBe('Сервер не ответил вовремя. Проверьте подключение и попробуйте ещё раз.');
  });

  it("passes the caller's abort through as it is, not as a connection problem", async () => {
    const controller = new AbortController();
    answer = hangUntilAborted;
    const pending = failure(api.get('/api/users', undefined, { signal: controller.signal }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    controller.abort();
    const err = await pending;
    expect(err).not.toBeInstanceOf(ApiError);
    expect((err as unknown as DOMException).name).toBe('AbortError');
  });

  it('gives a Russian text for anything else thrown', () => {
    expect(errorText(undefined)).toBe('Что-то пошло не так. Попробуйте ещё раз.');
    expect(errorText(new Error('Сбой'))).toBe('Сбой');
  });
});
