import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema-all.ts';

export type Schema = typeof schema;
/** The database or a transaction: repositories take either, so a service can make several steps one write. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw SQL for the migrator, health checks and tests. */
  exec(sql: string): Promise<void>;
  /** Runs `fn` while holding a cluster-wide lock (one process at a time across instances). */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function fromPglite(client: PGlite): Database {
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: 'pglite',
    exec: async (sql) => {
      await client.exec(sql);
    },
    // The data-dir lock already makes this process the only one.
    exclusive: (fn) => fn(),
    close: () => client.close(),
  };
}

export function fromPostgresUrl(url: string, max = 20): Database {
  // No JIT: its compiling (100–200 ms) starts on a cost estimate, and a month's report crosses it
  // while running in a tenth of that time; the app's statements are short.
  const pool = new pg.Pool({ connectionString: url, max, options: '-c jit=off' });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind: 'postgres',
    exec: async (sql) => {
      await pool.query(sql);
    },
    exclusive: async (fn) => {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock(727274)');
        return await fn();
      } finally {
        await conn.query('select pg_advisory_unlock(727274)').catch(() => {});
        conn.release();
      }
    },
    close: () => pool.end(),
  };
}

/** The extensions the migrations create (pg_trgm for the search indexes): every embedded database loads them. */
export const PGLITE_EXTENSIONS = { pg_trgm } satisfies PGliteOptions['extensions'];

/**
 * PostgreSQL settings of the embedded database. PGlite's own default of 128 MB of shared buffers made
 * the server hold about 460 MB before any work (issue 12). Its files are read through the system's
 * page cache, so a smaller buffer pool costs a copy from memory, not a disk read.
 */
const PGLITE_CONF = 'shared_buffers = 16MB';

export async function openEmbedded(dataDir: string): Promise<{ database: Database; client: PGlite }> {
  const client = await PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS, postgresqlconf: PGLITE_CONF });
  return { database: fromPglite(client), client };
}

/** How long one statement of a list or a search may run on PostgreSQL before it is cancelled (a 503). */
export const LIST_TIMEOUT_MS = 10_000;

/**
 * Runs a list's or a search's reads in one read-only transaction whose statements PostgreSQL cancels
 * after `ms` (SQLSTATE 57014, answered as a 503), so no search can hold a connection for long. PGlite
 * cannot cancel a running statement (it has no timer signal): there the indexes alone bound a read,
 * and `fn` runs on the database as it is.
 */
export async function boundedRead<T>(db: Db, ms: number, fn: (tx: Db) => Promise<T>): Promise<T> {
  const client = (db as unknown as { $client?: object }).$client;
  if (!client || !('idleCount' in client)) return fn(db);
  return db.transaction(
    async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(1, Math.floor(ms))}`));
      return fn(tx as unknown as Db);
    },
    { accessMode: 'read only' },
  );
}

const dialect = new PgDialect();

/**
 * Runs a statement of the lunch-time path as a named prepared statement on a PostgreSQL pool: each
 * connection parses and plans it once instead of on every call (the order's statement costs the
 * server about a third of the CPU so, see bench/orders.mjs). `name` must stand for one SQL text: the
 * same shape of `query` every time, its values as parameters. On PGlite, or in a transaction (it
 * has no pool of its own), the statement runs as any other.
 */
export async function executePrepared<R>(db: Db, name: string, query: SQL): Promise<R[]> {
  const client = (db as unknown as { $client?: object }).$client;
  if (client && 'idleCount' in client) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const result = await (client as pg.Pool).query({ name, text, values: params });
    return result.rows as R[];
  }
  return ((await db.execute(query)) as unknown as { rows: R[] }).rows;
}
