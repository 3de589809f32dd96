import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { withKazakh } from '@tamaq/contract/languages';
import { to as copyTo } from 'pg-copy-streams';

/**
 * A backup file (docs/rules.md "Backups"): gzip of lines. The first names the format; the second is
 * the header (JSON); then each table of the database as of one moment: a line `T {name, columns}`,
 * its rows in PostgreSQL's COPY text format (one line a row: a newline inside a value is written
 * `\n`), a line `\.`, and a line `E {rows, sha256}` (the rows' exact bytes); last a line
 * `END {tables, rows}`. A file without that last line was cut short.
 */
export const BACKUP_MAGIC = 'TAMAQ-BACKUP';
export const BACKUP_FORMAT = 1;
const END_OF_ROWS = '\\.';

export interface BackupHeader {
  product: 'tamaq';
  format: number;
  /** The product's version that wrote it. */
  app_version: string;
  /** The last migration applied to the database it was taken from, and how many were. */
  migration: { tag: string; when: number; count: number };
  /** `server_version` of the PostgreSQL it was taken from. */
  postgres: string;
  created_at: string;
}

export interface BackupTable {
  name: string;
  columns: string[];
  rows: number;
  sha256: string;
}

/** How far a backup (or a reading of one) has come. */
export interface BackupProgress {
  tables: number;
  total: number;
  rows: number;
}

export interface BackupSummary {
  header: BackupHeader;
  tables: BackupTable[];
  rows: number;
}

/** Why a file is not a backup that can be restored; `reason` names which, for the message. */
export class BackupFileError extends Error {
  constructor(
    readonly reason: 'not_backup' | 'newer_format' | 'truncated' | 'altered',
    message: string,
  ) {
    super(message);
  }
}

/** Why a file is refused, in both languages: the screen's answers are translated by the reader's. */
export const BACKUP_MESSAGES = withKazakh(
  {
    notBackup: 'Это не файл резервной копии Tamaq',
    newerFormat: (n: number) => `Файл сделан более новой версией Tamaq (формат ${n}): обновите программу`,
    truncated: 'Файл обрезан: копия записана не до конца',
    altered: (table?: string) =>
      table
        ? `Файл повреждён или изменён: не сходится контрольная сумма таблицы «${table}»`
        : 'Файл повреждён или изменён: его нельзя прочитать',
  } as const,
  {
    notBackup: 'Бұл Tamaq сақтық көшірмесінің файлы емес',
    newerFormat: (n: number) => `Файлды Tamaq-тың жаңарақ нұсқасы жасаған (${n} пішім): бағдарламаны жаңартыңыз`,
    truncated: 'Файл қысқартылған: көшірме соңына дейін жазылмаған',
    altered: (table?: string) =>
      table
        ? `Файл бүлінген немесе өзгертілген: «${table}» кестесінің бақылау сомасы сәйкес келмейді`
        : 'Файл бүлінген немесе өзгертілген: оны оқу мүмкін емес',
  },
);

export const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * How values are written as text, the same on every server and session: the times in UTC with their
 * offset, dates as ISO, bytes as hex, floats to the digit. A restore checks its rows by exporting
 * them again under the same settings. And each table is read from its first page: with synchronized
 * scans a large table's scan starts where another scan of it was (an index just built, a report), so
 * the rows came in another order and a restore of 10 million visits failed its own checksum.
 */
export const COPY_SETTINGS = `set local timezone = 'UTC'; set local datestyle = 'ISO, YMD';
  set local intervalstyle = 'postgres'; set local bytea_output = 'hex'; set local extra_float_digits = 1;
  set local synchronize_seqscans = off`;

/** Every row of a table in COPY's text format, as a backup writes it. */
export const copyOut = (table: { name: string; columns: string[] }) =>
  copyTo(`copy ${quote(table.name)} (${table.columns.map(quote).join(', ')}) to stdout`);

/** The tables of the `public` schema with their columns in order (generated ones left out: they are computed). */
export async function tablesOf(client: pg.ClientBase): Promise<{ name: string; columns: string[] }[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(`
    select c.relname as name, array_agg(a.attname::text order by a.attnum) as columns
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    where c.relkind in ('r', 'p')
    group by c.relname
    order by c.relname`);
  return rows;
}

