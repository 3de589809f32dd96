import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from './http/errors.ts';

/**
 * Per-route limits for @fastify/rate-limit (registered with `global: false`; counted in Redis when
 * REDIS_URL is set, so every instance shares the count).
 */
export const limit = (
  max: number,
  timeWindowMs: number,
  key?: (request: FastifyRequest) => string | Promise<string>,
) => ({
  max,
  timeWindow: timeWindowMs,
  ...(key ? { keyGenerator: key } : {}),
});

/** The key of sign-in and code checks: the address and the e-mail tried, so one person cannot lock out a school's NAT. */
export const byIpAndEmail = (request: FastifyRequest): string => `${request.ip}|${emailOf(request)}`;

/** The e-mail a sign-in or code check is about, as accounts are matched: trimmed, lower case. */
export const emailOf = (request: FastifyRequest): string => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
};

export const rateLimitError = (_request: FastifyRequest, context: { ttl: number }) =>
  tooManyRequests(context.ttl / 1000);

/** A count of failed attempts under one key: `max` failures in the window, then 429 until it ends. */
export interface FailureLimit {
  /** Tells this count's keys apart from every other limit's in the shared store. */
  name: string;
  max: number;
  timeWindowMs: number;
  key: (request: FastifyRequest) => string;
}

/**
 * Limits that count only failures (wrong passwords), in the rate limiter's store, so with REDIS_URL
 * every instance shares them. `refuseIfOver` answers 429 once any count has reached its maximum;
 * `failed` adds one failure to every count.
 */
export function failureLimits(app: FastifyInstance, limits: readonly FailureLimit[]) {
  const counters = limits.map((l) =>
    app.createRateLimit({
      max: l.max,
      timeWindow: l.timeWindowMs,
      keyGenerator: (request) => `${l.name}|${l.key(request)}`,
    }),
  );
  return {
    async refuseIfOver(request: FastifyRequest): Promise<void> {
      for (const count of counters) {
        const state = await count(request, { increment: false });
        if (!state.isAllowed && state.remaining <= 0) throw tooManyRequests(state.ttlInSeconds);
      }
    },
    /** The limits whose count has reached its maximum, each with the seconds until it ends. */
    async over(request: FastifyRequest): Promise<Map<string, number>> {
      const reached = new Map<string, number>();
      for (const [i, count] of counters.entries()) {
        const state = await count(request, { increment: false });
        if (!state.isAllowed && state.remaining <= 0) reached.set(limits[i]!.name, state.ttlInSeconds);
      }
      return reached;
    },
    async failed(request: FastifyRequest): Promise<void> {
      await Promise.all(counters.map((count) => count(request)));
    },
  };
}
