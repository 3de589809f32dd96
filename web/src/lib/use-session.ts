import type { TokenPayload } from '@tamaq/contract/auth';
import { useSyncExternalStore } from 'react';
import { getToken, onSessionChange, readToken } from './session.ts';

/**
 * The signed-in session, re-rendering on sign-in, sign-out and token refresh (also from other tabs,
 * as far as the session store reports them). `null` when there is no valid token.
 */
export function useSession(): TokenPayload | null {
  const token = useSyncExternalStore(onSessionChange, getToken, () => null);
  // readToken also drops an expired token, so it is asked on every render rather than memoised.
  return token ? readToken() : null;
}

/** The raw stored token, for effects that must rerun when it is replaced. */
export const useToken = (): string | null => useSyncExternalStore(onSessionChange, getToken, () => null);
