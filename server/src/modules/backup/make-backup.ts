import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { APP_VERSION } from '@tamaq/contract/constants';
import type pg from 'pg';
import { MIGRATIONS_DIR } from '../../platform/db/migrate.ts';
import { pacer, writeBackup, type BackupProgress, type BackupSummary, type Pace } from './backup-file.ts';

/** A backup beside a running server reads at most this much table text a second. */
export const BACKUP_RATE = 16 * 1024 * 1024;

/**
 * The paces of a backup beside a running server: its tables' text written at BACKUP_RATE, its file
 * read back at twice that, each waiting while `busy` (the server's requests at the database).
 */
export const pacesBeside = (busy?: () => boolean) => ({
  write: { rate: BACKUP_RATE, busy },
  read: { rate: 2 * BACKUP_RATE, busy },
});

/** How much is written between two flushes to the disk. */
const FLUSH_EVERY = 4 * 1024 * 1024;

/**
 * A new file (`wx`) written through a stream that flushes it to the disk every FLUSH_EVERY bytes and
 * at its end, each flush off the main thread: a backup's file never piles up in the page cache to be
 * written at once, which held the scans' commits (their log's flush) for hundreds of milliseconds.
 */
export async function flushingFile(file: string): Promise<Writable> {
  const handle = await fs.promises.open(file, 'wx');
  let unflushed = 0;
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      void (async () => {
        await handle.write(chunk);
        unflushed += chunk.length;
        if (unflushed >= FLUSH_EVERY) {
          unflushed = 0;
          await handle.datasync();
        }
      })().then(() => done(), done);
    },
    final(done) {
      void handle
        .sync()
        .then(() => handle.close())
        .then(() => done(), done);
    },
    destroy(err, done) {
      void handle.close().then(
        () => done(err),
        () => done(err),
      );
    },
  });
}

/** A temporary backup file untouched this long belongs to no backup running now. */
const STALE_PARTIAL_MS = 60 * 60_000;

/** The migrations' names by their timestamps, from the committed journal. */
export function migrationTags(): (when: number) => string {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  const byWhen = new Map(journal.entries.map((e) => [e.when, e.tag]));
  return (when) => byWhen.get(when) ?? `unknown-${when}`;
}

/** A backup's file name: when it was taken, in UTC, sorting as the time does. */
export const backupName = (at: Date) =>
  `tamaq-${at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '')}.backup`;

/**
 * Takes a backup into `dir`: written under a temporary name, flushed to the disk, then renamed, so a
 * backup cut off midway (a kill, a full disk) never leaves a file that looks whole. Answers the file
 * and what it holds.
 */
export async function makeBackup(
  pool: pg.Pool,
  dir: string,
  now: () => Date = () => new Date(),
  onProgress?: (progress: BackupProgress) => void,
  /** Beside a running server, its pace (none: as fast as it goes, the server stopped). */
  pace?: Pace,
): Promise<BackupSummary & { file: string; bytes: number }> {
  fs.mkdirSync(dir, { recursive: true });
  const at = now();
  // What a backup killed midway left (a process killed cannot remove it): gone once surely stale.
  for (const f of fs.readdirSync(dir)) {
    if (!/^\.tamaq-.*\.partial$/.test(f)) continue;
    const stale = path.join(dir, f);
    if (Date.now() - fs.statSync(stale).mtimeMs > STALE_PARTIAL_MS) fs.rmSync(stale, { force: true });
  }
  // Never over another backup: one taken the same second (a restore point right after) takes the next second's name.
  let file = path.join(dir, backupName(at));
  for (let s = 1; fs.existsSync(file); s++) file = path.join(dir, backupName(new Date(at.getTime() + s * 1000)));
  const partial = path.join(dir, `.${path.basename(file)}.${randomBytes(4).toString('hex')}.partial`);
  const sink = await flushingFile(partial);
  try {
    const summary = await writeBackup(pool, sink, {
      appVersion: APP_VERSION,
      tagOf: migrationTags(),
      now: () => at,
      onProgress,
      ...(pace ? { pace: pacer(pace) } : {}),
    });
    fs.renameSync(partial, file);
    // The rename itself reaches the disk with the directory's entry.
    try {
      const dirHandle = await fs.promises.open(dir, 'r');
      await dirHandle.sync().finally(() => dirHandle.close());
    } catch {
      /* a directory cannot be opened for fsync on Windows: the rename stands */
    }
    return { ...summary, file, bytes: fs.statSync(file).size };
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
}
