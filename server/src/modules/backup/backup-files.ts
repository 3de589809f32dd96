import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { BACKUP_FIELD, BACKUP_NAME, type BackupCounts, type BackupFile } from '@tamaq/contract/admin';
import { ValidationError } from '../../platform/http/errors.ts';
import { backupName } from './make-backup.ts';
import { BACKUP_MAGIC, pacer, readBackup, type BackupHeader, type BackupSummary, type Pace } from './backup-file.ts';

/**
 * What reading a backup file through found, kept beside it (`.<name>.check.json`, hidden) for the
 * file of that size and time: a list of the folder reads headers, not whole files.
 */
interface Check {
  bytes: number;
  mtimeMs: number;
  ok: boolean;
  checked_at: string;
  error: string | null;
  rows: number | null;
  counts: BackupCounts | null;
}

const checkPath = (file: string) => path.join(path.dirname(file), `.${path.basename(file)}.check.json`);

/** The main tables' counts of a file read through. */
export function countsOf(summary: BackupSummary): BackupCounts {
  const rows = (name: string) => summary.tables.find((t) => t.name === name)?.rows ?? 0;
  return {
    organizations: rows('organizations'),
    schools: rows('schools'),
    users: rows('users'),
    cards: rows('cards'),
    visits: rows('visits'),
    orders: rows('orders'),
    book_loans: rows('book_loans'),
  };
}

/** The header of a backup file (its first two lines), or null when it is not one or cannot be read. */
export async function readHeader(file: string): Promise<BackupHeader | null> {
  const source = fs.createReadStream(file);
  const gunzip = createGunzip();
  gunzip.on('error', () => {});
  source.on('error', () => {});
  const lines = createInterface({ input: source.pipe(gunzip), crlfDelay: Number.POSITIVE_INFINITY });
  try {
    let n = 0;
    for await (const line of lines) {
      if (n++ === 0) {
        if (!line.startsWith(`${BACKUP_MAGIC} `)) return null;
        continue;
      }
      const header = JSON.parse(line) as BackupHeader;
      return header.product === 'tamaq' ? header : null;
    }
    return null;
  } catch {
    return null;
  } finally {
    lines.close();
    source.destroy();
  }
}

/**
 * Keeps beside `file` what reading it through found (the summary, or the reason it was refused), for
 * the file as it is now (its size and time): the list shows it verified, or why not.
 */
export function keepCheck(file: string, outcome: BackupSummary | Error, now: () => Date): Check {
  const stat = fs.statSync(file);
  const ok = !(outcome instanceof Error);
  const check: Check = {
    bytes: stat.size,
    mtimeMs: stat.mtimeMs,
    ok,
    checked_at: now().toISOString(),
    error: ok ? null : outcome.message,
    rows: ok ? outcome.rows : null,
    counts: ok ? countsOf(outcome) : null,
  };
  // A folder that cannot be written (a read-only share) still shows the outcome this once.
  try {
    fs.writeFileSync(checkPath(file), JSON.stringify(check));
  } catch {
    /* kept nowhere: the next list shows the file as not verified */
  }
  return check;
}

/**
 * Reads a backup file through, checking every table's row count and checksum (`readBackup`), and
 * keeps what it found beside the file. `onRead` is told the bytes read so far.
 */
export async function verifyBackupFile(
  file: string,
  now: () => Date,
  onRead?: (bytes: number) => void,
  /** Beside a running server, its pace. */
  pace?: Pace,
): Promise<Check> {
  let outcome: BackupSummary | Error;
  try {
    outcome = await readBackup(file, undefined, onRead, pace ? pacer(pace) : undefined);
  } catch (err) {
    outcome = err as Error;
  }
  return keepCheck(file, outcome, now);
}

function checkOf(file: string, stat: fs.Stats): Check | null {
  try {
    const check = JSON.parse(fs.readFileSync(checkPath(file), 'utf8')) as Check;
    // A file changed since (copied over, cut short) is not the file that was verified.
    return check.bytes === stat.size && check.mtimeMs === stat.mtimeMs ? check : null;
  } catch {
    return null;
  }
}

