import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from './platform/config.ts';
import { fromPostgresUrl, openEmbeddedPostgres, type Database } from './platform/db/client.ts';
import { EmbeddedPostgresError } from './platform/db/embedded-postgres.ts';
import { SERVER_ROOT } from './platform/paths.ts';
import { DataDirLockedError, lockDataDir } from './platform/db/data-dir-lock.ts';
import { embeddedJwtSecret } from './platform/secret.ts';

// The rest of the server (the API, its modules and their packages: about a second of loading on two
// cores) loads while PostgreSQL is created and started, which are processes of their own: the first
// start and every restart (after a crash, too) get to the queue that much sooner.
const serving = import('./serve.ts');
// Awaited once the database is open; a start that fails before that says why itself.
serving.catch(() => {});

/** A data directory of the earlier embedded database, not yet copied into the PostgreSQL server. */
const holdsPgliteData = (dataDir: string) =>
  fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION')) &&
  !fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'));

const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

async function main() {
  const config = (() => {
    try {
      return loadConfig();
    } catch (err) {
      return fail(err instanceof ConfigError ? err.message : String(err));
    }
  })();
  config.webDist ??= path.resolve(SERVER_ROOT, '../web/dist');

  let database: Database;
  let jwtSecret: string;
  if (config.databaseUrl) {
    database = fromPostgresUrl(config.databaseUrl);
    jwtSecret = config.jwtSecret!;
  } else {
    try {
      lockDataDir(config.dataDir);
    } catch (err) {
      return fail(err instanceof DataDirLockedError ? err.message : String(err));
    }
    if (holdsPgliteData(config.dataDir)) {
      return fail(
        `В каталоге данных ${config.dataDir} база прежнего формата (PGlite). Сервер теперь работает на встроенном ` +
          'PostgreSQL: перенесите в него данные командой «npm run import-pglite» (с тем же DATA_DIR), затем снова «npm start».',
      );
    }
    database = await openEmbeddedPostgres(config.dataDir, (line) => console.log(line)).catch((err) =>
      fail(err instanceof EmbeddedPostgresError ? err.message : String(err)),
    );
    jwtSecret = config.jwtSecret ?? embeddedJwtSecret(config.dataDir);
  }

  const { serve } = await serving;
  await serve(config, database, jwtSecret);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
