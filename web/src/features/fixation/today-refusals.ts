import { useCallback, useSyncExternalStore } from 'react';
import { formatVisitTime } from '../../lib/visit-time.ts';

/** One scan turned away at this station: when, the card, whose it is when the server said, and why. */
export interface Refusal {
  at: string;
  code: string;
  name: string | null;
  /** The class of a pupil, the job title of an employee. */
  detail: string | null;
  reason: string;
}

/** More than a day's queue ever turns away: the oldest go first. */
export const MAX_REFUSALS = 500;
const PREFIX = 'tamaq.refusals.';

/** The organization's day of a moment, dd.MM.yyyy: a day's list ends at its midnight, not the PC's. */
const dayOf = (iso: string, timeZone: string) => formatVisitTime(iso, timeZone).slice(0, 10);

const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; rows: readonly Refusal[] }>();
const none: readonly Refusal[] = [];

function read(storage: Storage, key: string): readonly Refusal[] {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return none;
  }
  const kept = cache.get(key);
  if (kept && kept.raw === raw) return kept.rows;
  let rows: readonly Refusal[] = none;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (Array.isArray(parsed)) rows = parsed as Refusal[];
  } catch {
    // A list this browser cannot read is started again.
  }
  cache.set(key, { raw, rows });
  return rows;
}

/**
 * Today's refusals at a station (a school's or a canteen's screen), kept in this browser: a cashier
 * who looked away learns afterwards who was turned away, and a reload keeps the list. `place` is
 * null while the screen does not know its school or canteen yet.
 */
export function todayRefusals(place: string, timeZone: string, storage: Storage = localStorage) {
  const key = PREFIX + place;
  const today = () => dayOf(new Date().toISOString(), timeZone);
  return {
    /** Today's, newest first. */
    rows(): readonly Refusal[] {
      const rows = read(storage, key);
      const day = today();
      if (rows.length === 0 || dayOf(rows[0]!.at, timeZone) === day) return rows;
      // Yesterday's list: the same empty answer each time it is asked, until a refusal starts today's.
      return none;
    },
    add(refusal: Refusal) {
      const day = dayOf(refusal.at, timeZone);
      const rows = [refusal, ...read(storage, key).filter((r) => dayOf(r.at, timeZone) === day)].slice(0, MAX_REFUSALS);
      try {
        storage.setItem(key, JSON.stringify(rows));
      } catch {
        // A full storage keeps the screen working: the list is what could be kept.
      }
      for (const l of listeners) l();
    },
  };
}

/** Today's refusals at `place` and the way to add one; rendered again when any station adds. */
export function useTodayRefusals(place: string | null, timeZone: string) {
  const subscribe = useCallback((cb: () => void) => {
    listeners.add(cb);
    // Another tab of this browser at the same station.
    const onStorage = (e: StorageEvent) => {
      if (e.key?.startsWith(PREFIX)) cb();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(cb);
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  const rows = useSyncExternalStore(subscribe, () => (place ? todayRefusals(place, timeZone).rows() : none));
  const add = useCallback(
    (refusal: Refusal) => {
      if (place) todayRefusals(place, timeZone).add(refusal);
    },
    [place, timeZone],
  );
  return { rows, add };
}
