import type { ErrorBody, ValidationErrorBody } from '@tamaq/contract/errors';
import { shellTexts } from '../i18n/shell-texts.ts';

export interface ApiErrorInit {
  status: number;
  code: string;
  errorMessage?: string;
  validationErrors?: Record<string, string[]>;
  /** The answer's parsed body, for fields beyond the error shape (a refused scan's person). */
  body?: unknown;
}

/** A failed call: the server's error shape (docs/product.md "Errors"), or status 0 when the server was not reached. */
export class ApiError extends Error {
  status: number;
  code: string;
  errorMessage?: string;
  validationErrors?: Record<string, string[]>;
  body?: unknown;

  constructor(init: ApiErrorInit) {
    super(init.errorMessage ?? init.code);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    if (init.errorMessage !== undefined) this.errorMessage = init.errorMessage;
    if (init.validationErrors !== undefined) this.validationErrors = init.validationErrors;
    if (init.body !== undefined) this.body = init.body;
  }
}

export const NETWORK_ERROR_CODE = 'Network error';

export function networkError(): ApiError {
  return new ApiError({ status: 0, code: NETWORK_ERROR_CODE, errorMessage: shellTexts.ui.errors.network });
}

/** The server took too long: shown like a lost connection (status 0), with its own words. */
export function timeoutError(): ApiError {
  return new ApiError({ status: 0, code: NETWORK_ERROR_CODE, errorMessage: shellTexts.ui.errors.timeout });
}

/** Russian words for an answer the server did not explain, keeping the status for support calls. */
function statusMessage(status: number, statusText: string): string {
  const words = shellTexts.ui.errors.byStatus[status] ?? shellTexts.ui.errors.otherStatus;
  return `${words} (${[status, statusText].filter(Boolean).join(' ')})`;
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** The contract's `ValidationErrorBody`, checked by hand: zod is not part of the first download. */
export function asValidationBody(body: unknown): ValidationErrorBody | null {
  if (typeof body !== 'object' || body === null) return null;
  const { error, validationErrors } = body as Record<string, unknown>;
  if (error !== 'Validation error' || typeof validationErrors !== 'object' || validationErrors === null) return null;
  if (Array.isArray(validationErrors) || !Object.values(validationErrors).every(isStrings)) return null;
  return { error, validationErrors: validationErrors as Record<string, string[]> };
}

/** The contract's `ErrorBody`, checked by hand. */
export function asErrorBody(body: unknown): ErrorBody | null {
  if (typeof body !== 'object' || body === null) return null;
  const { error, errorMessage } = body as Record<string, unknown>;
  return typeof error === 'string' && typeof errorMessage === 'string' ? { error, errorMessage } : null;
}

/** Maps an error answer (status and raw body text) to an ApiError. */
export function errorFromResponse(status: number, statusText: string, bodyText: string): ApiError {
  let body: unknown;
  try {
    body = bodyText ? JSON.parse(bodyText) : undefined;
  } catch {
    body = undefined;
  }
  const validation = asValidationBody(body);
  if (validation) {
    return new ApiError({ status, code: validation.error, validationErrors: validation.validationErrors });
  }
  const known = asErrorBody(body);
  if (known) return new ApiError({ status, code: known.error, errorMessage: known.errorMessage, body });
  // A proxy's HTML page, an empty body, or `{error}` without a message.
  const code = (body as { error?: unknown } | undefined)?.error;
  return new ApiError({
    status,
    code: typeof code === 'string' ? code : statusText || `HTTP ${status}`,
    errorMessage: statusMessage(status, statusText),
  });
}

/** The first message of the first invalid field, for places that have no field to put it under. */
function firstValidationMessage(err: ApiError): string | undefined {
  for (const messages of Object.values(err.validationErrors ?? {})) {
    if (messages[0]) return messages[0];
  }
  return undefined;
}

/** Text to show a user for any thrown value. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) {
    return err.errorMessage ?? firstValidationMessage(err) ?? statusMessage(err.status, err.code);
  }
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === 'string' && err) return err;
  return shellTexts.ui.errors.generic;
}

/**
 * Whether asking again can help: the server was not reached or failed (0, 5xx), was busy (429), or the
 * row changed meanwhile (409). A refused request (400–404, 422: a bad date, no access) gets the same
 * answer again, so no «Повторить» is offered for it.
 */
export function retryHelps(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  return err.status === 0 || err.status >= 500 || err.status === 429 || err.status === 409 || err.status === 408;
}
