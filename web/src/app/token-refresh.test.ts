import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshStoredToken } from '../features/account/api/refresh-token.ts';
import { TOKEN_STORAGE_KEY } from '@tamaq/contract/constants';
import { nextRefreshDelay, RETRY_DELAY_MS, useTokenRefresh } from './token-refresh.ts';

const TOKEN_STORE = { clear: () => localStorage.removeItem(TOKEN_STORAGE_KEY) };

vi.mock('../features/account/api/refresh-token.ts', () => ({ refreshStoredToken: vi.fn() }));
const refreshMock = vi.mocked(refreshStoredToken);

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

describe('useTokenRefresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    refreshMock.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tries again a minute after a failed renewal instead of giving up', async () => {
    refreshMock.mockRejectedValue(new Error('Нет связи с сервером'));
    const { unmount } = renderHook(() => useTokenRefresh('not-a-jwt'));
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(refreshMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    expect(refreshMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    expect(refreshMock).toHaveBeenCalledTimes(3);
    unmount();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(refreshMock).toHaveBeenCalledTimes(3);
  });

  it('aborts the renewal in flight when the session ends or changes', async () => {
    refreshMock.mockReturnValue(new Promise<void>(() => undefined));
    const { rerender } = renderHook(({ token }) => useTokenRefresh(token), {
      initialProps: { token: 'not-a-jwt' as string | null },
    });
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    const signal = refreshMock.mock.calls[0]?.[0];
    expect(signal?.aborted).toBe(false);
    rerender({ token: null });
    expect(signal?.aborted).toBe(true);
  });

  it('renews a token found at page load at once, not one stored by a sign-in after it (the app loads then)', async () => {
    TOKEN_STORE.clear();
    vi.resetModules();
    // The page loads signed out: the sign-in page's modules, the session's among them, are read now.
    await import('../lib/session.ts');
    // A sign-in stores a fresh token; then the app's code loads.
    localStorage.setItem(TOKEN_STORAGE_KEY, 'fresh-from-sign-in');
    const { useTokenRefresh: fresh } = await import('./token-refresh.ts');
    const { refreshStoredToken: renew } = await import('../features/account/api/refresh-token.ts');
    vi.mocked(renew).mockResolvedValue(undefined);
    const { unmount } = renderHook(() => fresh('fresh-from-sign-in'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(renew).not.toHaveBeenCalled();
    unmount();

    // A page loaded with a token renews it at once.
    vi.resetModules();
    await import('../lib/session.ts');
    const { useTokenRefresh: stale } = await import('./token-refresh.ts');
    const { refreshStoredToken: renewStale } = await import('../features/account/api/refresh-token.ts');
    vi.mocked(renewStale).mockResolvedValue(undefined);
    const again = renderHook(() => stale('fresh-from-sign-in'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(renewStale).toHaveBeenCalledTimes(1);
    again.unmount();
    TOKEN_STORE.clear();
  });
});
