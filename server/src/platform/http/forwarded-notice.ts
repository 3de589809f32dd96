import type { FastifyInstance } from 'fastify';
import type { Notices } from '../notices.ts';

/**
 * Requests that arrive with `X-Forwarded-For` while TRUST_PROXY is off come through a proxy that is
 * not believed: every client then has the proxy's address, and shares one count of every limit by
 * address (sign-in's above all). Said in the log at the first such request and on the dashboard.
 */
export function registerForwardedNotice(app: FastifyInstance, trustProxy: unknown, notices: Notices): void {
  if (trustProxy !== false) return;
  const hook = async (request: { headers: Record<string, unknown> }) => {
    if (request.headers['x-forwarded-for'] === undefined) return;
    notices.add('forwarded-untrusted');
  };
  app.addHook('onRequest', hook);
}
