import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { loadDemoData } from '../src/demo/demo-data.ts';
import type { Db } from '../src/platform/db/client.ts';
import { startEmbeddedPostgres } from '../src/platform/db/embedded-postgres.ts';
import { MIGRATIONS_DIR } from '../src/platform/db/migrate.ts';
import { ensureReferenceData } from '../src/platform/db/reference-data.ts';
import * as schema from '../src/platform/db/schema-all.ts';

/**
 * A school that ran the earlier embedded database (PGlite, `DATA_DIR/pgdata`) updates: `npm start`
 * stops with a message naming the command, `npm run import-pglite` copies every row and sequence
 * into the embedded PostgreSQL, and the next start serves the school's own data.
 */
const root = path.resolve(import.meta.dirname, '../..');
const main = path.join(root, 'server/src/main.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-import-'));
const port = 19000 + Math.floor(Math.random() * 1000);
const env = {
  ...process.env,
  PORT: String(port),
  WS_PORT: String(port + 1000),
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  WEB_DIST: path.join(dataDir, 'no-web'),
};
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** `DATA_DIR/pgdata` as the earlier server left it: PGlite, migrated, with the demo data. */
async function pgliteDataDirWithDemoData() {
  const client = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), extensions: { pg_trgm } });
  try {
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    await ensureReferenceData(db as unknown as Db);
    expect((await loadDemoData(db as unknown as Db)).length).toBeGreaterThan(5);
  } finally {
    await client.close();
  }
}

/** Runs the server until it prints its address (then stops it) or exits on its own. */
async function serve(extra: Record<string, string>, whileUp?: (url: string) => Promise<void>) {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: root,
    env: { ...env, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const deadline = Date.now() + 90_000;
  while (!output.includes('Tamaq:') && child.exitCode === null && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
  if (child.exitCode === null) {
    try {
      await whileUp?.(`http://127.0.0.1:${port}`);
    } finally {
      child.kill('SIGTERM');
    }
  }
  return { code: await exited, output };
}

/** Each table's row count and a digest of its rows, and each sequence's position. */
async function fingerprint(query: (sql: string) => Promise<Record<string, unknown>[]>) {
  const out: Record<string, string> = {};
  const tables = await query("select tablename as name from pg_tables where schemaname = 'public' order by 1");
  for (const { name } of tables) {
    const [row] = await query(
      `select count(*)::text || ' ' || coalesce(md5(string_agg(r, ',' order by r)), '') as f
         from (select row_to_json(t)::text as r from "${name}" t) s`,
    );
    out[String(name)] = String(row!.f);
  }
  const sequences = await query("select sequencename as name from pg_sequences where schemaname = 'public'");
  for (const { name } of sequences) {
    const [row] = await query(`select last_value::text || ' ' || is_called::text as f from "${name}"`);
    out[`sequence ${String(name)}`] = String(row!.f);
  }
  return out;
}

describe.runIf(process.env.TEST_EMBEDDED)('a data directory of the earlier embedded database', () => {
  it('is refused with the command to run, copied whole by it, then served', { timeout: 240_000 }, async () => {
    await pgliteDataDirWithDemoData();

    const refused = await serve({});
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('npm run import-pglite');
    expect(fs.existsSync(path.join(dataDir, 'postgres'))).toBe(false);

    const run = spawnSync('npm', ['run', '--silent', 'import-pglite'], { cwd: root, env, encoding: 'utf8' });
    expect(run.stderr.replace(/npm warn.*\n/g, '')).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/Перенесено: \d+ строк/);
    expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(false);

    const old = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata.imported'), extensions: { pg_trgm } });
    const expected = await fingerprint(async (sql) => (await old.query<Record<string, unknown>>(sql)).rows);
    await old.close();
    const server = await startEmbeddedPostgres(dataDir);
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    const copied = await fingerprint(async (sql) => (await client.query(sql)).rows);
    await client.end();
    await server.stop();
    expect(Object.keys(expected).length).toBeGreaterThan(30);
    expect(copied).toEqual(expected);

    // The school's own data, not a new demo set: the demo logins are not printed again.
    const after = await serve({}, async (url) => {
      const login = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'librarian@demo.kz', password: 'demo12345' }),
      });
      expect(login.status).toBe(200);
    });
    expect(after.output).not.toContain('Демо-данные загружены');

    // A second run has nothing to copy and says so.
    const again = spawnSync('npm', ['run', '--silent', 'import-pglite'], { cwd: root, env, encoding: 'utf8' });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('переносить нечего');
  });
});
