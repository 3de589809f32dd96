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

export function registerInput(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, sjson.parse(text, { protoAction: 'remove', constructorAction: 'remove' }));
    } catch {
      done(
        Object.assign(new Error('Invalid JSON'), { code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 }),
        undefined,
      );
    }
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
