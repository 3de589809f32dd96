import type { LiveSubscribed } from '@tamaq/contract/live';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { guardConnections, WS_CONNECTIONS_PER_ADDRESS } from '../http/connections.ts';
import type { RealtimeHub } from './hub.ts';
import type { TicketHolder, TicketService } from './tickets.ts';

/**
 * Close codes a client can tell apart: a bad ticket is not worth retrying with the same one; an
 * ended session is not worth retrying at all (the next ticket call answers 401 and signs it out).
 */
export const WS_CLOSE = { badTicket: 4401, badChannel: 4400, sessionEnded: 4403, tooMany: 4429 } as const;
/**
 * Open sockets one user may hold on one instance: a school's screens signed in as one cashier, a few
 * tabs. A ticket opens one socket, so more needs more subscribe calls, which are rate limited.
 */
export const MAX_SOCKETS_PER_USER = 20;
const CHANNEL = /^[a-z0-9-]{1,100}$/;
const PING_MS = 30_000;
/** Open sockets are checked this often anyway, for a signal that Redis lost on its way. */
const RECHECK_MS = 5_000;
const OPEN = 1;

export interface LiveSessions {
  /** Token versions of the users among these who may still be signed in, read now. */
  currentTokenVersions(userIds: readonly number[]): Promise<Map<number, number>>;
}

/** The live sockets of one instance, served on its main port and on WS_PORT alike. */
export interface LiveSockets {
  /** Serves `/ws` on an app (a plugin of its own, so the app's other routes are untouched). */
  register(app: FastifyInstance): Promise<void>;
  close(): void;
}

/**
 * The live socket (spec: `/ws?channel=school-fixation-{schoolId}` on WS_PORT; also on the main port,
 * so a proxy in front passes one address on): a socket that stops answering pings is dropped, so a
 * closed laptop lid does not keep a subscription forever.
 *
 * A socket lives no longer than the session that asked for its ticket: the ticket carries the
 * session's token version, checked when the socket opens and again whenever any instance says that
 * sessions ended (a password reset, a removed user, a disabled organization), and every few
 * seconds. A socket whose session ended is closed with `sessionEnded`.
 */
export function createLiveSockets(hub: RealtimeHub, tickets: TicketService, sessions: LiveSessions): LiveSockets {
  const open = new Map<WebSocket, TicketHolder>();
  const stillSignedIn = async (holders: readonly TicketHolder[]): Promise<(h: TicketHolder) => boolean> => {
    const versions = await sessions.currentTokenVersions([...new Set(holders.map((h) => h.userId))]);
    return (h) => versions.get(h.userId) === h.tokenVersion;
  };

  // One check at a time; a signal during a check runs one more after it.
  let checking: Promise<void> | null = null;
  let again = false;
  const recheck = async (): Promise<void> => {
    if (checking) {
      again = true;
      return checking;
    }
    checking = (async () => {
      do {
        again = false;
        if (open.size === 0) continue;
        const sockets = [...open];
        // The database failing to answer is no proof that sessions ended: keep the sockets.
        const current = await stillSignedIn(sockets.map(([, h]) => h)).catch(() => null);
        if (!current) continue;
        for (const [socket, holder] of sockets) {
          if (!current(holder)) socket.close(WS_CLOSE.sessionEnded, 'session ended');
        }
      } while (again);
    })().finally(() => (checking = null));
    return checking;
  };
  const timer = setInterval(() => void recheck(), RECHECK_MS);
  timer.unref();
  const unsubscribe = hub.onSessionsEnded(() => void recheck());

  const serve = async (socket: WebSocket, request: FastifyRequest) => {
    const { channel, ticket } = request.query as { channel?: unknown; ticket?: unknown };
    if (typeof channel !== 'string' || !CHANNEL.test(channel)) {
      socket.close(WS_CLOSE.badChannel, 'bad channel');
      return;
    }
    const holder = typeof ticket === 'string' ? tickets.verify(ticket, channel) : null;
    if (!holder) {
      socket.close(WS_CLOSE.badTicket, 'bad ticket');
      return;
    }
    // A ticket issued before the session ended opens nothing.
    const current = await stillSignedIn([holder]).catch(() => null);
    if (!current?.(holder)) {
      socket.close(WS_CLOSE.badTicket, 'bad ticket');
      return;
    }
    // A ticket opens one socket: a copied or logged one opens nothing more.
    if (!(await tickets.claim(holder))) {
      socket.close(WS_CLOSE.badTicket, 'ticket used');
      return;
    }
    if (socket.readyState !== OPEN) return;
    let mine = 0;
    for (const h of open.values()) if (h.userId === holder.userId) mine += 1;
    if (mine >= MAX_SOCKETS_PER_USER) {
      socket.close(WS_CLOSE.tooMany, 'too many sockets');
      return;
    }
    const leave = hub.join(channel, socket);
    open.set(socket, { userId: holder.userId, tokenVersion: holder.tokenVersion });
    let alive = true;
    socket.on('pong', () => (alive = true));
    const ping = setInterval(() => {
      if (!alive) {
        socket.terminate();
        return;
      }
      alive = false;
      socket.ping();
    }, PING_MS);
    socket.on('close', () => {
      clearInterval(ping);
      open.delete(socket);
      leave();
    });
    // Clients only listen; whatever they send is ignored.
    socket.on('message', () => {});
    const subscribed: LiveSubscribed = { type: 'subscribed', channel };
    socket.send(JSON.stringify(subscribed));
  };

  return {
    async register(app) {
      await app.register(async (scope) => {
        await scope.register(websocket, { options: { maxPayload: 4096 } });
        scope.get('/ws', { websocket: true, config: { access: 'public' }, schema: { hide: true } }, serve);
      });
    },
    close() {
      clearInterval(timer);
      unsubscribe();
    },
  };
}

/**
 * The websocket port (WS_PORT): a small Fastify app of its own, so live screens never compete with
 * the API's request limits. Given the instance's live sockets, it serves the same ones as the main port.
 */
export async function buildRealtimeServer(
  hub: RealtimeHub,
  tickets: TicketService,
  sessions: LiveSessions,
  sockets?: LiveSockets,
  idleMs?: number,
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  guardConnections(app.server, { idleMs, perAddress: WS_CONNECTIONS_PER_ADDRESS });
  const live = sockets ?? createLiveSockets(hub, tickets, sessions);
  await live.register(app);
  if (!sockets) app.addHook('onClose', async () => live.close());
  return app;
}
