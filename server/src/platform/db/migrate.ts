import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { SERVER_ROOT } from '../paths.ts';
import { lenientPool, type Database } from './client.ts';

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');

/** Applies the committed migrations. An advisory lock keeps two starting instances apart. */
export async function migrate(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  await database.exclusive(() => migratePg(database.db as unknown as NodePgDatabase, config));
}

/** Applies the migrations of `folder` (a copy of the committed ones up to a level) to the database at `url`. */
export async function migrateUrl(url: string, folder: string = MIGRATIONS_DIR): Promise<void> {
  // A connection the server ends (a forced drop, a shutdown) fails its statement; it must not end the process.
  const pool = lenientPool(url, 1);
  try {
    await migratePg(drizzlePg(pool), { migrationsFolder: folder });
  } finally {
    await pool.end();
  }
}
