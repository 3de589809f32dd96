// A fresh PostgreSQL database with the schema and the demo data, for the benchmarks that need a
// server database (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local test server).
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';

export const adminUrl =
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export const databaseUrl = (name) => {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
};

/** Whether a PostgreSQL server answers at adminUrl. */
export async function postgresAvailable() {
  const c = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** Drops and creates `name`, migrates it and loads the demo data; answers its URL. */
export async function freshDemoDatabase(name) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = databaseUrl(name);
  const { fromPostgresUrl } = await tsImport('../server/src/platform/db/client.ts', import.meta.url);
  const { migrate } = await tsImport('../server/src/platform/db/migrate.ts', import.meta.url);
  const { ensureReferenceData } = await tsImport('../server/src/platform/db/reference-data.ts', import.meta.url);
  const { loadDemoData } = await tsImport('../server/src/demo/demo-data.ts', import.meta.url);
  const database = fromPostgresUrl(url);
  await migrate(database);
  await ensureReferenceData(database.db);
  await loadDemoData(database.db);
  await database.close();
  return url;
}

export async function dropDatabase(name) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

export const BENCH_JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

/** Runs `fn` with a client connected to `url`, and closes it. */
export async function withClient(url, fn) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}
