import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Prometheus counters of one app instance (its own registry, so tests can build many apps). */
export interface Metrics {
  registry: Registry;
  visitsRecorded: Counter<'kind'>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Who may read `/metrics`: with a token, whoever sends it; without one, the same machine only. A
 * request a proxy on this machine forwards comes from elsewhere: so it must carry no forwarding
 * header, and both the peer and `request.ip` (the client a trusted proxy names) must be the loopback.
 */
function mayReadMetrics(request: FastifyRequest, token: string | null): boolean {
  if (token !== null) {
    const [scheme, given = ''] = (request.headers.authorization ?? '').split(/ +(.*)/s);
    // Compared as digests: equal lengths for timingSafeEqual, and the token's length does not leak.
    return scheme?.toLowerCase() === 'bearer' && timingSafeEqual(digest(given), digest(token));
  }
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && LOOPBACK.has(request.socket.remoteAddress ?? '') && LOOPBACK.has(request.ip);
}

export function registerMetrics(
  app: FastifyInstance,
  opts: { defaults: boolean; metricsToken: string | null },
): Metrics {
  const registry = new Registry();
  if (opts.defaults) collectDefaultMetrics({ register: registry, prefix: 'tamaq_' });
  const requests = new Counter({
    name: 'tamaq_http_requests_total',
    help: 'HTTP requests answered',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'tamaq_http_request_duration_seconds',
    help: 'Time to answer an HTTP request',
    labelNames: ['method', 'route'] as const,
    buckets: [0.002, 0.005, 0.01, 0.02, 0.03, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const visitsRecorded = new Counter({
    name: 'tamaq_visits_recorded_total',
    help: 'Visits (fixations) recorded',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    // Refused exactly like a route that does not exist, so a stranger learns nothing of it.
    if (!mayReadMetrics(request, opts.metricsToken)) return reply.callNotFound();
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return { registry, visitsRecorded };
}
