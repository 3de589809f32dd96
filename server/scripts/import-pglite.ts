/**
 * Copies the data of the earlier embedded database (PGlite, `<DATA_DIR>/pgdata`) into the embedded
 * PostgreSQL server of the same DATA_DIR. Usage, with the server stopped: npm run import-pglite
 */
import { loadConfig } from '../src/platform/config.ts';
import { DataDirLockedError, lockDataDir } from '../src/platform/db/data-dir-lock.ts';
import { EmbeddedPostgresError } from '../src/platform/db/embedded-postgres.ts';
import { ImportError, importPgliteData } from '../src/platform/db/import-pglite.ts';

const die = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const config = (() => {
  try {
    // npm runs the script in server/; DATA_DIR is meant from where the command was typed.
    return loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  } catch (err) {
    return die((err as Error).message);
  }
})();
if (config.databaseUrl)
  die('DATABASE_URL задан: перенос копирует данные только во встроенный PostgreSQL (без DATABASE_URL)');
try {
  lockDataDir(config.dataDir);
} catch (err) {
  die(err instanceof DataDirLockedError ? `${err.message} Перенос делается при остановленном сервере.` : String(err));
}
try {
  const started = Date.now();
  const result = await importPgliteData(config.dataDir, (line) => console.log(line));
  console.log(
    `Перенесено: ${result.rows} строк из ${result.tables} таблиц за ${((Date.now() - started) / 1000).toFixed(1)} с. ` +
      `Прежняя база сохранена в ${result.kept}: её можно удалить. Запустите сервер: npm start`,
  );
} catch (err) {
  die(err instanceof ImportError || err instanceof EmbeddedPostgresError ? err.message : String(err));
}
