import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const MODULE = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));
const dirs: string[] = [];
const newDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-lock-'));
  dirs.push(dir);
  return path.join(dir, 'data');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Another server process starting on the same directory: exits 0 when it got the lock, 3 when refused. */
function otherProcessLocks(dataDir: string) {
  const code = `
    import { DataDirLockedError, lockDataDir } from ${JSON.stringify(MODULE)};
    try { lockDataDir(process.env.DIR); console.log('locked'); }
    catch (err) { console.error(err.message); process.exit(err instanceof DataDirLockedError ? 3 : 1); }`;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    env: { ...process.env, DIR: dataDir },
    encoding: 'utf8',
    timeout: 20_000,
  });
}

const lockFile = (dataDir: string) => path.join(dataDir, 'tamaq.lock');

describe('lockDataDir', () => {
  it('makes a second server process on the same directory refuse with a clear message', () => {
    const dataDir = newDir();
    const release = lockDataDir(dataDir);
    try {
      const other = otherProcessLocks(dataDir);
      expect(other.status).toBe(3);
      expect(other.stderr.trim()).toBe(
        `Каталог данных ${dataDir} уже используется другим процессом сервера (pid ${process.pid}). ` +
          'Остановите его или укажите другой DATA_DIR.',
      );
      expect(fs.readFileSync(lockFile(dataDir), 'utf8')).toBe(String(process.pid));
    } finally {
      release();
    }
  });

  it('lets the next process in once the first releases, and that one cleans up when it exits', () => {
    const dataDir = newDir();
    lockDataDir(dataDir)();
    expect(fs.existsSync(lockFile(dataDir))).toBe(false);
    const other = otherProcessLocks(dataDir);
    expect([other.status, other.stdout.trim()]).toEqual([0, 'locked']);
    expect(fs.existsSync(lockFile(dataDir))).toBe(false);
  });

  it('takes over a lock left by a process that is gone', () => {
    const dataDir = newDir();
    const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(lockFile(dataDir), dead.stdout.trim());
    const release = lockDataDir(dataDir);
    expect(fs.readFileSync(lockFile(dataDir), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('takes over an empty lock file (a crash between create and write)', () => {
    const dataDir = newDir();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(lockFile(dataDir), '');
    const release = lockDataDir(dataDir);
    expect(fs.readFileSync(lockFile(dataDir), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('removes the lock file on release, and only its own', () => {
    const dataDir = newDir();
    const release = lockDataDir(dataDir);
    expect(fs.existsSync(lockFile(dataDir))).toBe(true);
    release();
    expect(fs.existsSync(lockFile(dataDir))).toBe(false);

    const again = lockDataDir(dataDir);
    fs.writeFileSync(lockFile(dataDir), '1'); // taken over by someone else meanwhile
    again();
    expect(fs.readFileSync(lockFile(dataDir), 'utf8')).toBe('1');
  });

  it('is a DataDirLockedError when refused in this process too', () => {
    const dataDir = newDir();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(lockFile(dataDir), '1'); // pid 1 is always alive
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dataDir)).toThrow(/уже используется другим процессом сервера \(pid 1\)/);
  });
});
