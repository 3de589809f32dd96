import type { FastifyInstance, FastifyRequest } from 'fastify';
import { languageOf, translate, type Language } from '@tamaq/contract/languages';
import { readingIn } from '../db/alphabet.ts';

type ErrorAnswer = { errorMessage?: unknown; validationErrors?: Record<string, unknown> };

const inLanguage = (value: unknown, language: 'kk') => (typeof value === 'string' ? translate(value, language) : value);

/**
 * The language a request asks for: a download link's `lang` (a link the browser follows sends the
 * browser's own languages, not the one chosen in the product), else its `Accept-Language`.
 */
export function requestLanguage(request: FastifyRequest): Language {
  // From the URL itself: a route's query schema keeps only its own fields.
  const at = request.url.indexOf('?');
  const lang = at < 0 ? null : new URLSearchParams(request.url.slice(at + 1)).get('lang');
  return languageOf(lang ?? request.headers['accept-language']);
}

/**
 * Every error answer in the language the request asks for first (`Accept-Language`): its
 * `errorMessage` and each field's messages. Services and schemas write Russian, as the spec's client
 * expects; a text declared with its Kazakh twin (`withKazakh`) is turned here, once, on the way out.
 */
export function registerAnswerLanguage(app: FastifyInstance): void {
  // The handler, and every hook after this one, lists names in the reader's alphabet. The last hook
  // before the handler: the body has been read by then (a stream's events would lose the context).
  app.addHook('preHandler', (request, _reply, done) => readingIn(requestLanguage(request), done));
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (reply.statusCode < 400 || !payload || typeof payload !== 'object') return payload;
    const language = requestLanguage(request);
    if (language !== 'kk') return payload;
    const body = payload as ErrorAnswer;
    const fields = body.validationErrors;
    return {
      ...body,
      ...(body.errorMessage !== undefined ? { errorMessage: inLanguage(body.errorMessage, language) } : {}),
      ...(fields && typeof fields === 'object'
        ? {
            validationErrors: Object.fromEntries(
              Object.entries(fields).map(([field, messages]) => [
                field,
                Array.isArray(messages) ? messages.map((m) => inLanguage(m, language)) : messages,
              ]),
            ),
          }
        : {}),
    };
  });
}
