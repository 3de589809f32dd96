import type { FastifyInstance } from 'fastify';

/** How long a stop waits for the requests under way before it cuts their connections. */
export const DRAIN_MS = 10_000;

/**
 * A stop answers every request it has accepted (docs/rules.md "A clean stop"): it stops listening,
 * lets the requests under way finish and answer (each with `Connection: close`), answers 503 to the
 * ones that come on a kept-alive connection meanwhile (Fastify's own), and closes each connection as
 * soon as it is idle instead of waiting out its keep-alive (72 s). What is still open after `ms` is cut.
 * Resolves once the app is closed (its onClose hooks run after the last connection).
 */
export function registerDrain(app: FastifyInstance): { close(ms?: number): Promise<void> } {
  let closing = false;
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('connection', 'close');
  });
  return {
    async close(ms = DRAIN_MS) {
      closing = true;
      const server = app.server;
      const idle = setInterval(() => server.closeIdleConnections(), 50);
      const cut = setTimeout(() => server.closeAllConnections(), ms);
      try {
        await app.close();
      } finally {
        clearInterval(idle);
        clearTimeout(cut);
      }
    },
  };
}
