import { localDate, localTime } from '../../platform/time.ts';

const wallClock = (at: number, timeZone: string): number =>
  Date.parse(`${localDate(new Date(at), timeZone)}T${localTime(new Date(at), timeZone)}Z`);

/**
 * Noon of a calendar day in a time zone, as an instant: when a manual visit on a past day is said to
 * have happened. Noon is far from any daylight-saving jump, so two corrections settle it.
 */
export function noonOf(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const utcNoon = new Date(0);
  utcNoon.setUTCFullYear(y, m - 1, d);
  utcNoon.setUTCHours(12, 0, 0, 0);
  const target = utcNoon.getTime();
  let at = target;
  for (let i = 0; i < 2; i++) at += target - wallClock(at, timeZone);
  return new Date(at);
}
