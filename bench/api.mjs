// API throughput on loopback with autocannon: the health check and an authenticated profile read
// (token check, actor lookup, one query), 20 connections for 10 s each, on the embedded database.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');

export async function benchApi() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-bench-'));
  const port = 18190;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      WS_PORT: String(port + 1),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.kz', password: 'demo12345' }),
  });
  const token = login.ok ? (await login.json()).access_token : null;
  const run = (p, headers = {}) => autocannon({ url: `${url}${p}`, connections: 20, duration: 10, headers });
  const rows = [];
  for (const [name, p, headers] of [
    ['GET /api/health', '/api/health', {}],
    ...(token ? [['GET /api/profile (authenticated)', '/api/profile', { authorization: `Bearer ${token}` }]] : []),
  ]) {
    const r = await run(p, headers);
    rows.push({
      name,
      value: `${Math.round(r.requests.average)} req/s`,
      rss: `p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.non2xx} non-2xx`,
    });
  }
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
  return rows;
}
