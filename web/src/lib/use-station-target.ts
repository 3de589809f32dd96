import { useEffect } from 'react';

const keyOf = (kind: string, userId: string) => `tamaq.station.${kind}.${userId}`;

function stored(key: string): number | undefined {
  try {
    const n = Number(localStorage.getItem(key));
    return Number.isInteger(n) && n > 0 ? n : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where a scanning screen records: the canteen or school in the link, else the one this browser's
 * user worked at last, else the first. What it settles on is kept for this browser and user, so a
 * canteen the admin adds later (and that sorts first) never silently becomes the station's target.
 */
export function useStationTarget(
  kind: 'canteen' | 'school' | 'cashbox',
  userId: string | undefined,
  ids: readonly number[] | undefined,
  fromLink: number | undefined,
): number | undefined {
  const key = userId ? keyOf(kind, userId) : null;
  const known = (id: number | undefined) => (id !== undefined && ids?.includes(id) ? id : undefined);
  const target = ids && (known(fromLink) ?? known(key ? stored(key) : undefined) ?? ids[0]);
  useEffect(() => {
    if (!key || target === undefined) return;
    try {
      localStorage.setItem(key, String(target));
    } catch {
      /* private mode: the link still carries the choice */
    }
  }, [key, target]);
  return target;
}
