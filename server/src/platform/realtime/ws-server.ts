import Fastify, { type FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { RealtimeHub } from './hub.ts';
import type { TicketService } from './tickets.ts';

/** Close codes a client can tell apart: a bad ticket is not worth retrying with the same one. */
export const WS_CLOSE = { badTicket: 4401, badChannel: 4400 } as const;
const CHANNEL = /^[a-z0-9-]{1,100}$/;
const PING_MS = 30_000;

/**
 * The websocket port (WS_PORT, spec: `/ws?channel=school-fixation-{schoolId}`): a small Fastify app
 * of its own, so live screens never compete with the API's request limits. A socket that stops
 * answering pings is dropped, so a closed laptop lid does not keep a subscription forever.
 */
export async function buildRealtimeServer(hub: RealtimeHub, tickets: TicketService): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(websocket, { options: { maxPayload: 4096 } });
  app.get('/ws', { websocket: true }, (socket, request) => {
    const { channel, ticket } = request.query as { channel?: unknown; ticket?: unknown };
    if (typeof channel !== 'string' || !CHANNEL.test(channel)) {
      socket.close(WS_CLOSE.badChannel, 'bad channel');
      return;
    }
    if (typeof ticket !== 'string' || tickets.verify(ticket, channel) === null) {
      socket.close(WS_CLOSE.badTicket, 'bad ticket');
      return;
    }
    const leave = hub.join(channel, socket);
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
      leave();
    });
    // Clients only listen; whatever they send is ignored.
    socket.on('message', () => {});
    socket.send(JSON.stringify({ type: 'subscribed', channel }));
  });
  return app;
}
