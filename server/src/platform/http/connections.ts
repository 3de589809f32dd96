import fs from 'node:fs';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** A connection that has sent no request by then is closed: no browser opens one and waits longer. */
export const IDLE_CONNECTION_MS = 10_000;
/** Open connections one address may hold on the websocket port (a school's screens behind one NAT). */
export const WS_CONNECTIONS_PER_ADDRESS = 256;

/**
 * Sockets that never send a byte are otherwise kept for good (Node's header and request timeouts start
 * with a request), and a thousand of them use up the process's files: new scans then fail. A new
 * connection must send its first request (or its websocket upgrade) within `idleMs`; once it has,
 * Node's own timeouts take over (the request's 120 s, keep-alive's). With `perAddress`, an address
 * past that many open connections has its next one closed at once.
 */
export function guardConnections(server: Server, { idleMs = IDLE_CONNECTION_MS, perAddress = 0 } = {}): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    if (perAddress > 0) {
      const address = socket.remoteAddress ?? '';
      const n = open.get(address) ?? 0;
      if (n >= perAddress) {
        socket.destroy();
        return;
      }
      open.set(address, n + 1);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      });
    }
    // Node's server destroys a socket whose timeout passes with nobody else listening.
    socket.setTimeout(idleMs);
  });
  const started = (request: { socket: Socket }) => request.socket.setTimeout(0);
  server.on('request', started);
  server.on('upgrade', started);
}

/**
 * The open-files limit, said at start when it is low: Node raises its soft limit to the hard one by
 * itself, so only the hard limit (systemd's LimitNOFILE, `ulimit -Hn`) can be too small.
 */
export function lowFileLimit(): string | null {
  try {
    const line = fs
      .readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = Number(line?.split(/\s{2,}/)[1]);
    if (!Number.isFinite(soft) || soft >= 4096) return null;
    return `open files are limited to ${soft}: each connection holds one, so a few hundred idle ones can refuse scans; raise the hard limit (LimitNOFILE=65536 in a systemd unit, or ulimit -Hn)`;
  } catch {
    return null;
  }
}
