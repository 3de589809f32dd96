import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Prometheus counters of one app instance (its own registry, so tests can build many apps). */
export interface Metrics {
  registry: Registry;
  visitsRecorded: Counter<'kind'>;
}

export function registerMetrics(app: FastifyInstance, opts: { defaults: boolean }): Metrics {
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
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return { registry, visitsRecorded };
}
