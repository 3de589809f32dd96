import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToken, getToken, onSessionChange, readToken, setToken, tokenExpiresAt } from './session.ts';
import { adminPayload, fakeJwt } from './test-jwt.ts';

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('session token', () => {
  it('stores the token under access_token', () => {
    setToken('abc');
    expect(localStorage.getItem('access_token')).toBe('abc');
    expect(getToken()).toBe('abc');
    clearToken();
    expect(getToken()).toBeNull();
  });

  it('reads the signed-in actor from the token', () => {
    setToken(fakeJwt(adminPayload()));
    expect(readToken()).toEqual({
      sub: '7',
      role: 'EducationAdmin',
      org: 3,
      school: null,
      tv: 1,
      sid: '5f0c2a52-7c8e-4b7e-9d3c-3f1a2b4c5d6e',
      sg: 1,
    });
  });

  it('reads a payload with Cyrillic text in it (UTF-8 inside base64url)', () => {
    setToken(fakeJwt({ ...adminPayload(), name: 'Әсем Жұмабаева' }));
    expect(readToken()?.role).toBe('EducationAdmin');
  });

  it('treats an expired token as signed out', () => {
    setToken(fakeJwt({ ...adminPayload(), exp: Math.floor(Date.now() / 1000) - 1 }));
    expect(readToken()).toBeNull();
  });

  it('treats a missing, garbled or foreign token as signed out', () => {
    expect(readToken()).toBeNull();
    setToken('not-a-jwt');
    expect(readToken()).toBeNull();
    setToken('a.%%%.c');
    expect(readToken()).toBeNull();
    setToken(fakeJwt({ ...adminPayload(), role: 'Hacker' }));
    expect(readToken()).toBeNull();
  });

  it('tells when the token expires', () => {
    const payload = adminPayload();
    setToken(fakeJwt(payload));
    expect(tokenExpiresAt()).toBe(payload.exp);
  });
});

describe("a PC clock far from the server's", () => {
  const serverNow = 1_800_000_000; // seconds
  const fresh = () => fakeJwt({ ...adminPayload(), iat: serverNow, exp: serverNow + 3600 });

  it('accepts a fresh token although the PC clock is 17 hours ahead', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: (serverNow + 17 * 3600) * 1000 });
    setToken(fresh());
    expect(readToken()?.sub).toBe('7');
    expect(tokenExpiresAt()).toBe(serverNow + 17 * 3600 + 3600);
    vi.setSystemTime((serverNow + 17 * 3600 + 3601) * 1000);
    expect(readToken()).toBeNull();
  });

  it('rejects an expired token although the PC clock is 17 hours behind', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: (serverNow - 17 * 3600) * 1000 });
    setToken(fresh());
    expect(readToken()?.sub).toBe('7');
    vi.setSystemTime((serverNow - 17 * 3600 + 3601) * 1000);
    expect(readToken()).toBeNull();
  });

  it('forgets the correction with the token', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: (serverNow + 17 * 3600) * 1000 });
    setToken(fresh());
    expect(localStorage.getItem('access_token_skew')).toBe(String(-17 * 3600 * 1000));
    clearToken();
    expect(localStorage.getItem('access_token_skew')).toBeNull();
  });
});

describe('onSessionChange', () => {
  it('tells subscribers about sign-in and sign-out in this tab, until unsubscribed', () => {
    const cb = vi.fn();
    const off = onSessionChange(cb);
    setToken('t1');
    clearToken();
    expect(cb).toHaveBeenCalledTimes(2);
    off();
    setToken('t2');
    expect(cb).toHaveBeenCalledTimes(2);
  });

  it('tells subscribers when another tab signs in or out', () => {
    const cb = vi.fn();
    const off = onSessionChange(cb);
    window.dispatchEvent(new StorageEvent('storage', { key: 'access_token', newValue: 'x' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'something_else', newValue: 'y' }));
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(cb).toHaveBeenCalledTimes(2);
    off();
  });
});
