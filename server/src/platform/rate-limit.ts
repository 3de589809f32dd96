import type { FastifyRequest } from 'fastify';
import { tooManyRequests } from './http/errors.ts';

/**
 * Per-route limits for @fastify/rate-limit (registered with `global: false`; counted in Redis when
 * REDIS_URL is set, so every instance shares the count).
 */
export const limit = (max: number, timeWindowMs: number, key?: (request: FastifyRequest) => string) => ({
  max,
  timeWindow: timeWindowMs,
  ...(key ? { keyGenerator: key } : {}),
});

/** The key of sign-in and code checks: the address and the e-mail tried, so one person cannot lock out a school's NAT. */
export const byIpAndEmail = (request: FastifyRequest): string => {
  const body = request.body as { email?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  return `${request.ip}|${email}`;
};

export const rateLimitError = (_request: FastifyRequest, context: { ttl: number }) =>
  tooManyRequests(context.ttl / 1000);
