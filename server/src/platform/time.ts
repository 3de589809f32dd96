import { DEFAULT_TIME_ZONE } from '@tamaq/contract/constants';

/**
 * Calendar days and clock times in an organization's time zone (docs/domain.md: "today" and category
 * windows are local). Formatters are cached per zone: creating one costs more than using it.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

function formatOf(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, opts: Intl.DateTimeFormatOptions) {
  let f = cache.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-CA', { timeZone, ...opts });
    } catch {
      f = new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE, ...opts });
    }
    cache.set(timeZone, f);
  }
  return f;
}

/** `YYYY-MM-DD` of the moment in the zone. */
export function localDate(at: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return formatOf(dayFormats, timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** `HH:mm:ss` (24 h) of the moment in the zone, comparable as a string with a `time` column. */
export function localTime(at: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const parts = formatOf(timeFormats, timeZone, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('hour')}:${get('minute')}:${get('second')}`;
}

/** Day of the month (1–31) in the zone, for watches. */
export const localMonthDay = (at: Date, timeZone: string = DEFAULT_TIME_ZONE): number =>
  Number(localDate(at, timeZone).slice(8, 10));
