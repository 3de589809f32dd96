import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import os from 'node:os';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import * as schema from './schema-all.ts';

export type Schema = typeof schema;
/** The database or a transaction: repositories take either, so a service can make several steps one write. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /**
   * Reports, exports and imports: a pool of their own of at most HEAVY_CONNECTIONS, each statement
   * cancelled after HEAVY_TIMEOUT_MS. However many run, the scans, the cashbox and the desks keep
   * the main pool's connections and PostgreSQL's other cores.
   */
  heavy: Db;
  /** Raw SQL for the migrator, health checks and tests. */
  exec(sql: string): Promise<void>;
  /** Runs `fn` while holding a cluster-wide lock (one process at a time across instances). */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Connections of the heavy pool: one report or import per core PostgreSQL has to spare. */
export const HEAVY_CONNECTIONS = 2;
/** How long one statement of a report, an export or an import may run before it is cancelled (a 503). */
export const HEAVY_TIMEOUT_MS = 60_000;

/**
 * The niceness of the heavy pool's server processes on the embedded database: reports, exports and
 * imports get the cores only when the scans leave them (on two cores, a year report's backend and an
 * import's otherwise took turns with the scans' at equal weight). Only for a PostgreSQL of our own:
 * its processes run on this machine, as our user.
 */
export const HEAVY_NICE = 10;

/** Lowers the CPU priority of each new connection's server process (a PostgreSQL on this machine). */
function lowerPriority(pool: pg.Pool, nice: number) {
  pool.on('connect', (client) => {
    client
      .query<{ pid: number }>('select pg_backend_pid() as pid')
      .then(({ rows }) => os.setPriority(rows[0]!.pid, nice))
      .catch(() => {});
  });
}

function pool(url: string, max: number, settings: string) {
  const created = lenientPool(url, max, settings);
  releaseOnFailedBegin(created);
  return created;
}

/**
 * A pool whose lost connections never end the process (a shutdown, a forced drop of its database):
 * what was under way fails its statement instead.
 */
export function lenientPool(url: string, max: number, settings?: string): pg.Pool {
  const created = new pg.Pool({ connectionString: url, max, ...(settings ? { options: settings } : {}) });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  created.on('error', () => {});
  // Nor may one checked out (inside a transaction, between two statements): the pool takes its own
  // listener off while a client is lent, and a client's 'error' with no listener ends the process.
  // The connection is lost all the same: its next statement fails, and the request answers 503.
  created.on('connect', (client) => client.on('error', () => {}));
  return created;
}

/**
 * drizzle's transaction sends `begin` before its try/finally: a `begin` that fails (on a connection
 * the database has just dropped, when it restarts) would leave the client lent for good. Each
 * restart would take clients from the pool until every request waits for one, and the pool's end()
 * (a clean stop) would never return. So a lent client whose `begin` fails goes back to the pool,
 * marked broken, and the pool drops it.
 */
function releaseOnFailedBegin(pool: pg.Pool) {
  const lend = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  pool.connect = ((...args: unknown[]) => {
    // The callback form is the pool's own query(): it releases its client itself.
    if (args.length > 0) return (lend as (...a: unknown[]) => unknown)(...args);
    return lend().then((client) => {
      const query = client.query;
      client.query = function (this: pg.PoolClient, ...q: unknown[]) {
        client.query = query;
        const text = typeof q[0] === 'string' ? q[0] : (q[0] as { text?: unknown } | undefined)?.text;
        const sent = (query as (...a: unknown[]) => unknown).apply(this, q);
        if (typeof text !== 'string' || !/^begin\b/i.test(text) || !(sent instanceof Promise)) return sent;
        return sent.catch((err: unknown) => {
          client.release(err instanceof Error ? err : new Error(String(err)));
          throw err;
        });
      } as typeof client.query;
      return client;
    });
  }) as typeof pool.connect;
}

