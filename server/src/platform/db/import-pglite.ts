import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { fromPostgresUrl } from './client.ts';
import { migrate, MIGRATIONS_DIR } from './migrate.ts';

/**
 * Copies the data of the earlier embedded database (PGlite, in `<DATA_DIR>/pgdata`) into the
 * embedded PostgreSQL server of the same DATA_DIR, in one transaction: every row of every table,
 * and every sequence where it stood. Both are first brought to the same schema by the committed
 * migrations. The old directory is then renamed `pgdata.imported`, kept until someone deletes it.
 */
export class ImportError extends Error {}

const BATCH = 2_000;

export interface ImportResult {
  tables: number;
  rows: number;
  kept: string;
}

const ident = (name: string) => pg.escapeIdentifier(name);

export async function importPgliteData(dataDir: string, log: (line: string) => void = () => {}): Promise<ImportResult> {
  const source = path.join(dataDir, 'pgdata');
  if (!fs.existsSync(path.join(source, 'PG_VERSION'))) {
    throw new ImportError(`В ${dataDir} нет базы прежнего формата (каталога pgdata): переносить нечего.`);
  }
  log(`Открываю прежнюю базу ${source}…`);
  const old = await PGlite.create({ dataDir: source, extensions: { pg_trgm } });
  const server = await startEmbeddedPostgres(dataDir, { log });
  const target = new pg.Client({ connectionString: server.url });
  let tables = 0;
  let rows = 0;
  try {
    await migratePglite(drizzle(old), { migrationsFolder: MIGRATIONS_DIR });
    // Two: the migrator holds one for its lock and works on the other.
    const database = fromPostgresUrl(server.url, 2);
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    await target.connect();
    const { rows: present } = await target.query<{ n: number }>(
      "select count(*)::int as n from pg_tables where schemaname = 'public' and tablename = 'users'",
    );
    if (present[0]!.n && (await target.query('select 1 from users limit 1')).rowCount) {
      throw new ImportError(
        'Во встроенном PostgreSQL уже есть данные: перенос их не перезаписывает. ' +
          `Чтобы перенести заново, остановите сервер и удалите ${path.join(dataDir, 'postgres')}.`,
      );
    }

    const { rows: names } = await target.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
    );
    await target.query('begin');
    // Rows arrive in no particular order: foreign keys and triggers (which would also recompute
    // what the copied rows already hold) wait until every table is there.
    await target.query('set local session_replication_role = replica');
    if (names.length) await target.query(`truncate ${names.map((t) => ident(t.name)).join(', ')}`);
    for (const { name } of names) {
      const { rows: cols } = await target.query<{ name: string }>(
        `select column_name as name from information_schema.columns
          where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
        [name],
      );
      const list = cols.map((c) => ident(c.name)).join(', ');
      let after = '(0,0)';
      let copied = 0;
      for (;;) {
        // Pages in the order of the table's rows on disk: each batch starts after the last one's.
        const batch = await old.query<{ at: string; row: string }>(
          `select ctid::text as at, row_to_json(t)::text as row from ${ident(name)} t
            where ctid > $1::tid order by ctid limit ${BATCH}`,
          [after],
        );
        if (!batch.rows.length) break;
        await target.query(
          `insert into ${ident(name)} (${list}) overriding system value
           select ${list} from json_populate_recordset(null::${ident(name)}, $1::json)`,
          [`[${batch.rows.map((r) => r.row).join(',')}]`],
        );
        copied += batch.rows.length;
        after = batch.rows.at(-1)!.at;
      }
      const [{ n }] = (await old.query<{ n: number }>(`select count(*)::int as n from ${ident(name)}`)).rows as [
        { n: number },
      ];
      if (n !== copied) throw new ImportError(`Таблица ${name}: прочитано ${copied} строк из ${n}`);
      tables++;
      rows += copied;
      if (copied) log(`  ${name}: ${copied}`);
    }
    const { rows: sequences } = await old.query<{ name: string }>(
      "select sequencename as name from pg_sequences where schemaname = 'public'",
    );
    for (const { name } of sequences) {
      const [state] = (
        await old.query<{ last_value: string; is_called: boolean }>(`select last_value, is_called from ${ident(name)}`)
      ).rows;
      await target.query('select setval($1, $2, $3)', [ident(name), state!.last_value, state!.is_called]);
    }
    await target.query('commit');
  } catch (err) {
    await target.query('rollback').catch(() => {});
    throw err;
  } finally {
    await target.end().catch(() => {});
    await server.stop();
    await old.close();
  }
  const kept = `${source}.imported`;
  fs.renameSync(source, kept);
  return { tables, rows, kept };
}
