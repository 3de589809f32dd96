import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { SERVER_ROOT } from '../paths.ts';
import type { Database } from './client.ts';

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');

/** Applies the committed migrations. An advisory lock keeps two starting instances apart. */
export async function migrate(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  await database.exclusive(() => migratePg(database.db as unknown as NodePgDatabase, config));
}
