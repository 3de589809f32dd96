import { ApiError, errorText } from '../lib/api-error.ts';

/**
 * A refused save told on its form (docs/product.md "Errors"): the first message of each field the
 * form has (a nested one, «allergens.2», under its list), the rest as one line for the top.
 */
export function formErrorsOf(
  err: unknown,
  fields: readonly string[],
): { byField: Record<string, string>; other: string | null } {
  const byField: Record<string, string> = {};
  const other: string[] = [];
  if (err instanceof ApiError && err.validationErrors) {
    for (const [field, messages] of Object.entries(err.validationErrors)) {
      const first = messages[0];
      if (!first) continue;
      const name = field.split('.')[0]!;
      if (fields.includes(name)) byField[name] ??= first;
      else other.push(first);
    }
    if (Object.keys(byField).length === 0 && other.length === 0) other.push(errorText(err));
  } else other.push(errorText(err));
  return { byField, other: other.length > 0 ? [...new Set(other)].join('; ') : null };
}
