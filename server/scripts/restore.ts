/**
 * Replaces the database with a backup file (docs/rules.md "Backups"), the server stopped:
 * `npm run restore -- <file>`. It says what will be replaced and asks to type the organization's
 * name (or takes it from `--confirm "<name>"`), restores the file into a new database and checks it,
 * takes a restore point into BACKUP_DIR, and only then puts the restored database in place.
 */
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { loadConfig } from '../src/platform/config.ts';
import { DataDirLockedError, lockDataDir } from '../src/platform/db/data-dir-lock.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/platform/db/embedded-postgres.ts';
import { readBackup } from '../src/modules/backup/backup-file.ts';
import { liveState, restoreLive } from '../src/modules/backup/restore-live.ts';
import { countsOf } from '../src/modules/backup/backup-files.ts';
import { migrateUrl } from '../src/platform/db/migrate.ts';

const die = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const args = process.argv.slice(2);
const confirmAt = args.indexOf('--confirm');
const given = confirmAt >= 0 ? args[confirmAt + 1] : undefined;
const fileArg = args.find((a, i) => !a.startsWith('--') && (confirmAt < 0 || i !== confirmAt + 1));
if (!fileArg) die('Использование: npm run restore -- <файл резервной копии> [--confirm "<название организации>"]');
const cwd = process.env.INIT_CWD ?? process.cwd();
const file = path.resolve(cwd, fileArg!);

const config = (() => {
  try {
    return loadConfig(process.env, cwd);
  } catch (err) {
    return die((err as Error).message);
  }
})();

let embedded: EmbeddedPostgres | null = null;
let url = config.databaseUrl;
if (!url) {
  try {
    lockDataDir(config.dataDir);
  } catch (err) {
    die(
      err instanceof DataDirLockedError
        ? `${err.message} Восстановление делается при остановленном сервере.`
        : String(err),
    );
  }
  embedded = await startEmbeddedPostgres(config.dataDir);
  url = embedded.url;
}

const count = (c: { organizations: number; schools: number; users: number; visits: number }) =>
  `организаций ${c.organizations}, школ ${c.schools}, людей ${c.users}, посещений ${c.visits}`;
try {
  console.log(`Проверяю файл ${file}…`);
  const summary = await readBackup(file);
  // As `npm start` opens it: a new installation (another computer, an empty DATA_DIR) gets its tables
  // first, so there is something to compare and to replace.
  await migrateUrl(url);
  const state = await liveState(url);
  console.log(
    `Файл: ${summary.header.created_at}, Tamaq ${summary.header.app_version}, миграция ${summary.header.migration.tag}, ` +
      `PostgreSQL ${summary.header.postgres}; ${count(countsOf(summary))}.\n` +
      `Будет заменена база «${state.database}»: ${count(state.counts)}.\n` +
      `Перед заменой её копия будет сохранена в ${config.backupDir}, а сама база — под другим именем.`,
  );
  let confirm = given;
  if (confirm === undefined) {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    // No one to answer (the input closed, a script without --confirm): no answer, refused below.
    confirm = await new Promise<string>((resolve) => {
      rl.once('close', () => resolve(''));
      void rl.question(`Для подтверждения введите «${state.confirmName}»: `).then(resolve, () => resolve(''));
    });
    rl.close();
  }
  const started = Date.now();
  const done = await restoreLive({ file, url, backupDir: config.backupDir, confirm });
  console.log(
    `Восстановлено за ${((Date.now() - started) / 1000).toFixed(1)} с: ${summary.tables.length} таблиц, ` +
      `${summary.rows.toLocaleString('ru-RU')} строк.\n` +
      `Точка восстановления: ${done.restorePoint}\nПрежняя база сохранена как «${done.kept}».\nЗапустите сервер: npm start`,
  );
} catch (err) {
  console.error(`Не восстановлено, данные не изменены: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await embedded?.stop();
}
