import { DEFAULT_TIME_ZONE } from '@tamaq/contract/constants';
import { serverNow } from '../../lib/session.ts';

/**
 * Today as 'YYYY-MM-DD' in the organization's time zone (the server's clock, corrected for this
 * computer's skew), so "no future dates" agrees with the server even on a wrongly set PC clock.
 */
export function orgToday(now: number = serverNow(), timeZone: string = DEFAULT_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}
