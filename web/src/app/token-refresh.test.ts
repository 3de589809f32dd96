import { describe, expect, it } from 'vitest';
import { nextRefreshDelay } from './token-refresh.ts';

describe('nextRefreshDelay', () => {
  const now = 1_000_000_000_000;
  it('renews a long-lived token every 30 minutes', () => {
    expect(nextRefreshDelay(now / 1000 + 24 * 3600, now)).toBe(30 * 60_000);
  });
  it('renews a short-lived token halfway to expiry', () => {
    expect(nextRefreshDelay(now / 1000 + 20 * 60, now)).toBe(10 * 60_000);
  });
  it('never hammers the server, even for a token about to expire', () => {
    expect(nextRefreshDelay(now / 1000 + 10, now)).toBe(60_000);
  });
  it('falls back to 30 minutes when the expiry is unknown', () => {
    expect(nextRefreshDelay(null, now)).toBe(30 * 60_000);
  });
});
