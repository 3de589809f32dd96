// Starts the real server for a benchmark and stops it; the callers measure around it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { SERVER_NODE_OPTIONS } from '../scripts/build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** Whether something listens on 127.0.0.1:`port`. */
const portAnswers = (port) =>
  new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** BENCH_NODE_ARGS: more options for the server's Node (`--trace-gc`, `--cpu-prof`), space-separated. */
const extraNodeArgs = () => (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

/**
 * Launches the server on an embedded data directory and waits until `ready(url)` holds: its source
 * through tsx, or with `entry` a bundle as `npm start` runs it.
 */
export async function startBenchServer({
  port,
  dataDir,
  ready,
  env = {},
  nodeArgs = [],
  entry = null,
  timeoutMs = 120_000,
}) {
  // A server left by a killed run would answer the ready check in this one's place.
  if (await portAnswers(port)) {
    throw new Error(`port ${port} is taken: a server of an earlier bench run still runs? (stop it first)`);
  }
  const args = entry
    ? [...SERVER_NODE_OPTIONS, ...extraNodeArgs(), ...nodeArgs, entry]
    : [...nodeArgs, '--import', 'tsx', path.join(root, 'server/src/main.ts')];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      WS_PORT: String(port + 1),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(root, 'web/dist'),
      ...env,
    },
    // BENCH_SERVER_LOG=file keeps the server's output (with --trace-gc in BENCH_NODE_ARGS, say).
    stdio: process.env.BENCH_SERVER_LOG
      ? ['ignore', fs.openSync(process.env.BENCH_SERVER_LOG, 'a'), fs.openSync(process.env.BENCH_SERVER_LOG, 'a')]
      : 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (performance.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the server on ${url} was not ready within ${timeoutMs / 1000} s`);
    }
    try {
      if (await ready(url)) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** A demo user's token from the running server (every demo login shares the demo password). */
export async function login(url, email) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo12345' }),
  });
  return (await res.json()).access_token;
}
