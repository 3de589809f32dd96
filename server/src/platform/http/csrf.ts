import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_COOKIE } from '@tamaq/contract/constants';
import { ERROR_MESSAGES } from '@tamaq/contract/errors';
import { forbidden } from './errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double submit: every response hands out an `XSRF-TOKEN` cookie, and a write from a browser must
 * echo it in `X-XSRF-TOKEN`. A request is from a browser when it carries cookies or an Origin header
 * (browsers send Origin on every non-GET request); a client with neither (a script, a mobile app)
 * cannot be forged by a web page, and our JSON-only bodies keep cross-site forms out anyway.
 */
const fromBrowser = (request: FastifyRequest) => Boolean(request.headers.cookie || request.headers.origin);

const same = (a: string, b: string) => {
  // Compare bytes, not characters: a multibyte header of the same length would make timingSafeEqual throw.
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export function registerCsrf(app: FastifyInstance, secureCookie: boolean): void {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(CSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        httpOnly: false,
        // Behind a proxy with TLS the request says https even where PUBLIC_URL was left unset.
        secure: secureCookie || request.protocol === 'https',
      });
    }
    // The matched route, not the raw URL: `/%61pi/...` reaches the same route and must be checked too.
    const path = request.routeOptions.url ?? request.url;
    if (SAFE.has(request.method) || !path.startsWith('/api/') || !fromBrowser(request)) return;
    const header = request.headers['x-xsrf-token'];
    if (!cookie || typeof header !== 'string' || !same(header, cookie)) throw forbidden(ERROR_MESSAGES.csrf);
  });
}
