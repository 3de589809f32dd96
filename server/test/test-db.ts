import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { fromPostgresUrl, type Database } from '../src/platform/db/client.ts';

/**
 * Each test file gets its own database on the test server (the embedded PostgreSQL that global-setup
 * starts, or the one TEST_DATABASE_URL names), cloned from a migrated template.
 */
// Named after the checkout, so two checkouts on one server (worktrees, CI beside a session) never
// drop each other's template while it is being copied.
export const TEMPLATE_DB = `tamaq_test_template_${createHash('sha256')
  .update(fileURLToPath(import.meta.url))
  .digest('hex')
  .slice(0, 8)}`;

export const withDatabase = (url: string, name: string): string => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

const serverUrl = () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is set by test/global-setup.ts: run the tests through vitest');
  return url;
};

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A new database of the test's own, copied from `template` (the migrated one) or empty. */
async function createDatabase(template: string | null): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tamaq_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}${template ? ` template ${template}` : ''}`);
  return {
    url: withDatabase(serverUrl(), name),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/** A test database, migrated; `url` lets a second instance open its own pool on it. */
export async function openTestDatabase(): Promise<Database & { url: string }> {
  const created = await createDatabase(TEMPLATE_DB);
  const database = fromPostgresUrl(created.url, 10);
  // A copy of the template is another installation: its Redis keys and channels are its own.
  await database.exec('update installation set key = gen_random_uuid()');
  return {
    ...database,
    url: created.url,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

/** An empty database, for migrating step by step (the tests of a migration's data). */
export async function openBlankDatabase() {
  const created = await createDatabase(null);
  const client = new pg.Pool({ connectionString: created.url, max: 2 });
  return {
    client,
    db: drizzle(client),
    async close() {
      await client.end();
      await created.drop();
    },
  };
}
