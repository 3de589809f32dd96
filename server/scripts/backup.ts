/**
 * Takes a backup of the database now (docs/rules.md "Backups"): `npm run backup` with the server
 * stopped (the embedded database in DATA_DIR is opened by one process at a time), or beside a
 * running server with DATABASE_URL. The file goes to BACKUP_DIR (DATA_DIR/backups by default).
 */
import type pg from 'pg';
import { loadConfig } from '../src/platform/config.ts';
import { fromPostgresUrl, openEmbeddedPostgres, type Database } from '../src/platform/db/client.ts';
import { DataDirLockedError, lockDataDir } from '../src/platform/db/data-dir-lock.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { makeBackup } from '../src/modules/backup/make-backup.ts';

const die = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const config = (() => {
  try {
    // npm runs the script in server/; DATA_DIR and BACKUP_DIR are meant from where the command was typed.
    return loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  } catch (err) {
    return die((err as Error).message);
  }
})();

if (!config.databaseUrl) {
  try {
    lockDataDir(config.dataDir);
  } catch (err) {
    die(
      err instanceof DataDirLockedError
        ? `${err.message} Копия встроенной базы делается при остановленном сервере.`
        : String(err),
    );
  }
}
let database: Database;
try {
  database = config.databaseUrl ? fromPostgresUrl(config.databaseUrl, 2) : await openEmbeddedPostgres(config.dataDir);
} catch (err) {
  die(
    `Не удалось открыть базу${config.databaseUrl ? '' : ` в ${config.dataDir} (остановите сервер: встроенную базу открывает один процесс)`}: ${(err as Error).message}`,
  );
}
try {
  await migrate(database!);
  const pool = (database!.heavy as unknown as { $client: pg.Pool }).$client;
  const started = Date.now();
  const made = await makeBackup(pool, config.backupDir);
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `Резервная копия: ${made.file}\n` +
      `  ${made.tables.length} таблиц, ${made.rows.toLocaleString('ru-RU')} строк, ` +
      `${(made.bytes / 1e6).toFixed(1)} МБ за ${seconds.toFixed(1)} с; миграция ${made.header.migration.tag}, ` +
      `PostgreSQL ${made.header.postgres}`,
  );
} catch (err) {
  console.error(`Резервная копия не сделана: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database!.close();
}
