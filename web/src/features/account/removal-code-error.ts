import { i18n } from '../../i18n/texts.ts';
import { isApiError } from '../../lib/api-client.ts';

// No connection and "too many requests" keep their own words: neither says the account is missing.
export const hasOwnWords = (err: unknown) => isApiError(err) && (err.status === 0 || err.status === 429);

/**
 * What a refused removal code says. The server's reason when it gives one ("Код больше не действует,
 * запросите новый" after too many tries tells the user the way out), else "Неверный код
 * подтверждения"; undefined leaves the error to its own words.
 */
export function removalCodeError(err: unknown): string | undefined {
  if (hasOwnWords(err)) return undefined;
  return (isApiError(err) && err.validationErrors?.code?.[0]) || i18n.removal.badCode;
}
