import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { BACKUP_NAME, type BackupCounts, type BackupFile } from '@tamaq/contract/admin';
import { BACKUP_MAGIC, readBackup, type BackupHeader, type BackupSummary } from './backup-file.ts';

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
 * Reads a backup file through, checking every table's row count and checksum (`readBackup`), and
 * keeps what it found beside the file. `onRead` is told the bytes read so far.
 */
export async function verifyBackupFile(
  file: string,
  now: () => Date,
  onRead?: (bytes: number) => void,
): Promise<Check> {
  const stat = fs.statSync(file);
  let check: Check;
  try {
    const summary = await readBackup(file, undefined, onRead);
    check = {
      bytes: stat.size,
      mtimeMs: stat.mtimeMs,
      ok: true,
      checked_at: now().toISOString(),
      error: null,
      rows: summary.rows,
      counts: countsOf(summary),
    };
  } catch (err) {
    check = {
      bytes: stat.size,
      mtimeMs: stat.mtimeMs,
      ok: false,
      checked_at: now().toISOString(),
      error: (err as Error).message,
      rows: null,
      counts: null,
    };
  }
  // A folder that cannot be written (a read-only share) still shows the outcome this once.
  try {
    fs.writeFileSync(checkPath(file), JSON.stringify(check));
  } catch {
    /* kept nowhere: the next list shows the file as not verified */
  }
  return check;
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
