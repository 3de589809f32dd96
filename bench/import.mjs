// Import of 10 000 pupils from one xlsx into a demo school (POST /api/users/upload), then the same
// file again (10 000 updates found by IIN), on the embedded database of a warm start. Prints the time
// of each upload and the server's peak RSS (VmHWM) since that start. Targets: ≤ 15 s, < 400 MB.
/* global FormData, Blob */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { tsImport } from 'tsx/esm/api';
import { startBenchServer } from './server.mjs';
import { BENCH_JWT_SECRET, dropDatabase, freshDemoDatabase, postgresAvailable } from './postgres.mjs';

const ROWS = 10_000;
const PORT = 18200;

/** Peak and current resident memory of a process, in MB (Linux /proc). */
function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peakMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
}

async function buildFile(classNames) {
  const { makeIin } = await tsImport('../contract/src/kz-id.ts', import.meta.url);
  const rows = [['ФИО', 'ИИН', 'Класс', 'Категория питания', 'Должность']];
  for (let i = 0; i < ROWS; i++) {
    const month = String((i % 12) + 1).padStart(2, '0');
    const day = String((i % 28) + 1).padStart(2, '0');
    // Serials far from the demo pupils' so every IIN is new the first time.
    const iin = makeIin(`12${month}${day}`, i % 2 ? 6 : 5, 5000 + Math.floor(i / 84) * 3);
    rows.push([`Импортов Ученик ${i + 1}`, iin, classNames[i % classNames.length], '', '']);
  }
  const unique = new Set(rows.slice(1).map((r) => r[1]));
  if (unique.size !== ROWS) throw new Error(`only ${unique.size} distinct IINs in the bench file`);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Ученики');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true });
}

async function json(url, init, token) {
  const res = await fetch(url, { ...init, headers: { ...init?.headers, authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url} → ${res.status} ${await res.text()}`);
  return res.json();
}

async function upload(url, token, file) {
  const form = new FormData();
  form.append('file', new Blob([file]), 'pupils.xlsx');
  const started = performance.now();
  const result = await json(url, { method: 'POST', body: form }, token);
  return { seconds: (performance.now() - started) / 1000, result };
}

/** Signs in, imports the file twice (create, then update by IIN), and reads the server's memory. */
async function importTwice(server, label) {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'edu.admin@demo.kz', password: 'demo12345' }),
  });
  const { access_token: token } = await login.json();
  const schools = await json(`${server.url}/api/schools?limit=1000`, {}, token);
  const school = schools.rows.find((s) => s.name === 'Школа-гимназия №1') ?? schools.rows[0];
  const classes = await json(`${server.url}/api/classrooms?schoolId=${school.id}&limit=1000`, {}, token);
  if (!classes.rows.length) throw new Error('the demo school has no classes');
  const file = await buildFile(classes.rows.map((c) => c.name));
  const before = memoryOf(server.pid);
  const url = `${server.url}/api/users/upload?schoolId=${school.id}`;
  const first = await upload(url, token, file);
  if (first.result.created !== ROWS) throw new Error(`created ${JSON.stringify(first.result)}`);
  const second = await upload(url, token, file);
  if (second.result.updated !== ROWS) throw new Error(`updated ${JSON.stringify(second.result)}`);
  const after = memoryOf(server.pid);
  const kb = Math.round(file.length / 1024);
  const verdict = (s, mb) => (s <= 15 && mb < 400 ? 'within target' : 'MISSES ≤ 15 s / < 400 MB');
  return [
    {
      name: `import ${ROWS} pupils, ${label} (xlsx ${kb} KB)`,
      value: `${first.seconds.toFixed(1)} s`,
      rss: `server RSS ${before.rssMb.toFixed(0)} → ${after.rssMb.toFixed(0)} MB, peak ${after.peakMb.toFixed(0)} MB: ${verdict(first.seconds, after.peakMb)}`,
    },
    {
      name: `re-import, ${label}: ${ROWS} updates by IIN`,
      value: `${second.seconds.toFixed(1)} s`,
      rss: '',
    },
  ];
}

export async function benchImport() {
  const rows = [];
  // Embedded: a warm start (the first start creates the database and the demo data).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-bench-'));
  const ready = async (url) => (await fetch(`${url}/api/health`)).ok;
  await (await startBenchServer({ port: PORT, dataDir, ready })).stop();
  const embedded = await startBenchServer({ port: PORT, dataDir, ready });
  try {
    rows.push(...(await importTwice(embedded, 'embedded PostgreSQL')));
  } finally {
    await embedded.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // PostgreSQL server: the Node process alone, as a region runs it.
  if (await postgresAvailable()) {
    const url = await freshDemoDatabase('tamaq_bench_import');
    const server = await startBenchServer({
      port: PORT,
      dataDir,
      ready,
      env: { DATABASE_URL: url, JWT_SECRET: BENCH_JWT_SECRET, HOST: '127.0.0.1' },
    });
    try {
      rows.push(...(await importTwice(server, 'PostgreSQL')));
    } finally {
      await server.stop();
      await dropDatabase('tamaq_bench_import');
    }
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await benchImport()) console.log(`${row.name}  ${row.value}  ${row.rss}`);
}
