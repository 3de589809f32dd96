import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * A short-lived ticket that lets one user open one live channel. The subscribe call (which checks
 * the role and the school scope) issues it; the websocket port, which has no session of its own,
 * only verifies it. The bearer token itself never travels in a websocket URL, where proxies log it.
 */
export const TICKET_TTL_MS = 60_000;

/** Who a ticket was issued to: the user and the token version of the session that asked for it. */
export interface TicketHolder {
  userId: number;
  tokenVersion: number;
}

/** A verified ticket: its holder, and what makes it usable once. */
export interface VerifiedTicket extends TicketHolder {
  id: string;
  expiresAt: number;
}

export interface TicketService {
  issue(holder: TicketHolder, channel: string): string;
  /** Who the ticket was issued to, or null when it is forged, expired or for another channel. */
  verify(ticket: string, channel: string): VerifiedTicket | null;
  /**
   * Uses the ticket up: true the first time, false ever after, on every instance that shares the
   * Redis (one instance alone remembers in memory). A ticket opens one socket.
   */
  claim(ticket: VerifiedTicket): Promise<boolean>;
}

/** The tickets used on this instance, until they would have expired anyway. */
function memoryClaims(now: () => number) {
  const used = new Map<string, number>();
  return (id: string, expiresAt: number): boolean => {
    if (used.size > 10_000) for (const [k, e] of used) if (e <= now()) used.delete(k);
    if (used.has(id)) return false;
    used.set(id, expiresAt);
    return true;
  };
}

export function createTicketService(
  secret: string,
  now: () => number = Date.now,
  redis: Redis | null = null,
  onRedisError: (err: Error) => void = () => {},
): TicketService {
  const inMemory = memoryClaims(now);
  const key = createHmac('sha256', secret).update('tamaq-realtime-ticket').digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    issue({ userId, tokenVersion }, channel) {
      const body = Buffer.from(
        JSON.stringify({
          u: userId,
          v: tokenVersion,
          c: channel,
          e: now() + TICKET_TTL_MS,
          n: randomBytes(12).toString('base64url'),
        }),
      ).toString('base64url');
      return `${body}.${mac(body)}`;
    },
    verify(ticket, channel) {
      const [body, sig] = ticket.split('.');
      if (!body || !sig) return null;
      const expected = Buffer.from(mac(body));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const { u, v, c, e, n } = JSON.parse(Buffer.from(body, 'base64url').toString()) as {
          u: unknown;
          v: unknown;
          c: unknown;
          e: unknown;
          n: unknown;
        };
        const valid =
          c === channel &&
          typeof e === 'number' &&
          e > now() &&
          Number.isInteger(u) &&
          Number.isInteger(v) &&
          typeof n === 'string' &&
          n.length > 0;
        return valid
          ? { userId: u as number, tokenVersion: v as number, id: n as string, expiresAt: e as number }
          : null;
      } catch {
        return null;
      }
    },
    async claim({ id, expiresAt }) {
      if (redis) {
        try {
          const ttl = Math.max(1, expiresAt - now());
          return (await redis.set(`ws-ticket:${id}`, '1', 'PX', ttl, 'NX')) === 'OK';
        } catch (err) {
          // Redis away: this instance still refuses a second use of what it saw itself.
          onRedisError(err as Error);
        }
      }
      return inMemory(id, expiresAt);
    },
  };
}
