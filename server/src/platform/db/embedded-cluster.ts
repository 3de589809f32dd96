/** The embedded cluster's files and processes: creating it, and settling a postmaster left behind. */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { alive, errorCode } from './data-dir-lock.ts';
import { type Binaries, EmbeddedPostgresError, type RunAs, SOCKET_PORT, USER, runAs } from './embedded-binaries.ts';

/**
 * Whether `pid` is a postmaster of `cluster`. A postmaster works in its data directory, which Linux
 * shows as the process's current directory; elsewhere its command line names the directory.
 */
export function isPostmasterOf(pid: number, cluster: string): boolean {
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

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitGone(pid: number, ms: number): Promise<boolean> {
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
export async function settleOldPostmaster(cluster: string, socketDir: string | null, log: (line: string) => void) {
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
export const SOCKET_PATH_MAX = process.platform === 'darwin' ? 103 : 107;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export function readPassword(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if (errorCode(err) !== 'ENOENT') throw err;
  }
  const password = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, password, { mode: 0o600, flag: 'wx' });
  return password;
}

/**
 * Runs a command to its end; its output goes into the message when it fails. Without blocking Node:
 * the server's modules load while initdb works.
 */
export async function runToEnd(how: RunAs, cmd: string, args: string[], what: string): Promise<void> {
  const [c, a] = how.wrap(cmd, args);
  const { code, output, error } = await new Promise<{ code: number | null; output: string; error?: Error }>(
    (resolve) => {
      const out: Buffer[] = [];
      const child = spawn(c, a, { uid: how.uid, gid: how.gid, stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
      child.stdout.on('data', (d: Buffer) => out.push(d));
      child.stderr.on('data', (d: Buffer) => out.push(d));
      child.once('error', (err) => resolve({ code: null, output: '', error: err }));
      child.once('close', (exit) => resolve({ code: exit, output: Buffer.concat(out).toString('utf8') }));
    },
  );
  if (code !== 0) {
    const why = (error?.message ?? output).trim().split('\n').slice(-8).join('\n');
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
export async function createCluster(
  bin: Binaries,
  cluster: string,
  password: string,
  log: (line: string) => void,
): Promise<void> {
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
      await runToEnd(
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
export function openLog(file: string): number {
  try {
    if (fs.statSync(file).size > 10 * 1024 * 1024) fs.renameSync(file, `${file}.1`);
  } catch {
    /* none yet */
  }
  return fs.openSync(file, 'a', 0o600);
}

/** What PostgreSQL says when the processes of a killed postmaster still hold its memory or socket. */
export const LEFTOVERS = /pre-existing shared memory block|already in use|lock file .* already exists/;
