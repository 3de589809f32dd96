import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now (false where the browser has no matchMedia). */
export function matchesMedia(query: string): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(query).matches;
}

/** Whether a CSS media query matches; follows changes (a resize, a rotation, a system setting). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (cb: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const mql = window.matchMedia(query);
      // Safari before 14 only knows addListener.
      if (mql.addEventListener) {
        mql.addEventListener('change', cb);
        return () => mql.removeEventListener('change', cb);
      }
      mql.addListener(cb);
      return () => mql.removeListener(cb);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => matchesMedia(query),
    () => false,
  );
}