/** The last migration applied (drizzle's journal table), as the backup's level. */
async function migrationLevel(client: pg.PoolClient, tagOf: (when: number) => string) {
  const { rows } = await client.query<{ when: string; count: string }>(`
    select max(created_at)::text as when, count(*)::text as count from drizzle.__drizzle_migrations`);
  const when = Number(rows[0]?.when ?? 0);
  return { tag: tagOf(when), when, count: Number(rows[0]?.count ?? 0) };
}

/**
 * Writes every table of the database, as of one moment (one REPEATABLE READ snapshot), to `sink` as
 * a compressed backup file. `tagOf` names a migration by its timestamp (the journal's `when`).
 */
export async function writeBackup(
  pool: pg.Pool,
  sink: Writable,
  meta: {
    appVersion: string;
    tagOf: (when: number) => string;
    now: () => Date;
    /** Told after each table: how many are written of how many, and the rows so far. */
    onProgress?: (progress: BackupProgress) => void;
    /** Waited on after each piece of table text (its bytes): the backup's pace. */
    pace?: (bytes: number) => Promise<void>;
  },
): Promise<BackupSummary> {
  const client = await pool.connect();
  // Level 1: a third of level 6's CPU for a file 4 % larger (a backup runs beside the queue).
  const gzip = createGzip({ level: 1 });
  const done = pipeline(gzip, sink);
  const write = (text: string) =>
    new Promise<void>((resolve, reject) => gzip.write(text, (err) => (err ? reject(err) : resolve())));
  try {
    await client.query('begin isolation level repeatable read read only');
    // A large table takes longer than a report may (the heavy pool's limit).
    await client.query('set local statement_timeout = 0');
    await client.query(COPY_SETTINGS);
    const header: BackupHeader = {
      product: 'tamaq',
      format: BACKUP_FORMAT,
      app_version: meta.appVersion,
      migration: await migrationLevel(client, meta.tagOf),
      postgres: (await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v,
      created_at: meta.now().toISOString(),
    };
    await write(`${BACKUP_MAGIC} ${BACKUP_FORMAT}\n${JSON.stringify(header)}\n`);
    const tables: BackupTable[] = [];
    const all = await tablesOf(client);
    let written = 0;
    meta.onProgress?.({ tables: 0, total: all.length, rows: 0 });
    for (const t of all) {
      await write(`T ${JSON.stringify(t)}\n`);
      const hash = createHash('sha256');
      let rows = 0;
      const copy = client.query(copyOut(t)) as Readable;
      for await (const chunk of copy) {
        const bytes = chunk as Buffer;
        hash.update(bytes);
        rows += countLines(bytes);
        if (!gzip.write(bytes)) await new Promise((r) => gzip.once('drain', r));
        await meta.pace?.(bytes.length);
      }
      const table = { ...t, rows, sha256: hash.digest('hex') };
      tables.push(table);
      await write(`${END_OF_ROWS}\nE ${JSON.stringify({ rows, sha256: table.sha256 })}\n`);
      written += rows;
      meta.onProgress?.({ tables: tables.length, total: all.length, rows: written });
    }
    const total = tables.reduce((n, t) => n + t.rows, 0);
    await write(`END ${JSON.stringify({ tables: tables.length, rows: total })}\n`);
    await client.query('commit');
    gzip.end();
    await done;
    return { header, tables, rows: total };
  } catch (err) {
    gzip.destroy(err as Error);
    await done.catch(() => {});
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** How a backup beside a running server keeps out of the queue's way (docs/rules.md "Backups"). */
export interface Pace {
  /** Bytes of text a second at most. */
  rate: number;
  /** True while requests of the server are at the database (a scan): the backup waits for them. */
  busy?: () => boolean;
}

/** How long a backup waits at most, per piece, for the server's requests to leave the database. */
const YIELD_MS = 200;

/**
 * A backup's pace beside the queue: at most `rate` of text a second, waiting whenever it is ahead,
 * and after each piece while the server's requests are at the database (up to YIELD_MS). Waiting
 * holds the reading, so PostgreSQL's process waits too: on two cores, a backup at full speed took
 * both and the scans' p99 went from 11 to 120 ms.
 */
export function pacer({ rate, busy }: Pace): (bytes: number) => Promise<void> {
  const started = performance.now();
  let total = 0;
  return async (bytes) => {
    total += bytes;
    const ahead = (total / rate) * 1000 - (performance.now() - started);
    if (ahead > 5) await new Promise((r) => setTimeout(r, ahead));
    for (let waited = 0; waited < YIELD_MS && busy?.(); waited += 5) await new Promise((r) => setTimeout(r, 5));
  };
}

/** The newlines of `bytes`: its rows, in COPY's text format. */
export function countLines(bytes: Buffer): number {
  let n = 0;
  for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) n++;
  return n;
}

/** A table's rows end with this line. */
const END_LINE = Buffer.from(`${END_OF_ROWS}\n`);

/**
 * The lines of a decompressed backup, read in chunks: a header line at a time, or a table's rows in
 * bulk up to their end line (a row's own backslashes are doubled in COPY's text format, so no row is
 * the line `\.`).
 */
class LineReader {
  private buf: Buffer = Buffer.alloc(0);
  private pos = 0;
  private ended = false;
  constructor(private readonly read: () => Promise<Buffer | null>) {}

  private async more(): Promise<boolean> {
    if (this.ended) return false;
    const chunk = await this.read();
    if (chunk === null) {
      this.ended = true;
      return false;
    }
    this.buf = this.pos < this.buf.length ? Buffer.concat([this.buf.subarray(this.pos), chunk]) : chunk;
    this.pos = 0;
    return true;
  }

  /** The next line without its newline; the rest of the file when it ends without one; null at the end. */
  async line(): Promise<string | null> {
    for (;;) {
      const at = this.buf.indexOf(10, this.pos);
      if (at !== -1) {
        const line = this.buf.toString('utf8', this.pos, at);
        this.pos = at + 1;
        return line;
      }
      if (!(await this.more())) {
        if (this.pos >= this.buf.length) return null;
        const rest = this.buf.toString('utf8', this.pos);
        this.pos = this.buf.length;
        return rest;
      }
    }
  }

  /**
   * A table's rows, handed to `sink` in bulk (whole lines), up to and past their end line; false
   * when the file ends first.
   */
  async rows(sink: (bytes: Buffer) => Promise<void>): Promise<boolean> {
    for (;;) {
      // The end line at a line's start: where the rows are, or after a newline among them.
      let from = this.pos;
      for (;;) {
        const at = this.buf.indexOf(END_LINE, from);
        if (at === -1) break;
        if (at === this.pos || this.buf[at - 1] === 10) {
          if (at > this.pos) await sink(this.buf.subarray(this.pos, at));
          this.pos = at + END_LINE.length;
          return true;
        }
        from = at + 1;
      }
      // No end yet: the whole lines go, the part of a line (perhaps the end line's start) waits.
      const last = this.buf.lastIndexOf(10);
      if (last >= this.pos) {
        await sink(this.buf.subarray(this.pos, last + 1));
        this.pos = last + 1;
      }
      if (!(await this.more())) return false;
    }
  }
}

/**
 * Reads a backup file through, handing each table's rows to `onTable` (its header, then its rows'
 * lines as a stream) when given, and checks every table's row count and checksum and the file's
 * end. Refuses what is not a Tamaq backup, a newer format, a file cut short or altered.
 */
export async function readBackup(
  file: string,
  onTable?: (table: { name: string; columns: string[] }, rows: Readable) => Promise<void>,
  /** Told of the file's bytes read so far, as they are read. */
  onRead?: (bytes: number) => void,
  /** Waited on after each piece of text read (its bytes): the reading's pace. */
  pace?: (bytes: number) => Promise<void>,
): Promise<BackupSummary> {
  const gunzip = createGunzip();
  const source = createReadStream(file);
  if (onRead) source.on('data', () => onRead(source.bytesRead));
  const unzipped = source.pipe(gunzip);
  let broken: Error | null = null;
  const fail = (err: Error) => (broken ??= err);
  source.on('error', fail);
  // zlib says Z_BUF_ERROR when the data ends early, Z_DATA_ERROR when it was changed.
  gunzip.on('error', (err: NodeJS.ErrnoException) =>
    fail(
      err.code === 'Z_BUF_ERROR'
        ? new BackupFileError('truncated', BACKUP_MESSAGES.truncated)
        : new BackupFileError('altered', BACKUP_MESSAGES.altered()),
    ),
  );
  const chunks = unzipped[Symbol.asyncIterator]();
  const reader = new LineReader(async () => {
    try {
      const r = await chunks.next();
      if (broken) throw broken;
      if (!r.done) await pace?.((r.value as Buffer).length);
      return r.done ? null : (r.value as Buffer);
    } catch (err) {
      throw broken ?? err;
    }
  });
  const notBackup = () => new BackupFileError('not_backup', BACKUP_MESSAGES.notBackup);
  const truncated = () => new BackupFileError('truncated', BACKUP_MESSAGES.truncated);
  try {
    const first = await reader.line().catch(() => {
      throw notBackup();
    });
    const magic = first === null ? null : /^TAMAQ-BACKUP (\d+)$/.exec(first);
    if (!magic) throw notBackup();
    const format = Number(magic[1]);
    if (format > BACKUP_FORMAT) throw new BackupFileError('newer_format', BACKUP_MESSAGES.newerFormat(format));
    const parse = <T>(line: string | null, prefix: string): T => {
      if (line === null) throw truncated();
      if (!line.startsWith(prefix)) throw new BackupFileError('altered', BACKUP_MESSAGES.altered(prefix.trim()));
      try {
        return JSON.parse(line.slice(prefix.length)) as T;
      } catch {
        throw new BackupFileError('altered', BACKUP_MESSAGES.altered(prefix.trim()));
      }
    };
    const header = parse<BackupHeader>(await reader.line(), '');
    if (header.product !== 'tamaq') throw notBackup();
    const tables: BackupTable[] = [];
    for (;;) {
      const line = await reader.line();
      if (line === null) throw truncated();
      if (line.startsWith('END ')) {
        const end = parse<{ tables: number; rows: number }>(line, 'END ');
        const rows = tables.reduce((n, t) => n + t.rows, 0);
        if (end.tables !== tables.length || end.rows !== rows)
          throw new BackupFileError('altered', BACKUP_MESSAGES.altered('END'));
        return { header, tables, rows };
      }
      const table = parse<{ name: string; columns: string[] }>(line, 'T ');
      const hash = createHash('sha256');
      let rows = 0;
      const out = new PassThrough();
      // A file that breaks off mid-table ends the consumer's reading with the error (not unhandled).
      out.on('error', () => {});
      const consumed = onTable ? onTable(table, out) : (out.resume(), Promise.resolve());
      const fed = (async () => {
        const whole = await reader.rows(async (bytes) => {
          hash.update(bytes);
          rows += countLines(bytes);
          // A copy: the reader's buffer is reused once the next chunk comes.
          if (!out.write(Buffer.from(bytes))) await new Promise((r) => out.once('drain', r));
        });
        if (!whole) throw truncated();
        out.end();
      })();
      await Promise.all([fed.catch((err: Error) => (out.destroy(err), Promise.reject(err))), consumed]);
      const end = parse<{ rows: number; sha256: string }>(await reader.line(), 'E ');
      const sha256 = hash.digest('hex');
      if (end.rows !== rows || end.sha256 !== sha256)
        throw new BackupFileError('altered', BACKUP_MESSAGES.altered(table.name));
      tables.push({ ...table, rows, sha256 });
    }
  } finally {
    source.destroy();
  }
}

/**
 * Each table's row count and checksum in the database at `url`, exported as a backup writes them:
 * two databases with the same fingerprints hold the same rows.
 */
export async function fingerprints(url: string): Promise<Record<string, { rows: number; sha256: string }>> {
  const client = new pg.Client({ connectionString: url });
  // The database going away mid-way ends it with an 'error' event: its statements fail, the process stays.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query(COPY_SETTINGS);
    const out: Record<string, { rows: number; sha256: string }> = {};
    for (const table of await tablesOf(client)) {
      const hash = createHash('sha256');
      let rows = 0;
      for await (const chunk of client.query(copyOut(table)) as Readable) {
        hash.update(chunk as Buffer);
        rows += countLines(chunk as Buffer);
      }
      out[table.name] = { rows, sha256: hash.digest('hex') };
    }
    await client.query('commit');
    return out;
  } finally {
    await client.end();
  }
}
