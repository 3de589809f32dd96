import { DEFAULT_TIME_ZONE } from '@tamaq/contract/constants';

const formatters = new Map<string, Intl.DateTimeFormat>();

const formatter = (timeZone: string) => {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('ru-RU', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
};

/**
 * 'dd.MM.yyyy HH:mm' of a visit in the organization's time zone (Asia/Almaty): the same clock the
 * meal times and the "already ate at …" message use, whatever zone the cashier's PC is set to.
 */
export function formatVisitTime(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
}
