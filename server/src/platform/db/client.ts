import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
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
  const pool = new pg.Pool({ connectionString: url, max });
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

export async function openEmbedded(dataDir: string): Promise<{ database: Database; client: PGlite }> {
  const client = await PGlite.create({ dataDir });
  return { database: fromPglite(client), client };
}
