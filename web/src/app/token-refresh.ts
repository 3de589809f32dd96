import { useEffect } from 'react';
import { refreshStoredToken } from '../features/account/api/refresh-token.ts';
import { tokenAtPageLoad, tokenExpiresAt } from '../lib/session.ts';

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

/** After a failed renewal (server down, no network): try again soon rather than never. */
export const RETRY_DELAY_MS = 60_000;

// A token found at page load may be days old; one obtained later (sign-in) is fresh already.
let staleAtLoad: string | null = tokenAtPageLoad;

/** Keeps the stored token fresh while the back office is open. */
export function useTokenRefresh(token: string | null): void {
  useEffect(() => {
    if (!token) return;
    // Sign-out or a new token ends this round: its call in flight is aborted and never stored.
    const controller = new AbortController();
    let timer: number | undefined;
    const schedule = (ms: number) => {
      window.clearTimeout(timer);
      timer = window.setTimeout(refresh, ms);
    };
    function refresh() {
      refreshStoredToken(controller.signal).then(
        // A stored answer reruns this effect; this timer only matters if nothing changed.
        () => schedule(nextRefreshDelay(tokenExpiresAt(token), Date.now())),
        () => {
          // A 401 is the api client's (back to login); anything else is retried.
          if (!controller.signal.aborted) schedule(RETRY_DELAY_MS);
        },
      );
    }
    if (token === staleAtLoad) {
      // Each page load renews once (the session itself ends 16 hours after its sign-in, docs/rules.md "Sessions").
      staleAtLoad = null;
      refresh();
    } else {
      schedule(nextRefreshDelay(tokenExpiresAt(token), Date.now()));
    }
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [token]);
}
