import { ApiError, errorText } from '../../lib/api-error.ts';

export interface ShownErrors {
  /** The first message of each filter field the screen has (date, school_id, ...). */
  fields: Record<string, string>;
  /** A count's message per row id (`counts.<id>`). */
  rows: Record<number, string>;
  /** Everything else (users_ids, a 403, a lost connection), for one alert above the table. */
  general: string | null;
}

export const NO_ERRORS: ShownErrors = { fields: {}, rows: {}, general: null };

/**
 * A failed save as the screen shows it (docs/product.md "Validation", "Errors"): the first message of each invalid field under
 * that field, a count's message on its row, the rest in one alert.
 */
export function shownErrors(err: unknown, fieldNames: readonly string[]): ShownErrors {
  if (!(err instanceof ApiError) || !err.validationErrors) return { ...NO_ERRORS, general: errorText(err) };
  const fields: Record<string, string> = {};
  const rows: Record<number, string> = {};
  const rest: string[] = [];
  for (const [field, messages] of Object.entries(err.validationErrors)) {
    const first = messages[0];
    if (!first) continue;
    const count = /^counts\.(\d+)$/.exec(field);
    if (fieldNames.includes(field)) fields[field] = first;
    else if (count) rows[Number(count[1])] = first;
    else rest.push(first);
  }
  const general = rest.length > 0 ? [...new Set(rest)].join('; ') : null;
  if (!general && Object.keys(fields).length === 0 && Object.keys(rows).length === 0) {
    return { ...NO_ERRORS, general: errorText(err) };
  }
  return { fields, rows, general };
}
