import Fastify, { type FastifyInstance } from 'fastify';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/** What the probe's answer carries that is not Helmet's. */
const NOT_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * Helmet's security headers on every answer. @fastify/helmet builds the whole Helmet middleware
 * again for every request (the CSP directives parsed each time): a tenth of a health check's CPU,
 * for headers that never depend on the request. So the plugin answers one probe request at start,
 * and every answer gets exactly the headers it set. HSTS only over HTTPS (directly, or as a trusted
 * proxy says in X-Forwarded-Proto): on plain http it means nothing, and the probe of a school's
 * plain-http server flagged it.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const probe = Fastify({ logger: false });
  await probe.register(fastifyHelmet, options);
  probe.get('/', async () => '');
  const answer = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers = Object.entries(answer.headers)
    .filter(([name]) => !NOT_HELMET.has(name))
    .map(([name, value]) => [name, String(value)] as const);
  app.addHook('onRequest', (request, reply, done) => {
    const https = request.protocol === 'https';
    for (const [name, value] of headers) {
      if (name !== 'strict-transport-security' || https) reply.raw.setHeader(name, value);
    }
    done();
  });
}
