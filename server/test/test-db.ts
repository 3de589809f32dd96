import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PGLITE_EXTENSIONS, fromPglite, fromPostgresUrl, type Database } from '../src/platform/db/client.ts';

/**
 * Each test file gets its own database: a copy of a migrated PGlite snapshot by default, or, when
 * TEST_DATABASE_URL is set, a PostgreSQL database cloned from a migrated template.
 */
export const SNAPSHOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.tmp/pglite-snapshot.tar.gz');
// Named after the checkout, so two checkouts on one machine (worktrees, CI beside a session) never
// drop each other's template while it is being copied.
export const TEMPLATE_DB = `tamaq_test_template_${createHash('sha256')
  .update(fileURLToPath(import.meta.url))
  .digest('hex')
  .slice(0, 8)}`;

export const testDbKind = (): 'postgres' | 'pglite' => (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');

export const withDatabase = (url: string, name: string): string => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** A test database; `url` is set on PostgreSQL so that a second instance can open its own pool. */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const blob = new Blob([fs.readFileSync(SNAPSHOT)]);
    return fromPglite(await PGlite.create({ loadDataDir: blob, extensions: PGLITE_EXTENSIONS }));
  }
  const name = `tamaq_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
  await admin.end();
  const database = fromPostgresUrl(withDatabase(url, name), 10);
  return {
    ...database,
    url: withDatabase(url, name),
    async close() {
      await database.close();
      const drop = new pg.Client({ connectionString: url });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}
