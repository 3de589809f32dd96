import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { withKazakh } from '@tamaq/contract/languages';
import { from as copyFrom } from 'pg-copy-streams';
import { MIGRATIONS_DIR, migrateUrl } from '../../platform/db/migrate.ts';
import {
  BackupFileError,
  copyOut,
  COPY_SETTINGS,
  quote,
  readBackup,
  tablesOf,
  type BackupSummary,
  countLines,
} from './backup-file.ts';

export const RESTORE_MESSAGES = withKazakh(
  {
    newerSchema: (tag: string) =>
      `Файл сделан более новой версией Tamaq (миграция ${tag}): обновите программу, затем восстановите`,
    unknownSchema: (tag: string) => `Файл сделан другой сборкой Tamaq: миграции ${tag} нет в этой версии`,
    mismatch: (table: string) => `Восстановленная таблица «${table}» не совпала с файлом: данные не заменены`,
  } as const,
  {
    newerSchema: (tag: string) =>
      `Файлды Tamaq-тың жаңарақ нұсқасы жасаған (${tag} миграциясы): бағдарламаны жаңартып, содан кейін қалпына келтіріңіз`,
    unknownSchema: (tag: string) => `Файлды Tamaq-тың басқа жинағы жасаған: бұл нұсқада ${tag} миграциясы жоқ`,
    mismatch: (table: string) =>
      `Қалпына келтірілген «${table}» кестесі файлмен сәйкес келмеді: деректер ауыстырылмады`,
  },
);

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}
const journal = (): { entries: JournalEntry[] } & Record<string, unknown> =>
  JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** The committed migrations up to the backup's level, as a folder the migrator reads. */
function migrationsUpTo(when: number): string {
  const all = journal();
  const last = all.entries.at(-1)!;
  const upTo = all.entries.filter((e) => e.when <= when);
  const exact = all.entries.find((e) => e.when === when);
  if (!exact) {
    throw new BackupFileError(
      'newer_format',
      when > last.when ? RESTORE_MESSAGES.newerSchema(String(when)) : RESTORE_MESSAGES.unknownSchema(String(when)),
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-restore-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...all, entries: upTo }));
  for (const e of upTo) fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

/**
 * A database of a restore's or a check's own: its name says when it was made (in seconds), so a later
 * restore can tell one left behind by a process killed midway from one being filled now.
 */
export const scratchName = (kind: 'restore' | 'check', at = Date.now()) =>
  `tamaq_${kind}_${Math.floor(at / 1000)}_${randomBytes(4).toString('hex')}`;
const SCRATCH = /^tamaq_(?:restore|check)_(\d+)_[0-9a-f]{8}$/;
/** A scratch database this old is no restore's any more: the longest restore takes minutes. */
export const STALE_SCRATCH_MS = 6 * 3_600_000;

/**
 * Drops the scratch databases on the server of `admin` that are stale and that nobody is connected
 * to (a drop without force: one that gains a connection meanwhile stays). Answers their names.
 */
export async function dropStaleScratch(admin: pg.Client, now = Date.now()): Promise<string[]> {
  const { rows } = await admin.query<{ name: string; busy: boolean }>(`
    select d.datname as name, exists (select 1 from pg_stat_activity a where a.datname = d.datname) as busy
    from pg_database d where d.datname like 'tamaq\\_%'`);
  const dropped: string[] = [];
  for (const { name, busy } of rows) {
    const made = SCRATCH.exec(name);
    if (!made || busy || now - Number(made[1]) * 1000 < STALE_SCRATCH_MS) continue;
    try {
      await admin.query(`drop database if exists ${quote(name)}`);
      dropped.push(name);
    } catch {
      /* someone connected meanwhile: the next restore looks again */
    }
  }
  return dropped;
}

/**
 * Restores a backup file into a new database `name` on the server of `serverUrl` (docs/rules.md
 * "Backups"): the file is read through and checked first; the new database gets the schema at the
 * file's migration level, the file's rows (the migrations' own rows replaced), its sequences set past
 * the rows; every table is then counted and exported again and must give the file's count and
 * checksum; last the migrations since run forward. Any failure drops the new database: nothing else
 * is touched. Answers its address and what the file held.
 */
