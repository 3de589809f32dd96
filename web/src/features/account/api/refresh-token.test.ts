import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, getToken, setToken } from '../../../lib/session.ts';
import { refreshStoredToken } from './refresh-token.ts';

let release: (() => void) | null = null;

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=abc; path=/';
  // The refresh answer is held until the test releases it, like a slow server.
  vi.stubGlobal(
    'fetch',
    (_url: string, init: RequestInit = {}) =>
      new Promise<Response>((resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        release = () => resolve(new Response(JSON.stringify({ access_token: 'fresh' }), { status: 200 }));
      }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  release = null;
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

const sent = async () => {
  for (let i = 0; i < 50 && !release; i++) await new Promise((r) => setTimeout(r, 0));
  if (!release) throw new Error('no refresh was sent');
  return release;
};

describe('refreshStoredToken', () => {
  it('stores the fresh token when the session did not change meanwhile', async () => {
    setToken('old');
    const done = refreshStoredToken();
    (await sent())();
    await done;
    expect(getToken()).toBe('fresh');
  });

  it('does not undo a sign-out made while the refresh was under way', async () => {
    setToken('old');
    const done = refreshStoredToken();
    const answer = await sent();
    clearToken();
    answer();
    await done;
    expect(getToken()).toBeNull();
  });

  it('does not replace another user who signed in while the refresh was under way', async () => {
    setToken('old');
    const done = refreshStoredToken();
    const answer = await sent();
    setToken('someone-else');
    answer();
    await done;
    expect(getToken()).toBe('someone-else');
  });

  it('stops the call and stores nothing when aborted', async () => {
    setToken('old');
    const controller = new AbortController();
    const done = refreshStoredToken(controller.signal);
    await sent();
    controller.abort();
    await expect(done).rejects.toThrow();
    expect(getToken()).toBe('old');
  });
});
