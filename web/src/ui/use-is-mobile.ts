import { MOBILE_BREAKPOINT_PX } from '@tamaq/contract/constants';
import { useSyncExternalStore } from 'react';

/** Narrower than the spec's 700 px breakpoint. */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

function subscribe(cb: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const mql = window.matchMedia(MOBILE_QUERY);
  // Safari before 14 only knows addListener.
  if (mql.addEventListener) {
    mql.addEventListener('change', cb);
    return () => mql.removeEventListener('change', cb);
  }
  mql.addListener(cb);
  return () => mql.removeListener(cb);
}

function snapshot(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(MOBILE_QUERY).matches;
}

/** True on a screen narrower than 700 px; follows window resizes and rotation. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
