import { createHmac, timingSafeEqual } from 'node:crypto';

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

export interface TicketService {
  issue(holder: TicketHolder, channel: string): string;
  /** Who the ticket was issued to, or null when it is forged, expired or for another channel. */
  verify(ticket: string, channel: string): TicketHolder | null;
}

export function createTicketService(secret: string, now: () => number = Date.now): TicketService {
  const key = createHmac('sha256', secret).update('tamaq-realtime-ticket').digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    issue({ userId, tokenVersion }, channel) {
      const body = Buffer.from(
        JSON.stringify({ u: userId, v: tokenVersion, c: channel, e: now() + TICKET_TTL_MS }),
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
        const { u, v, c, e } = JSON.parse(Buffer.from(body, 'base64url').toString()) as {
          u: unknown;
          v: unknown;
          c: unknown;
          e: unknown;
        };
        const valid = c === channel && typeof e === 'number' && e > now() && Number.isInteger(u) && Number.isInteger(v);
        return valid ? { userId: u as number, tokenVersion: v as number } : null;
      } catch {
        return null;
      }
    },
  };
}
