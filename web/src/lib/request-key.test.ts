import { afterEach, describe, expect, it, vi } from 'vitest';
import { newRequestKey } from './request-key.ts';

describe('newRequestKey', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes a key the server accepts, different each time', () => {
    const keys = new Set(Array.from({ length: 100 }, newRequestKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('works on plain http, where the browser has no crypto.randomUUID', () => {
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    expect(newRequestKey()).toMatch(/^[0-9a-f]{32}$/);
  });
});
