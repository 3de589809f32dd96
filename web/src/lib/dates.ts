import dayjs, { type Dayjs } from 'dayjs';

/** What the server sends (ISO strings) or a picker holds; empty values format as ''. */
export type DateInput = string | number | Date | Dayjs | null | undefined;

const DATE_TIME = 'DD.MM.YYYY HH:mm';
const DATE = 'DD.MM.YYYY';
const API_DATE = 'YYYY-MM-DD';

function parse(value: DateInput): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const d = dayjs(value);
  return d.isValid() ? d : null;
}

/** 'dd.MM.yyyy HH:mm' in the browser's time zone (docs/product.md "Limits"); '' for a missing or bad value. */
export function formatDateTime(value: DateInput): string {
  return parse(value)?.format(DATE_TIME) ?? '';
}

/** 'dd.MM.yyyy'; a plain 'YYYY-MM-DD' date stays the same day whatever the time zone. */
export function formatDate(value: DateInput): string {
  return parse(value)?.format(DATE) ?? '';
}

/** 'YYYY-MM-DD' for query parameters and bodies (the manual fixation date, report ranges). */
export function toApiDate(value: DateInput): string {
  return parse(value)?.format(API_DATE) ?? '';
}

/** A picker value from a 'YYYY-MM-DD' (or ISO) string of the URL or the server; null when empty. */
export function fromApiDate(value: string | null | undefined): Dayjs | null {
  return parse(value);
}
