import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { fromPostgresUrl } from '../src/platform/db/client.ts';
import { startEmbeddedPostgres } from '../src/platform/db/embedded-postgres.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { ensureReferenceData } from '../src/platform/db/reference-data.ts';
import { ensureFoodTable } from '../src/platform/db/food-table.ts';
import { TEMPLATE_DB, withDatabase } from './test-db.ts';

/** The embedded server the tests run on when no TEST_DATABASE_URL is given; new every run. */
const EMBEDDED_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.tmp/test-postgres');

/**
 * Tests need no durability: a test database is copied from the template for every file, and
 * PostgreSQL would flush each copy to disk. More connections than a school's: two workers, each
 * with pools of its own and a second instance now and then.
 */
const TEST_SETTINGS = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '150' };

/**
 * Starts the embedded test server (unless TEST_DATABASE_URL names one) and migrates a template once
 * per run; every test file then copies it instead of migrating again.
 */
export default async function setup(): Promise<(() => Promise<void>) | void> {
  let stop: (() => Promise<void>) | undefined;
  if (!process.env.TEST_DATABASE_URL) {
    fs.rmSync(EMBEDDED_DIR, { recursive: true, force: true });
    const server = await startEmbeddedPostgres(EMBEDDED_DIR, { database: 'postgres', settings: TEST_SETTINGS });
    stop = async () => {
      await server.stop();
      fs.rmSync(EMBEDDED_DIR, { recursive: true, force: true });
    };
    // The test workers are started after this and inherit both.
    process.env.TEST_DATABASE_URL = server.url;
    process.env.TEST_EMBEDDED = '1';
  }
  const url = process.env.TEST_DATABASE_URL!;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  const database = fromPostgresUrl(withDatabase(url, TEMPLATE_DB), 2);
  await migrate(database);
  await ensureReferenceData(database.db);
  await ensureFoodTable(database.db);
  await database.close();
  await admin.end();
  return stop;
}
