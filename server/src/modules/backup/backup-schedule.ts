import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_TIME_ZONE } from '@tamaq/contract/constants';
import type pg from 'pg';
import type { Db } from '../../platform/db/client.ts';
import { localDate, localTime } from '../../platform/time.ts';
import { createBackupRepository } from './backup.repository.ts';
import { makeBackup, pacesBeside } from './make-backup.ts';
import { removeBackup, verifyBackupFile } from './backup-files.ts';
import { BACKUP_NAME } from '@tamaq/contract/admin';
import { CHECK_STOPPED, checkRestores } from './restore-check.ts';
import { lookPeriodically } from '../../platform/periodic.ts';
import { holdFolder, type HoldFolder } from './backup-lock.ts';

/** How often an instance looks whether the day's backup is due; the first look soon after start. */
export const BACKUP_LOOK_EVERY_MS = 5 * 60_000;
const FIRST_LOOK_MS = 60_000;
/** How often the newest backup is restored into a throw-away database to prove it restores. */
export const CHECK_EVERY_MS = 7 * 86_400_000;

/**
 * The nightly backup (docs/rules.md "Backups"): once a day, from `time` in the first organization's
 * time zone (a PC off at that hour backs up when it next runs that day), one instance claims the day
 * and writes a backup through `pool` (the heavy one: low priority beside the queue) into `dir`, then
 * keeps the newest `keep` backup files there.
 */
export function createBackupSchedule(opts: {
  db: Db;
  pool: pg.Pool;
  dir: string;
  /** The configuration's time (null: off) and count, unless the screen set others. */
  time: string | null;
  keep: number;
  now: () => Date;
  /** The live database's address: the weekly check restores beside it (none: no check). */
  checkUrl?: string | null;
  /** Where the folder is taken (this process's by default; a test's second instance has its own). */
  hold?: HoldFolder;
  /** True while the server's requests are at the database: the backup waits for them. */
  busy?: () => boolean;
}) {
  const paces = pacesBeside(opts.busy);
  const repo = createBackupRepository(opts.db);
  // The server stopping ends a restore check under way: its throw-away database must not stay behind.
  const stopping = new AbortController();
  let checking: Promise<unknown> = Promise.resolve();

  /** The backup files of `dir`, newest first. */
  const files = () =>
    fs.existsSync(opts.dir)
      ? fs
          .readdirSync(opts.dir)
          .filter((f) => BACKUP_NAME.test(f))
          .sort()
          .reverse()
      : [];

  /** One look: answers what it did ('not_yet', 'taken' when today's is done or elsewhere, or the run). */
  async function runOnce(): Promise<'not_yet' | 'taken' | 'done' | 'failed'> {
    const at = opts.now();
    // As the super admin set it on the screen, else as configured; off: nothing to do.
    const { time, keep } = (await repo.settings()) ?? { time: opts.time, keep: opts.keep };
    if (time === null) return 'not_yet';
    const zone = (await repo.timeZone()) ?? DEFAULT_TIME_ZONE;
    if (localTime(at, zone) < time) return 'not_yet';
    // A backup, a check or a restore from the screen works in the folder now: the next look.
    const release = (opts.hold ?? holdFolder)(opts.dir);
    if (!release) return 'not_yet';
    try {
      return await claimed(at, zone, keep);
    } finally {
      release();
    }
  }

  async function claimed(at: Date, zone: string, keep: number): Promise<'taken' | 'done' | 'failed'> {
    const id = await repo.claim(localDate(at, zone), at);
    if (id === null) return 'taken';
    try {
      const made = await makeBackup(opts.pool, opts.dir, opts.now, undefined, paces.write);
      // Read back from the disk: a backup is good once its checksums verify from there.
      const check = await verifyBackupFile(made.file, opts.now, undefined, paces.read);
      if (!check.ok) throw new Error(check.error ?? 'verification failed');
      await repo.finish(id, { status: 'done', at: opts.now(), file: made.file, bytes: made.bytes, rows: made.rows });
      for (const old of files().slice(keep)) removeBackup(path.join(opts.dir, old));
      const last = await repo.lastCheck();
      if (opts.checkUrl && (!last || opts.now().getTime() - last.checkedAt.getTime() >= CHECK_EVERY_MS)) {
        const check = checkRestores(made.file, opts.checkUrl, stopping.signal);
        checking = check;
        const outcome = await check;
        // A check the stop ended proved nothing either way: the next backup checks again.
        if (outcome.error !== CHECK_STOPPED)
          await repo.recordCheck({ file: made.file, checkedAt: opts.now(), ...outcome });
      }
      return 'done';
    } catch (err) {
      await repo.finish(id, { status: 'failed', at: opts.now(), error: (err as Error).message });
      return 'failed';
    }
  }

  /** Ends a restore check under way; resolves once its throw-away database is dropped. */
  async function stop(): Promise<void> {
    stopping.abort();
    await checking;
  }

  return {
    runOnce,
    files,
    stop,
    /** Looks soon and then every `BACKUP_LOOK_EVERY_MS`; answers the stop (see `stop`). */
    start(log: { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void }) {
      const stopLooking = lookPeriodically(
        async () => {
          const r = await runOnce();
          if (r === 'done') log.info({ dir: opts.dir }, 'nightly backup written');
          if (r === 'failed') log.error({ dir: opts.dir }, 'nightly backup failed');
        },
        { firstMs: FIRST_LOOK_MS, everyMs: BACKUP_LOOK_EVERY_MS, failed: 'nightly backup failed' },
        log,
      );
      return async () => {
        stopLooking();
        await stop();
      };
    },
  };
}
