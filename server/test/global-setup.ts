import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PGLITE_EXTENSIONS, fromPglite, fromPostgresUrl } from '../src/platform/db/client.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { ensureReferenceData } from '../src/platform/db/reference-data.ts';
import { SNAPSHOT, TEMPLATE_DB, withDatabase } from './test-db.ts';

/** Migrates once per run; every test file then copies the result instead of migrating again. */
export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    const database = fromPostgresUrl(withDatabase(url, TEMPLATE_DB), 2);
    await migrate(database);
    await ensureReferenceData(database.db);
    await database.close();
    await admin.end();
    return;
  }
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const database = fromPglite(client);
  await migrate(database);
  await ensureReferenceData(database.db);
  const dump = await client.dumpDataDir('gzip');
  fs.mkdirSync(path.dirname(SNAPSHOT), { recursive: true });
  fs.writeFileSync(SNAPSHOT, Buffer.from(await dump.arrayBuffer()));
  await client.close();
}
