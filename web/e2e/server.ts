import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * `count` distinct free ports on loopback: each is held until all are found, for a port let go is
 * the next one the system hands out (the server and websocket ports came out equal once).
 */
export async function freePorts(count: number): Promise<number[]> {
  const held = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const srv = net.createServer();
          srv.on('error', reject);
          srv.listen(0, '127.0.0.1', () => resolve(srv));
        }),
    ),
  );
  const ports = held.map((srv) => (srv.address() as net.AddressInfo).port);
  await Promise.all(held.map((srv) => new Promise((resolve) => srv.close(resolve))));
  return ports;
}

export interface RunningServer {
  url: string;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts the real server as `npm start` does (the embedded PostgreSQL in a new DATA_DIR, demo data, the built
 * web app) and waits until it answers. The browser tests run against it.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-e2e-'));
  const [port, wsPort] = (await freePorts(2)) as [number, number];
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      WS_PORT: String(wsPort),
      DATA_DIR: dataDir,
      // Parallel work may build the app elsewhere: E2E_WEB_DIST points the server at that build.
      WEB_DIST: process.env.E2E_WEB_DIST || path.join(root, 'web/dist'),
      DATABASE_URL: '',
      // The default deployment, as `npm start` runs it: without Redis. The server tests, which may run
      // at the same time, use the machine's Redis and fill its sign-in counts for the demo logins.
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok && log.includes('Tamaq:')) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start in 90 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
