// API throughput on loopback with autocannon: the health check and an authenticated profile read
// (token check, actor lookup, one query), 20 connections for 10 s each, on the embedded database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startBenchServer } from './server.mjs';

export async function benchApi() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-bench-'));
  const server = await startBenchServer({
    port: 18190,
    dataDir,
    ready: async (url) => (await fetch(`${url}/api/health`)).ok,
  });
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.kz', password: 'demo12345' }),
  });
  const token = login.ok ? (await login.json()).access_token : null;
  const cases = [['GET /api/health', '/api/health', {}]];
  if (token) cases.push(['GET /api/profile (authenticated)', '/api/profile', { authorization: `Bearer ${token}` }]);
  const rows = [];
  for (const [name, p, headers] of cases) {
    const r = await autocannon({ url: `${server.url}${p}`, connections: 20, duration: 10, headers });
    rows.push({
      name,
      value: `${Math.round(r.requests.average)} req/s`,
      rss: `p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.non2xx} non-2xx`,
    });
  }
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return rows;
}