/** When a file's name says it was taken: `tamaq-20261202T020000Z.backup`. */
const nameTime = (name: string) =>
  name.replace(/^tamaq-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.backup$/, '$1-$2-$3T$4:$5:$6.000Z');

/** The backup files of `dir`, newest first, each with its header and what its last reading found. */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  if (!fs.existsSync(dir)) return [];
  const names = fs
    .readdirSync(dir)
    .filter((f) => BACKUP_NAME.test(f))
    .sort()
    .reverse();
  const files: BackupFile[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      continue; // removed meanwhile (the schedule's retention)
    }
    const header = await readHeader(file);
    const check = checkOf(file, stat);
    files.push({
      name,
      bytes: stat.size,
      created_at: header?.created_at ?? nameTime(name),
      app_version: header?.app_version ?? null,
      migration: header?.migration.tag ?? null,
      postgres: header?.postgres ?? null,
      verified: check ? check.ok : null,
      verified_at: check?.checked_at ?? null,
      verify_error: check?.error ?? null,
      rows: check?.rows ?? null,
      counts: check?.counts ?? null,
    });
  }
  return files;
}

/** Removes a backup file with what was kept beside it. */
export function removeBackup(file: string): void {
  fs.rmSync(file, { force: true });
  fs.rmSync(checkPath(file), { force: true });
}

/**
 * Takes a backup file sent to the server (the screen's upload) into `dir`: written by `write` under a
 * hidden temporary name, read through and checked (a file refused is a 422 naming why, and nothing
 * is kept), then renamed to the time it was taken. The same file sent again (a retry after a lost
 * answer) is the one already there. Answers its entry of the list.
 */
export async function receiveBackup(
  dir: string,
  now: () => Date,
  write: (into: () => fs.WriteStream) => Promise<void>,
): Promise<BackupFile> {
  fs.mkdirSync(dir, { recursive: true });
  const partial = path.join(dir, `.tamaq-upload-${randomBytes(4).toString('hex')}.partial`);
  try {
    await write(() => fs.createWriteStream(partial, { flags: 'wx' }));
    let summary: BackupSummary;
    try {
      summary = await readBackup(partial);
    } catch (err) {
      throw ValidationError.field(BACKUP_FIELD, (err as Error).message);
    }
    // Flushed off the main thread: a large file's flush would hold every request meanwhile.
    const handle = await fs.promises.open(partial, 'r');
    await handle.sync().finally(() => handle.close());
    const at = new Date(summary.header.created_at);
    const size = fs.statSync(partial).size;
    let name = backupName(at);
    for (let s = 1; fs.existsSync(path.join(dir, name)); s++) {
      if (fs.statSync(path.join(dir, name)).size === size && sameBytes(path.join(dir, name), partial)) break;
      name = backupName(new Date(at.getTime() + s * 1000));
    }
    const file = path.join(dir, name);
    if (!fs.existsSync(file)) fs.renameSync(partial, file);
    keepCheck(file, summary, now);
    return (await listBackups(dir)).find((f) => f.name === name)!;
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

/** Whether two files hold the same bytes (compared in chunks). */
function sameBytes(a: string, b: string): boolean {
  const fa = fs.openSync(a, 'r');
  const fb = fs.openSync(b, 'r');
  try {
    const ba = Buffer.alloc(1 << 20);
    const bb = Buffer.alloc(1 << 20);
    for (;;) {
      const na = fs.readSync(fa, ba, 0, ba.length, null);
      const nb = fs.readSync(fb, bb, 0, bb.length, null);
      if (na !== nb || !ba.subarray(0, na).equals(bb.subarray(0, nb))) return false;
      if (na === 0) return true;
    }
  } finally {
    fs.closeSync(fa);
    fs.closeSync(fb);
  }
}
