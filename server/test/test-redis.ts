import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';

/** Whether this machine has a `redis-server` a test can start and stop (Debian's package). */
export const hasRedisServer = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

/**
 * A Redis server of the test's own on a socket in a temporary folder: a test may stop it (an outage)
 * and start it again without touching the machine's Redis, which other test files share.
 */
export async function startTestRedis() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-redis-'));
  const socket = path.join(dir, 'redis.sock');
  let server: ChildProcess | null = null;
  const clients: Redis[] = [];

  const answers = async () => {
    const probe = new Redis({ path: socket, lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    probe.on('error', () => {});
    try {
      await probe.connect();
      return (await probe.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      probe.disconnect();
    }
  };

  /** Starts it (again); one already running is left as it is. */
  const start = async () => {
    if (server && server.exitCode === null) return;
    server = spawn(
      'redis-server',
      ['--port', '0', '--unixsocket', socket, '--unixsocketperm', '700', '--save', '', '--appendonly', 'no'],
      { cwd: dir, stdio: 'ignore' },
    );
    for (const end = Date.now() + 10_000; !(await answers());) {
      if (Date.now() > end) throw new Error('the test Redis did not start');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  /** Redis goes away as in an outage: its process ends and every connection closes. */
  const stop = async () => {
    const s = server;
    server = null;
    if (!s || s.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      s.once('exit', () => resolve());
      s.kill('SIGKILL');
    });
  };

  /**
   * Redis hangs: its socket is taken by a server that accepts connections and never answers, the
   * worst outage there is (every call would wait for a reply that never comes).
   */
  let hung: net.Server | null = null;
  const held = new Set<net.Socket>();
  const hang = async () => {
    await stop();
    fs.rmSync(socket, { force: true });
    hung = net.createServer((s) => {
      held.add(s);
      s.on('close', () => held.delete(s));
      s.on('error', () => {});
    });
    await new Promise<void>((resolve) => hung!.listen(socket, resolve));
  };
  const unhang = async () => {
    const h = hung;
    hung = null;
    if (!h) return;
    for (const s of held) s.destroy();
    await new Promise((resolve) => h.close(resolve));
    fs.rmSync(socket, { force: true });
  };

  await start();
  return {
    socket,
    /** A connection as the server's start makes one (the app gives it its own options). */
    client() {
      const r = new Redis({ path: socket });
      r.on('error', () => {});
      clients.push(r);
      return r;
    },
    /** Starts it again after a stop or a hang. */
    async start() {
      await unhang();
      await start();
    },
    stop,
    hang,
    async close() {
      for (const c of clients) c.disconnect();
      await unhang();
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
