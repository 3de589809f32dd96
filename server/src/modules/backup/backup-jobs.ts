import fs from 'node:fs';
import path from 'node:path';
import type { BackupJob } from '@tamaq/contract/admin';
import type pg from 'pg';
import { verifyBackupFile } from './backup-files.ts';
import { holdFolder } from './backup-lock.ts';
import { makeBackup, pacesBeside } from './make-backup.ts';
import { restoreInPlace } from './restore-in-place.ts';

/** Why a job was not started: another runs. */
export class BackupBusyError extends Error {}

/**
 * The backup the super admin starts from the screen (docs/rules.md "Backups"), made or verified on
 * this server, one at a time: it runs on after the answer, and the list shows how far it has come.
 * The last one's outcome stays until the next begins.
 */
export function createBackupJobs(opts: {
  pool: pg.Pool;
  dir: string;
  now: () => Date;
  /** The live database's address: a restore replaces its data. */
  liveUrl: string | null;
  /** Told when a made backup is written and verified (the schedule's retention and records). */
  onMade?: (made: { file: string; bytes: number; rows: number }) => Promise<void>;
  /** Told when a restore has replaced the live data: what was kept of it in memory is stale. */
  onRestored?: () => void;
  /** True while the server's requests are at the database: a backup or a check waits for them. */
  busy?: () => boolean;
}) {
  const paces = pacesBeside(opts.busy);
  let job: BackupJob | null = null;
  let running: Promise<void> | null = null;
  let release: (() => void) | null = null;

  function begin(kind: BackupJob['kind'], name: string | null, total: number): BackupJob {
    // One at a time in the folder: a job of this screen, or the nightly backup.
    const hold = holdFolder(opts.dir);
    if (!hold) throw new BackupBusyError();
    release = hold;
    job = {
      kind,
      status: 'running',
      name,
      done: 0,
      total,
      rows: 0,
      started_at: opts.now().toISOString(),
      finished_at: null,
      error: null,
    };
    return job;
  }

  function end(current: BackupJob, error: string | null) {
    current.status = error ? 'failed' : 'done';
    current.error = error;
    current.finished_at = opts.now().toISOString();
    release?.();
  }

  /** Reads a file through; `onRead` is told the bytes read. */
  async function verify(current: BackupJob, file: string, onRead: (bytes: number) => void) {
    const check = await verifyBackupFile(file, opts.now, onRead, paces.read);
    if (!check.ok) throw new Error(check.error ?? 'verification failed');
    current.rows = check.rows ?? current.rows;
  }

  return {
    current: (): BackupJob | null => (job ? { ...job } : null),
    /** Starts a backup now; answers at once. */
    create(): BackupJob {
      // In hundredths: writing the tables is the first 90, reading the file back from the disk the rest.
      const current = begin('create', null, 100);
      running = (async () => {
        try {
          const made = await makeBackup(
            opts.pool,
            opts.dir,
            opts.now,
            (p) => {
              current.done = p.total ? (90 * p.tables) / p.total : 0;
              current.rows = p.rows;
            },
            paces.write,
          );
          current.name = path.basename(made.file);
          await verify(current, made.file, (bytes) => {
            current.done = 90 + (10 * bytes) / Math.max(made.bytes, 1);
          });
          current.done = 100;
          await opts.onMade?.({ file: made.file, bytes: made.bytes, rows: made.rows });
          end(current, null);
        } catch (err) {
          end(current, (err as Error).message);
        }
      })();
      return { ...current };
    },
    /** Starts reading a file of the folder through; answers at once. */
    verify(name: string): BackupJob {
      const file = path.join(opts.dir, name);
      const bytes = fs.statSync(file).size;
      const current = begin('verify', name, bytes);
      running = (async () => {
        try {
          await verify(current, file, (bytes) => {
            current.done = bytes;
          });
          current.done = bytes;
          end(current, null);
        } catch (err) {
          end(current, (err as Error).message);
        }
      })();
      return { ...current };
    },
    /**
     * Starts replacing the live data with a file of the folder (`restoreInPlace`); answers at once.
     * In hundredths: the file into a database of its own to 50, the restore point to 60, the swap the rest.
     */
    restore(name: string): BackupJob {
      if (!opts.liveUrl) throw new Error('no database address to restore into');
      const liveUrl = opts.liveUrl;
      const current = begin('restore', name, 100);
      running = (async () => {
        try {
          const done = await restoreInPlace({
            file: path.join(opts.dir, name),
            url: liveUrl,
            backupDir: opts.dir,
            now: opts.now,
            onStep: (step, p) => {
              if (step === 'restoring') current.done = 5;
              if (step === 'saving') current.done = 50;
              if (step === 'replacing') current.done = 60 + (p && p.total ? (39 * p.tables) / p.total : 0);
            },
          });
          opts.onRestored?.();
          current.rows = done.summary.rows;
          current.done = 100;
          end(current, null);
        } catch (err) {
          end(current, (err as Error).message);
        }
      })();
      return { ...current };
    },
    /** Waits for the job under way (a stop, a test). */
    settled: async () => {
      await running;
    },
  };
}
