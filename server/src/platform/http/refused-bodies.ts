import type { FastifyError, FastifyInstance } from 'fastify';
import { failureLimits } from '../rate-limit.ts';
import { JSON_TOO_COMPLEX } from './input.ts';

/** Bodies refused before any route saw them: too large, not JSON, too deep or too many values. */
const REFUSED = new Set(['FST_ERR_CTP_BODY_TOO_LARGE', 'FST_ERR_CTP_INVALID_JSON_BODY', JSON_TOO_COMPLEX]);
/** Refused before the whole body was read: the connection is closed rather than the rest read. */
const CUT_OFF = new Set(['FST_ERR_CTP_BODY_TOO_LARGE', JSON_TOO_COMPLEX]);
/** No person's browser sends one; a sender of this many a minute is refused at once for a while. */
export const REFUSED_BODIES_MAX = 100;
const WINDOW_MS = 60_000;

/**
 * Refused bodies count against their sender's address: past the limit its calls without sign-in
 * (the only ones whose bodies are read before a token is checked) answer 429 before their bodies
 * are read. Signed-in calls, the scans among them, are never held back by it. A body refused before
 * it has all arrived closes its connection: the rest of it is never read.
 */
export function registerRefusedBodies(app: FastifyInstance): void {
  const limits = failureLimits(app, [
    { name: 'refused-body', max: REFUSED_BODIES_MAX, timeWindowMs: WINDOW_MS, key: (request) => request.ip },
  ]);
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config?.access !== 'public' || request.method === 'GET' || request.method === 'HEAD')
      return;
    try {
      await limits.refuseIfOver(request);
    } catch (err) {
      void reply.header('connection', 'close');
      throw err;
    }
  });
  app.addHook('onError', async (request, reply, error: FastifyError) => {
    if (!error.code || !REFUSED.has(error.code)) return;
    if (CUT_OFF.has(error.code)) void reply.header('connection', 'close');
    await limits.failed(request).catch(() => {});
  });
}
