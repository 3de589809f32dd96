import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { FakeXhr, nextXhr } from './fake-xhr.ts';
import { getToken, setToken } from './session.ts';
import { isAbortError, matchesAccept, uploadFile } from './upload.ts';

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  document.cookie = 'XSRF-TOKEN=abc; path=/';
  setToken('tok');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

const photo = () => new File(['x'.repeat(10)], 'photo.jpg', { type: 'image/jpeg' });

describe('uploadFile', () => {
  it('posts the file as multipart with the app headers, reports progress and returns the answer', async () => {
    const progress: number[] = [];
    const done = uploadFile<{ id: number; url: string }>('/api/image/upload', photo(), {
      field: 'image',
      extra: { schoolId: '3' },
      onProgress: (p) => progress.push(p),
    });
    const xhr = await nextXhr();
    expect(xhr.method).toBe('POST');
    expect(xhr.headers).toMatchObject({
      Authorization: 'Bearer tok',
      'X-XSRF-TOKEN': 'abc',
      'X-Platform': 'web',
      'Accept-Language': 'ru',
    });
    expect(xhr.headers['Content-Type']).toBeUndefined();
    expect((xhr.body?.get('image') as File).name).toBe('photo.jpg');
    expect(xhr.body?.get('schoolId')).toBe('3');
    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.respond(200, { id: 9, url: '/api/image/9' });
    await expect(done).resolves.toEqual({ id: 9, url: '/api/image/9' });
    expect(progress).toEqual([25, 100, 100]);
  });

  it('uses the field name "file" by default', async () => {
    const done = uploadFile('/api/users/upload', photo());
    const xhr = await nextXhr();
    expect(xhr.body?.get('file')).toBeInstanceOf(File);
    xhr.respond(204, '');
    await expect(done).resolves.toBeUndefined();
  });

  it('maps the server refusal to an ApiError with its Russian message', async () => {
    const done = uploadFile('/api/image/upload', photo());
    (await nextXhr()).respond(413, { error: 'Payload too large', errorMessage: 'Файл слишком большой' });
    await expect(done).rejects.toMatchObject({ status: 413, errorMessage: 'Файл слишком большой' });
  });

  it('reports a dropped connection as a network error', async () => {
    const done = uploadFile('/api/image/upload', photo());
    (await nextXhr()).fail();
    const err = await done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 0,
      errorMessage: 'Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.',
    });
  });

  it('gives up after 5 minutes without an answer, with a Russian explanation', async () => {
    const done = uploadFile('/api/image/upload', photo());
    const xhr = await nextXhr();
    expect((xhr as unknown as { timeout: number }).timeout).toBe(300_000);
    xhr.ontimeout?.();
    await expect(done).rejects.toMatchObject({
      status: 0,
      errorMessage: 'Сервер не ответил вовремя. Проверьте подключение и попробуйте ещё раз.',
    });
  });

  it('keeps a newer token when a late 401 answers an upload made with an older one', async () => {
    const done = uploadFile('/api/image/upload', photo());
    const xhr = await nextXhr();
    setToken('newer');
    xhr.respond(401, { error: 'Unauthorized', errorMessage: 'Требуется вход в систему' });
    await expect(done).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBe('newer');
  });

  it('signs out after a 401 to an upload made with the stored token', async () => {
    const done = uploadFile('/api/image/upload', photo());
    (await nextXhr()).respond(401, { error: 'Unauthorized', errorMessage: 'Требуется вход в систему' });
    await expect(done).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
  });

  it('stops the upload when the signal aborts', async () => {
    const controller = new AbortController();
    const done = uploadFile('/api/image/upload', photo(), { signal: controller.signal });
    const xhr = await nextXhr();
    controller.abort();
    expect(xhr.aborted).toBe(true);
    expect(isAbortError(await done.catch((e: unknown) => e))).toBe(true);
  });
});

describe('matchesAccept', () => {
  it('checks extensions and MIME types of the accept list', () => {
    expect(matchesAccept({ name: 'Классы.XLSX', type: '' }, '.xlsx,.xls')).toBe(true);
    expect(matchesAccept({ name: 'classes.csv', type: 'text/csv' }, '.xlsx,.xls')).toBe(false);
    expect(matchesAccept({ name: 'a.png', type: 'image/png' }, 'image/jpeg,image/png')).toBe(true);
    expect(matchesAccept({ name: 'a.gif', type: 'image/gif' }, 'image/jpeg,image/png')).toBe(false);
    expect(matchesAccept({ name: 'a.gif', type: 'image/gif' }, 'image/*')).toBe(true);
  });
});
