import pg from 'pg';
import { lenientPool } from '../../platform/db/client.ts';
import { quote, type BackupSummary } from './backup-file.ts';
import { makeBackup } from './make-backup.ts';
import { verifyBackupFile } from './backup-files.ts';
import { restoreIntoNewDatabase } from './restore-file.ts';

export const RESTORE_LIVE_MESSAGES = {
  busy: (n: number) =>
    `К базе подключено ещё ${n} соединений: остановите сервер (и другие экземпляры), затем восстановите`,
  confirm: (name: string) => `Подтверждение не совпало: введите «${name}» точно, как написано`,
} as const;

/** How long connections that are closing get to go before the live database counts as in use. */
const CLOSING_MS = 3000;

export interface LiveState {
  /** The database that will be replaced (its name on the server). */
  database: string;
  /** What the organization that holds most people is called: the name to type to confirm. */
  confirmName: string;
  counts: { organizations: number; schools: number; users: number; visits: number };
}

const nameOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));
const maintenanceUrl = (url: string) => {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
};

/** What a restore would replace: the database's name, its main counts, and the name to type. */
export async function liveState(url: string): Promise<LiveState> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    const { rows } = await client.query<{ organizations: string; schools: string; users: string; visits: string }>(`
      select (select count(*) from organizations) as organizations, (select count(*) from schools) as schools,
             (select count(*) from users) as users, (select count(*) from visits) as visits`);
    const { rows: biggest } = await client.query<{ name: string }>(`
      select o.name from organizations o left join users u on u.organization_id = o.id
      group by o.id order by count(u.id) desc, o.id limit 1`);
    const c = rows[0]!;
    return {
      database: nameOf(url),
      confirmName: biggest[0]?.name ?? 'восстановить',
      counts: {
        organizations: Number(c.organizations),
        schools: Number(c.schools),
        users: Number(c.users),
        visits: Number(c.visits),
      },
    };
  } finally {
    await client.end();
  }
}

/**
 * Replaces the live database at `url` with a backup file (docs/rules.md "Backups"), the server
 * stopped: refuses unless `confirm` is the live state's name to type and nothing else is connected;
 * restores the file into a new database and checks it; takes a restore point (a backup of the live
 * data into `backupDir`); only then renames the live database aside (kept, `<name>_before_restore_…`)
 * and the new one into its place. On any failure before that last step the live data is as it was.
 */
export async function restoreLive(opts: {
  file: string;
  url: string;
  backupDir: string;
  confirm: string;
  now?: () => Date;
}): Promise<{ restorePoint: string; kept: string; summary: BackupSummary }> {
  const now = opts.now ?? (() => new Date());
  const state = await liveState(opts.url);
  if (opts.confirm.trim() !== state.confirmName) throw new Error(RESTORE_LIVE_MESSAGES.confirm(state.confirmName));
  const admin = new pg.Client({ connectionString: maintenanceUrl(opts.url) });
  admin.on('error', () => {});
  await admin.connect();
  try {
    const others = async () =>
      Number(
        (
          await admin.query<{ n: string }>(
            'select count(*) as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
            [state.database],
          )
        ).rows[0]!.n,
      );
    // A connection just closed (the server stopped a moment ago) leaves its server process for a
    // moment after: it is given up to CLOSING_MS to go before the database counts as in use.
    const settledOthers = async () => {
      const until = Date.now() + CLOSING_MS;
      for (;;) {
        const n = await others();
        if (n === 0 || Date.now() >= until) return n;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const busy = await settledOthers();
    if (busy) throw new Error(RESTORE_LIVE_MESSAGES.busy(busy));

    // The file in and checked in a database of its own first: a file refused changes nothing.
    const restored = await restoreIntoNewDatabase(opts.file, opts.url);
    let restorePoint: string;
    const pool = lenientPool(opts.url, 1);
    try {
      restorePoint = (await makeBackup(pool, opts.backupDir, now)).file;
      // The way back must read back whole before anything is replaced.
      const check = await verifyBackupFile(restorePoint, now);
      if (!check.ok) throw new Error(check.error ?? 'verification failed');
    } catch (err) {
      await admin.query(`drop database if exists ${quote(restored.name)} with (force)`).catch(() => {});
      throw err;
    } finally {
      await pool.end();
    }
    const stamp = now()
      .toISOString()
      .replace(/\.\d{3}Z$/, '')
      .replace(/[-:T]/g, '');
    const kept = `${state.database}_before_restore_${stamp}`.slice(0, 63);
    try {
      const late = await settledOthers();
      if (late) throw new Error(RESTORE_LIVE_MESSAGES.busy(late));
      await admin.query(`alter database ${quote(state.database)} rename to ${quote(kept)}`);
    } catch (err) {
      await admin.query(`drop database if exists ${quote(restored.name)} with (force)`).catch(() => {});
      throw err;
    }
    try {
      await admin.query(`alter database ${quote(restored.name)} rename to ${quote(state.database)}`);
    } catch (err) {
      // Put the live data back where it was: nothing is lost.
      await admin.query(`alter database ${quote(kept)} rename to ${quote(state.database)}`);
      await admin.query(`drop database if exists ${quote(restored.name)} with (force)`).catch(() => {});
      throw err;
    }
    return { restorePoint, kept, summary: restored.summary };
  } finally {
    await admin.end();
  }
}