export async function restoreIntoNewDatabase(
  file: string,
  serverUrl: string,
  name = scratchName('restore'),
): Promise<{ url: string; name: string; summary: BackupSummary }> {
  const summary = await readBackup(file);
  const level = migrationsUpTo(summary.header.migration.when);
  const admin = new pg.Client({ connectionString: serverUrl });
  // A connection the server ends (a forced drop, a shutdown) fails its statement; it must not end the process.
  admin.on('error', () => {});
  await admin.connect();
  const url = withDatabase(serverUrl, name);
  try {
    // What a restore or a check killed midway left on the server (a killed process drops nothing).
    await dropStaleScratch(admin).catch(() => []);
    await admin.query(`create database ${quote(name)}`);
    try {
      await migrateUrl(url, level);
      await load(file, url, summary);
      await migrateUrl(url);
    } catch (err) {
      await admin.query(`drop database if exists ${quote(name)} with (force)`).catch(() => {});
      throw err;
    }
    return { url, name, summary };
  } finally {
    await admin.end();
    fs.rmSync(level, { recursive: true, force: true });
  }
}

/** The rows of the file into the tables of `url` (at the file's level), checked, in one transaction. */
async function load(file: string, url: string, summary: BackupSummary) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('begin');
    await client.query(COPY_SETTINGS);
    // The rows come in whatever order the tables sort: their references are checked once all are in.
    await client.query('set local session_replication_role = replica');
    const present = await tablesOf(client);
    if (present.length)
      await client.query(`truncate ${present.map((t) => quote(t.name)).join(', ')} restart identity cascade`);
    const indexes = await dropPlainIndexes(client);
    await readBackup(file, async (table, rows: Readable) => {
      const into = client.query(
        copyFrom(`copy ${quote(table.name)} (${table.columns.map(quote).join(', ')}) from stdin`),
      ) as Writable;
      await pipeline(rows, into);
    });
    for (const index of indexes) await client.query(index);
    await client.query('set local session_replication_role = origin');
    await checkReferences(client);
    await setSequences(client);
    for (const t of summary.tables) {
      const hash = createHash('sha256');
      let rows = 0;
      for await (const chunk of client.query(copyOut(t)) as Readable) {
        const bytes = chunk as Buffer;
        hash.update(bytes);
        rows += countLines(bytes);
      }
      if (rows !== t.rows || hash.digest('hex') !== t.sha256)
        throw new BackupFileError('altered', RESTORE_MESSAGES.mismatch(t.name));
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

/**
 * Drops the indexes of the `public` tables that no constraint stands on (not a primary key's, a
 * unique constraint's, nor one a foreign key refers to), inside the load's transaction, and answers
 * the statements that make them again: built once over all the rows, an index costs a fraction of
 * keeping it up to date row by row (a restore of 10 million visits took about 5 minutes with them).
 */
export async function dropPlainIndexes(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string; def: string }>(`
    select ci.relname as name, pg_get_indexdef(i.indexrelid) as def
    from pg_index i
    join pg_class ci on ci.oid = i.indexrelid
    join pg_class c on c.oid = i.indrelid
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    where not exists (select 1 from pg_constraint con where con.conindid = i.indexrelid)
    order by ci.relname`);
  for (const r of rows) await client.query(`drop index ${quote(r.name)}`);
  return rows.map((r) => r.def);
}

/** Each foreign key holds for the rows loaded without its triggers: a row whose parent is missing fails the restore. */
async function checkReferences(client: pg.Client) {
  const { rows } = await client.query<{ name: string; child: string; parent: string; cols: string[]; refs: string[] }>(`
    select con.conname as name, c.relname as child, p.relname as parent,
           array(select a.attname::text from unnest(con.conkey) with ordinality k(n, i)
                 join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i) as cols,
           array(select a.attname::text from unnest(con.confkey) with ordinality k(n, i)
                 join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i) as refs
    from pg_constraint con
    join pg_class c on c.oid = con.conrelid
    join pg_class p on p.oid = con.confrelid
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    where con.contype = 'f'`);
  for (const fk of rows) {
    const notNull = fk.cols.map((c) => `x.${quote(c)} is not null`).join(' and ');
    const match = fk.cols.map((c, i) => `y.${quote(fk.refs[i]!)} = x.${quote(c)}`).join(' and ');
    const { rowCount } = await client.query(
      `select 1 from ${quote(fk.child)} x where ${notNull}
       and not exists (select 1 from ${quote(fk.parent)} y where ${match}) limit 1`,
    );
    if (rowCount) throw new BackupFileError('altered', RESTORE_MESSAGES.mismatch(fk.child));
  }
}

/** Each identity or serial column's sequence past the largest value loaded. */
export async function setSequences(client: pg.Client) {
  const { rows } = await client.query<{ tab: string; col: string; seq: string }>(`
    select c.relname as tab, a.attname as col, pg_get_serial_sequence(quote_ident(c.relname), a.attname) as seq
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where c.relkind = 'r' and pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null`);
  for (const r of rows)
    await client.query(
      `select setval($1, coalesce((select max(${quote(r.col)}) from ${quote(r.tab)}), 0) + 1, false)`,
      [r.seq],
    );
}