/** The pool under a database's handle, and the address it connects to (backups read through COPY). */
export function poolOf(db: Db): { pool: pg.Pool; url: string | null } {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  return {
    pool,
    url: (pool as unknown as { options: { connectionString?: string } }).options.connectionString ?? null,
  };
}

/** True while a request's statement is at the database through `pool` (a client lent, or one awaited). */
export const poolBusy = (pool: pg.Pool) => () => pool.totalCount > pool.idleCount || pool.waitingCount > 0;

export function fromPostgresUrl(url: string, max = 20, options: { local?: boolean } = {}): Database {
  // No JIT: its compiling (100–200 ms) starts on a cost estimate, and a month's report crosses it
  // while running in a tenth of that time; the app's statements are short.
  const main = pool(url, max, '-c jit=off');
  const heavy = pool(url, HEAVY_CONNECTIONS, `-c jit=off -c statement_timeout=${HEAVY_TIMEOUT_MS}`);
  if (options.local) lowerPriority(heavy, HEAVY_NICE);
  return {
    db: drizzlePg(main, { schema }) as unknown as Db,
    heavy: drizzlePg(heavy, { schema }) as unknown as Db,
    exec: async (sql) => {
      await main.query(sql);
    },
    exclusive: async (fn) => {
      const conn = await main.connect();
      try {
        await conn.query('select pg_advisory_lock(727274)');
        return await fn();
      } finally {
        await conn.query('select pg_advisory_unlock(727274)').catch(() => {});
        conn.release();
      }
    },
    close: async () => {
      await Promise.all([main.end(), heavy.end()]);
    },
  };
}

/**
 * The embedded PostgreSQL server of `dataDir` (started, or created on first start) and a pool on it;
 * closing the database stops the server.
 */
export async function openEmbeddedPostgres(dataDir: string, log?: (line: string) => void): Promise<Database> {
  const server = await startEmbeddedPostgres(dataDir, { log });
  // Few connections: each is a process of its own, and two cores are busy with ten.
  const database = fromPostgresUrl(server.url, 10, { local: true });
  return {
    ...database,
    async close() {
      await database.close();
      await server.stop();
    },
  };
}

/** How long one statement of a list or a search may run on PostgreSQL before it is cancelled (a 503). */
export const LIST_TIMEOUT_MS = 10_000;

/**
 * Runs a list's or a search's reads in one read-only transaction whose statements PostgreSQL cancels
 * after `ms` (SQLSTATE 57014, answered as a 503), so no search can hold a connection for long. Inside
 * a transaction already (no pool of its own), `fn` runs in it as it is.
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

/** The prepared statements' names by their text: a name prepared on a connection stands for one text. */
const preparedNames = new Map<string, string>();
/**
 * `name` with a digest of `text`: a statement whose text varies by the request (the reader's
 * alphabet is a collation in it) is one prepared statement per text, where one name for both made
 * a connection that had prepared the Russian text refuse the Kazakh one (an answer 500).
 */
function preparedName(name: string, text: string): string {
  let named = preparedNames.get(text);
  if (!named) {
    named = `${name}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
    if (preparedNames.size > 1000) preparedNames.clear();
    preparedNames.set(text, named);
  }
  return named;
}

/**
 * Runs a statement of the lunch-time path as a named prepared statement on a PostgreSQL pool: each
 * connection parses and plans it once instead of on every call (the order's statement costs the
 * server about a third of the CPU so, see bench/orders.mjs). Each text of `name` is prepared once per
 * connection (its values as parameters; a text that varies, by the reader's alphabet, is another). In a transaction (it has no pool of
 * its own), the statement runs as any other.
 */
export async function executePrepared<R>(db: Db, name: string, query: SQL): Promise<R[]> {
  const client = (db as unknown as { $client?: object }).$client;
  if (client && 'idleCount' in client) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const result = await (client as pg.Pool).query({ name: preparedName(name, text), text, values: params });
    return result.rows as R[];
  }
  return ((await db.execute(query)) as unknown as { rows: R[] }).rows;
}
