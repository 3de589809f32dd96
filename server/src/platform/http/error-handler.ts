import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { withKazakh } from '@tamaq/contract/languages';
import { ERROR_CODES, ERROR_MESSAGES } from '@tamaq/contract/errors';
import { isDiskFull } from '../disk.ts';
import { HttpError, ValidationError } from './errors.ts';
import { JSON_MAX_DEPTH, JSON_MAX_VALUES, JSON_TOO_COMPLEX } from './input.ts';

type Issue = { path?: (string | number | symbol)[]; message: string; instancePath?: string };

/** Turns zod issues into `{field: [message]}`: nested paths join with dots, root issues go to `body`. */
export function issuesToFields(issues: readonly Issue[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path?.length ? issue.path.map(String).join('.') : 'body';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

const validation = (fields: Record<string, string[]>) => ({
  error: 'Validation error' as const,
  validationErrors: fields,
});

/** Bad input that fastify refuses before our schemas see it, answered as a 422 like any other. */
const BAD_INPUT: Record<string, string> = withKazakh(
  {
    FST_ERR_CTP_INVALID_JSON_BODY: 'Некорректный JSON',
    FST_ERR_CTP_EMPTY_JSON_BODY: 'Пустое тело запроса',
    FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Неподдерживаемый тип содержимого: ожидается application/json',
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Неверная длина тела запроса',
    FST_ERR_VALIDATION: 'Некорректные данные',
    [JSON_TOO_COMPLEX]: `Слишком сложный JSON: не больше ${JSON_MAX_DEPTH} уровней вложенности и ${JSON_MAX_VALUES.toLocaleString('ru-RU')} значений`,
  },
  {
    FST_ERR_CTP_INVALID_JSON_BODY: 'JSON қате',
    FST_ERR_CTP_EMPTY_JSON_BODY: 'Сұраудың денесі бос',
    FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Мазмұн түрі қолдауда жоқ: application/json күтіледі',
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Сұрау денесінің ұзындығы қате',
    FST_ERR_VALIDATION: 'Деректер қате',
    [JSON_TOO_COMPLEX]: `JSON тым күрделі: ${JSON_MAX_DEPTH} деңгейден терең емес және ${JSON_MAX_VALUES.toLocaleString('ru-RU')} мәннен көп емес`,
  },
);

type DbCause = { code?: unknown; table?: unknown; column?: unknown; constraint?: unknown };

/** drizzle's failed query: its message holds the statement's parameters. */
const isQueryError = (err: Error): boolean => 'params' in err || 'query' in err || Boolean(dbCauseOf(err));
const dbCauseOf = (err: Error): DbCause | null => {
  const cause = (err as { cause?: DbCause }).cause;
  return cause && typeof cause.code === 'string' ? cause : null;
};
const nameOf = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * What a 500 logs. A log line carries no personal data: a failed query's message and its
 * parameters (pupils' names, password hashes, codes) and the database's own message (which may
 * quote a value: `invalid input syntax for type integer: "Иванов"`) are left out; the database's
 * error code, the table, column and constraint it names, and where in our code it failed stay.
 */
export function loggable(err: Error): Record<string, unknown> {
  // Frames only: the lines before them continue the message (drizzle's `params: …`).
  const stack = err.stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 5);
  if (!isQueryError(err)) return { err };
  const cause = dbCauseOf(err);
  return {
    errName: err.name,
    dbCode: nameOf(cause?.code),
    table: nameOf(cause?.table),
    column: nameOf(cause?.column),
    constraint: nameOf(cause?.constraint),
    stack,
  };
}

/** PostgreSQL's codes for a server that is stopping, restarting or still starting. */
const RESTARTING = new Set(['57P01', '57P02', '57P03']);

/**
 * Whether the database is not there for a moment: stopping, restarting after a crash (the embedded
 * server is started again by itself), or refusing connections. The connection errors of the pg
 * driver carry no code of PostgreSQL's, only the system's or a message.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; syscall?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string' && RESTARTING.has(e.code)) return true;
    if (e.syscall === 'connect' && (e.code === 'ECONNREFUSED' || e.code === 'ENOENT')) return true;
    // A statement written to, or read from, a connection whose server process is gone.
    if (e.code === 'EPIPE' || e.code === 'ECONNRESET') return true;
    if (
      typeof e.message === 'string' &&
      /^Connection terminated|^Client has encountered a connection error/.test(e.message)
    )
      return true;
  }
  return false;
}

export function registerErrorHandler(app: FastifyInstance, opts: { onDiskFull?: () => void } = {}): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof ValidationError) return reply.code(422).send(validation(err.fields));
    if (err instanceof HttpError) {
      return reply
        .code(err.statusCode)
        .headers(err.headers)
        .send({ error: err.code, errorMessage: err.message, ...err.extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? ERROR_MESSAGES.badValue,
      }));
      return reply.code(422).send(validation(issuesToFields(issues)));
    }
    if (err.code && BAD_INPUT[err.code]) return reply.code(422).send(validation({ body: [BAD_INPUT[err.code]!] }));
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413) {
      return reply.code(413).send({ error: ERROR_CODES.payloadTooLarge, errorMessage: ERROR_MESSAGES.payloadTooLarge });
    }
    if (err.statusCode === 429) {
      return reply.code(429).send({ error: ERROR_CODES.tooManyRequests, errorMessage: ERROR_MESSAGES.tooManyRequests });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      request.log.info({ err }, 'client error');
      return reply.code(422).send(validation({ body: [BAD_INPUT.FST_ERR_VALIDATION!] }));
    }
    // A list or a search cancelled by its statement timeout (boundedRead), or a report, an export or an
    // import by the heavy pool's: the caller may narrow it and retry.
    const dbCode = (err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    if (dbCode === '57014') {
      request.log.warn({ dbCode }, 'statement timeout');
      const message = request.routeOptions.config?.heavy ? ERROR_MESSAGES.heavyTooLong : ERROR_MESSAGES.queryTooLong;
      return reply.code(503).send({ error: ERROR_CODES.serviceUnavailable, errorMessage: message });
    }
    // Nothing can be written until space is made: said as it is, and kept by a scan's queue.
    if (isDiskFull(err)) {
      request.log.error({ errName: err.name, dbCode }, 'disk full');
      opts.onDiskFull?.();
      return reply
        .code(503)
        .header('retry-after', '30')
        .send({ error: ERROR_CODES.serviceUnavailable, errorMessage: ERROR_MESSAGES.diskFull });
    }
    // Not our fault nor the caller's: the request may be sent again in a moment (a scan's queue does).
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ errName: err.name, dbCode }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '2')
        .send({ error: ERROR_CODES.serviceUnavailable, errorMessage: ERROR_MESSAGES.databaseRestarting });
    }
    request.log.error(loggable(err), isQueryError(err) ? 'database error' : 'unhandled error');
    return reply.code(500).send({ error: ERROR_CODES.internal, errorMessage: ERROR_MESSAGES.internal });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ error: ERROR_CODES.notFound, errorMessage: ERROR_MESSAGES.notFound });
  });
}
