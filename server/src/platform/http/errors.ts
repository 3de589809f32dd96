import { ERROR_CODES, ERROR_MESSAGES } from '@tamaq/contract/errors';

/** An error with the spec's `{error, errorMessage}` shape; services throw these, never HTTP replies. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    public readonly headers: Record<string, string> = {},
    /** More fields of the answer besides `error` and `errorMessage` (a refused scan's person). */
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** A 422 on named fields, for rules a schema cannot express (a taken e-mail, a wrong code). */
export class ValidationError extends Error {
  constructor(public readonly fields: Record<string, string[]>) {
    super('Validation error');
  }
  static field(field: string, message: string) {
    return new ValidationError({ [field]: [message] });
  }
}

export const unauthorized = (message: string = ERROR_MESSAGES.unauthorized) =>
  new HttpError(401, ERROR_CODES.unauthorized, message);
export const forbidden = (message: string = ERROR_MESSAGES.forbidden) =>
  new HttpError(403, ERROR_CODES.forbidden, message);
export const notFound = (message: string = ERROR_MESSAGES.notFound) =>
  new HttpError(404, ERROR_CODES.notFound, message);
export const conflict = (message: string) => new HttpError(409, ERROR_CODES.conflict, message);
export const tooManyRequests = (retryAfterSeconds: number, message: string = ERROR_MESSAGES.tooManyRequests) =>
  new HttpError(429, ERROR_CODES.tooManyRequests, message, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

export const serviceUnavailable = (message: string) => new HttpError(503, ERROR_CODES.serviceUnavailable, message);

/** Postgres unique violation, as both drivers surface it through drizzle. */
export const isUniqueViolation = (err: unknown, constraint?: string): boolean => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgErr = e?.cause?.code ? e.cause : e;
  return pgErr?.code === '23505' && (constraint === undefined || pgErr.constraint === constraint);
};

/** Postgres foreign-key violation: something we do not know of yet still refers to the row. */
export const isForeignKeyViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e?.cause?.code ?? e?.code) === '23503';
};
