import { FORGET_MS } from './scanner.ts';

/** A key pressed outside any field before the app was ready, as `public/early-keys.js` kept it. */
export interface EarlyKey {
  key: string;
  code?: string;
  keyCode: number;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  timeStamp: number;
}

declare global {
  interface Window {
    __tamaqEarlyKeys?: { take(): EarlyKey[] };
  }
}

/** Keys older than this when a screen takes them are nobody's scan any more. */
export const EARLY_KEYS_MAX_AGE_MS = 30_000;

/**
 * The keys pressed while the page loaded that a scanning screen should still read: the last run of
 * them (a pause of FORGET_MS ends a run, as it does for the scanner), if it is recent. Keeping stops
 * for good: the second screen of the session gets nothing.
 */
export function takeEarlyKeys(now: number = performance.now()): EarlyKey[] {
  const keys = typeof window === 'undefined' ? [] : (window.__tamaqEarlyKeys?.take() ?? []);
  let start = keys.length;
  while (start > 0 && (start === keys.length || keys[start]!.timeStamp - keys[start - 1]!.timeStamp <= FORGET_MS)) {
    start -= 1;
  }
  const run = keys.slice(start);
  const last = run[run.length - 1];
  return last && now - last.timeStamp <= EARLY_KEYS_MAX_AGE_MS ? run : [];
}
