import { useEffect } from 'react';
import { refreshStoredToken } from '../features/account/api/refresh-token.ts';
import { getToken, tokenExpiresAt } from '../lib/session.ts';

const MAX_DELAY_MS = 30 * 60_000;
const MIN_DELAY_MS = 60_000;

/**
 * When to renew a token that expires at `expSec`: halfway to expiry, at most every 30 minutes, so a
 * cashier's fixation screen left open all day never falls back to login in the middle of lunch.
 */
export function nextRefreshDelay(expSec: number | null, nowMs: number): number {
  if (expSec === null) return MAX_DELAY_MS;
  const half = (expSec * 1000 - nowMs) / 2;
  return Math.min(MAX_DELAY_MS, Math.max(MIN_DELAY_MS, half));
}

// A token found at page load may be days old; one obtained later (sign-in) is fresh already.
let staleAtLoad: string | null = getToken();

/** Keeps the stored token fresh while the back office is open. */
export function useTokenRefresh(token: string | null): void {
  useEffect(() => {
    if (!token) return;
    const refresh = () => refreshStoredToken().catch(() => undefined); // a 401 is the api client's
    if (token === staleAtLoad) {
      // Each page load renews once, so a daily user's session slides instead of expiring mid-task.
      staleAtLoad = null;
      void refresh();
    }
    // Also after that first renewal: if it failed, this timer tries again later.
    const timer = window.setTimeout(refresh, nextRefreshDelay(tokenExpiresAt(token), Date.now()));
    return () => window.clearTimeout(timer);
  }, [token]);
}
