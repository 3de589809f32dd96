import type { FastifyInstance } from 'fastify';
import sjson from 'secure-json-parse';
import { ValidationError } from './errors.ts';
import { ERROR_MESSAGES } from '@tamaq/contract/errors';

/**
 * What every request's input goes through before a route's schema: JSON only (with the prototype
 * poisoning guard of Fastify's own parser), an empty body read as `{}` so an empty form answers its
 * field errors, and no NUL character anywhere — PostgreSQL refuses it in text and jsonb, so it would
 * otherwise surface as a 500 from deep inside a query.
 */
const NUL_MESSAGE = ERROR_MESSAGES.nulCharacter;

function findNul(value: unknown, path: string[], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.split('\u0000').join('')];
    const found = findNul(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** Deeper than any call's body (a menu's days and dishes are 4 levels). */
export const JSON_MAX_DEPTH = 20;
/** More values than any call sends (a manual fixation: 2,000 marked and 2,000 seen ids). */
export const JSON_MAX_VALUES = 20_000;
/** The code of a body refused for its shape; error-handler.ts answers it as a 422. */
export const JSON_TOO_COMPLEX = 'TAMAQ_JSON_TOO_COMPLEX';

/**
 * Reads a JSON body's bytes as they arrive and tells when it goes deeper or holds more values than
 * the limits above: a body under the size limit can still hold 400,000 nested brackets or 260,000
 * empty arrays, and parsing those held the event loop (and every scan behind it) for a fifth of a
 * second each. Counts brackets and commas outside strings (JSON's structure is ASCII, so UTF-8 bytes
 * can be read one by one); whether the text is JSON at all the parser decides.
 */
export function jsonShapeReader(maxDepth = JSON_MAX_DEPTH, maxValues = JSON_MAX_VALUES) {
  let depth = 0;
  let values = 0;
  let inString = false;
  let escaped = false;
  let fits = true;
  return {
    /** False once the bytes so far exceed a limit (and from then on). */
    feed(bytes: Uint8Array): boolean {
      if (!fits) return false;
      for (let i = 0; i < bytes.length; i++) {
        const c = bytes[i]!;
        if (inString) {
          if (escaped) escaped = false;
          else if (c === 0x5c) escaped = true;
          else if (c === 0x22) inString = false;
        } else if (c === 0x22) {
          inString = true;
        } else if (c === 0x5b || c === 0x7b) {
          if (++depth > maxDepth || ++values > maxValues) return (fits = false);
        } else if (c === 0x5d || c === 0x7d) {
          depth--;
        } else if (c === 0x2c) {
          if (++values > maxValues) return (fits = false);
        }
      }
      return true;
    },
  };
}

/** Whether a whole JSON text fits (jsonShapeReader). */
export const jsonShapeFits = (text: string, maxDepth?: number, maxValues?: number): boolean =>
  jsonShapeReader(maxDepth, maxValues).feed(Buffer.from(text));

const refusal = (message: string, code: string, statusCode: number) =>
  Object.assign(new Error(message), { code, statusCode });

/**
 * A JSON body as it arrives: refused at the first byte past the route's size limit or past the
 * shape's limits (jsonShapeReader), without reading the rest, else decoded once at its end.
 */
function readJson(
  payload: NodeJS.ReadableStream & { receivedEncodedLength?: number },
  limit: number,
  done: (err: Error | null, text?: string) => void,
) {
  const reader = jsonShapeReader();
  const chunks: Buffer[] = [];
  let received = 0;
  const stop = (err: Error | null) => {
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onError);
    if (err) {
      // The rest is not read: the answer closes the connection (refused-bodies.ts).
      payload.pause();
      return done(err);
    }
    done(null, Buffer.concat(chunks, received).toString('utf8'));
  };
  const onData = (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    received += bytes.length;
    if (received > limit || (payload.receivedEncodedLength ?? 0) > limit) {
      return stop(refusal('Request body is too large', 'FST_ERR_CTP_BODY_TOO_LARGE', 413));
    }
    if (!reader.feed(bytes)) return stop(refusal('JSON too complex', JSON_TOO_COMPLEX, 400));
    chunks.push(bytes);
  };
  const onEnd = () => stop(null);
  const onError = (err: Error) => stop(err);
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onError);
  payload.resume();
}

export function registerInput(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', (request, payload, done) => {
    const limit = request.routeOptions.bodyLimit ?? 1024 * 1024;
    if (Number(request.headers['content-length']) > limit) {
      return done(refusal('Request body is too large', 'FST_ERR_CTP_BODY_TOO_LARGE', 413), undefined);
    }
    readJson(payload, limit, (err, text = '') => {
      if (err) return done(err, undefined);
      if (text.trim() === '') return done(null, {});
      try {
        done(null, sjson.parse(text, { protoAction: 'remove', constructorAction: 'remove' }));
      } catch {
        done(refusal('Invalid JSON', 'FST_ERR_CTP_INVALID_JSON_BODY', 400), undefined);
      }
    });
  });

  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = findNul(value, []);
      if (path) throw ValidationError.field(path.length ? path.join('.') : part, NUL_MESSAGE);
    }
  });
}
