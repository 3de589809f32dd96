import { createHash } from 'node:crypto';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { lenientPool } from '../../platform/db/client.ts';
import { withKazakh } from '@tamaq/contract/languages';
import { from as copyFrom } from 'pg-copy-streams';
import {
  BackupFileError,
  copyOut,
  COPY_SETTINGS,
  countLines,
  quote,
  tablesOf,
  type BackupSummary,
} from './backup-file.ts';
import { makeBackup } from './make-backup.ts';
import { verifyBackupFile } from './backup-files.ts';
import { dropPlainIndexes, RESTORE_MESSAGES, restoreIntoNewDatabase, setSequences } from './restore-file.ts';

export const RESTORE_IN_PLACE_MESSAGES = withKazakh(
  { locked: 'База занята долгим запросом: данные не заменены, повторите через минуту' } as const,
  { locked: 'Дерекқор ұзақ сұраныспен бос емес: деректер ауыстырылмады, бір минуттан кейін қайталаңыз' },
);

/** How long the replacement waits for the tables' locks before it gives up, the data untouched. */
const LOCK_WAIT = '15s';

/**
 * Who is signed in now is not the school's data: the live sessions stay through a restore (of the
 * users the restored data has), so the super admin who restores and everyone at work stay signed in,
 * and a session signed out after the backup is not brought back.
 */
const KEPT_LIVE = 'sessions';

/** A restore's steps, for its progress: the file into a database of its own, the restore point, the swap. */
export type RestoreStep = 'restoring' | 'saving' | 'replacing';

async function digest(client: pg.Client, table: { name: string; columns: string[] }) {
  const hash = createHash('sha256');
  let rows = 0;
  for await (const chunk of client.query(copyOut(table)) as Readable) {
    const bytes = chunk as Buffer;
    hash.update(bytes);
    rows += countLines(bytes);
  }
  return `${rows}:${hash.digest('hex')}`;
}

/**
 * Replaces the live data at `url` with a backup file while the server runs (docs/rules.md "Backups",
 * the screen's restore): the file is restored into a database of its own and checked there first
 * (`restoreIntoNewDatabase`: a file refused changes nothing); a restore point is written (a backup
 * of the live data into `backupDir`); then, in one transaction on the live database, every table is
 * emptied and given the restored rows, the sequences set, and every table compared with the restored
 * one. Requests meanwhile wait for that transaction and then see the restored data; any failure rolls
 * it back and the live data stays as it was. The database of its own is dropped either way.
 */
export async function restoreInPlace(opts: {
  file: string;
  url: string;
  backupDir: string;
  now: () => Date;
  onStep?: (step: RestoreStep, progress?: { tables: number; total: number }) => void;
  /** The database of its own (a random name by default). */
  scratch?: string;
}): Promise<{ restorePoint: string; summary: BackupSummary }> {
  opts.onStep?.('restoring');
  const restored = await restoreIntoNewDatabase(opts.file, opts.url, opts.scratch);
  const admin = new pg.Client({ connectionString: opts.url });
  admin.on('error', () => {});
  try {
    opts.onStep?.('saving');
    const pool = lenientPool(opts.url, 1);
    let restorePoint: string;
    try {
      restorePoint = (await makeBackup(pool, opts.backupDir, opts.now)).file;
      // The way back must read back whole before anything is replaced.
      const check = await verifyBackupFile(restorePoint, opts.now);
      if (!check.ok) throw new Error(check.error ?? 'verification failed');
    } finally {
      await pool.end();
    }

    const source = new pg.Client({ connectionString: restored.url });
    source.on('error', () => {});
    const live = new pg.Client({ connectionString: opts.url });
    live.on('error', () => {});
    await source.connect();
    await live.connect();
    try {
      await source.query('begin isolation level repeatable read read only');
      await source.query(COPY_SETTINGS);
      await live.query('begin');
      await live.query(COPY_SETTINGS);
      await live.query(`set local lock_timeout = '${LOCK_WAIT}'; set local statement_timeout = 0`);
      // The rows come in whatever order the tables sort: they held together in the restored database.
      await live.query('set local session_replication_role = replica');
      const tables = await tablesOf(live);
      const theirs = await tablesOf(source);
      // Both are at this version's level; a difference would be a table written wrongly.
      for (const t of tables) {
        const other = theirs.find((x) => x.name === t.name);
        if (!other || other.columns.join() !== t.columns.join())
          throw new BackupFileError('altered', RESTORE_MESSAGES.mismatch(t.name));
      }
      opts.onStep?.('replacing', { tables: 0, total: tables.length });
      await live.query(`create temp table kept_live on commit drop as select * from ${quote(KEPT_LIVE)}`);
      try {
        await live.query(`truncate ${tables.map((t) => quote(t.name)).join(', ')} restart identity`);
      } catch (err) {
        if ((err as { code?: string }).code === '55P03') throw new Error(RESTORE_IN_PLACE_MESSAGES.locked);
        throw err;
      }
      // As a restore into a new database loads: the plain indexes built again once the rows are in.
      const indexes = await dropPlainIndexes(live);
      let done = 0;
      for (const t of tables) {
        const into = live.query(
          copyFrom(`copy ${quote(t.name)} (${t.columns.map(quote).join(', ')}) from stdin`),
        ) as Writable;
        await pipeline(source.query(copyOut(t)) as Readable, into);
        opts.onStep?.('replacing', { tables: ++done, total: tables.length });
      }
      for (const index of indexes) await live.query(index);
      await live.query('set local session_replication_role = origin');
      await setSequences(live);
      for (const t of tables) {
        if (t.name === KEPT_LIVE) continue;
        if ((await digest(live, t)) !== (await digest(source, t)))
          throw new BackupFileError('altered', RESTORE_MESSAGES.mismatch(t.name));
      }
      await live.query(
        `delete from ${quote(KEPT_LIVE)}; insert into ${quote(KEPT_LIVE)} select k.* from kept_live k where exists (select 1 from users u where u.id = k.user_id)`,
      );
      await live.query('commit');
      await source.query('commit');
    } catch (err) {
      await live.query('rollback').catch(() => {});
      throw err;
    } finally {
      await source.end().catch(() => {});
      await live.end().catch(() => {});
    }
    return { restorePoint, summary: restored.summary };
  } finally {
    try {
      await admin.connect();
      await admin.query(`drop database if exists ${quote(restored.name)} with (force)`);
    } catch {
      /* the server is gone: the next restore's name differs */
    } finally {
      await admin.end().catch(() => {});
    }
  }
}
