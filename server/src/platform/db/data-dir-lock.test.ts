import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
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

/** The pid of a process that has exited. */
const deadPid = () =>
  spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout.trim();

/**
 * Server processes that wait, blocked on their stdin, for `lock <dir>` (and answer `locked` or
 * `refused`) and `release`: a line written to all of them wakes them within microseconds of each
 * other, so they race for the lock as servers started together would.
 */
async function racers(count: number) {
  const code = `
    import fs from 'node:fs';
    import { DataDirLockedError, lockDataDir } from ${JSON.stringify(MODULE)};
    const buf = Buffer.alloc(4096);
    let pending = '';
    let release = null;
    console.log('ready');
    for (;;) {
      const n = fs.readSync(0, buf);
      if (n === 0) break;
      pending += buf.toString('utf8', 0, n);
      let nl;
      while ((nl = pending.indexOf('\\n')) >= 0) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        if (line.startsWith('lock ')) {
          try { release = lockDataDir(line.slice(5)); console.log('locked'); }
          catch (err) { console.log(err instanceof DataDirLockedError ? 'refused' : 'error ' + err.message); }
        } else if (line === 'release') { release?.(); release = null; console.log('released'); }
      }
    }`;
  interface Racer {
    child: ChildProcessWithoutNullStreams;
    exited: Promise<unknown>;
    lines: string[];
    waiters: (() => void)[];
  }
  const children: Racer[] = [];
  for (let i = 0; i < count; i++) {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      stdio: 'pipe',
    });
    const racer: Racer = {
      child,
      exited: new Promise((resolve) => child.once('exit', resolve)),
      lines: [],
      waiters: [],
    };
    const push = (...lines: string[]) => {
      racer.lines.push(...lines);
      for (const wake of racer.waiters.splice(0)) wake();
    };
    let rest = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop()!;
      push(...parts);
    });
    // A racer that dies answers so, instead of leaving the test waiting.
    void racer.exited.then(() => push('exited'));
    children.push(racer);
  }
  const next = async (racer: Racer): Promise<string> => {
    while (!racer.lines.length) await new Promise<void>((resolve) => racer.waiters.push(resolve));
    return racer.lines.shift()!;
  };
  const all = async (line?: string) => {
    if (line !== undefined) for (const { child } of children) child.stdin.write(`${line}\n`);
    return Promise.all(children.map(next));
  };
  expect(await all()).toEqual(Array(count).fill('ready'));
  return {
    pids: children.map(({ child }) => String(child.pid)),
    /** Every racer tries to lock `dataDir` at once; their answers in order. */
    lock: (dataDir: string) => all(`lock ${dataDir}`),
    release: () => all('release'),
    stop: () =>
      Promise.all(
        children.map(({ child, exited }) => {
          child.stdin.end();
          return exited;
        }),
      ),
  };
}

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
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(lockFile(dataDir), deadPid());
    const release = lockDataDir(dataDir);
    expect(fs.readFileSync(lockFile(dataDir), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('takes over a stale lock even when a process was killed in the middle of a takeover', () => {
    const dataDir = newDir();
    const dead = deadPid();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(lockFile(dataDir), dead);
    fs.writeFileSync(`${lockFile(dataDir)}.takeover`, dead);
    const release = lockDataDir(dataDir);
    expect(fs.readFileSync(lockFile(dataDir), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.readdirSync(dataDir)).toEqual([]);

    // Its pid taken by a process that lives on (pid 1 is always alive).
    fs.writeFileSync(lockFile(dataDir), dead);
    fs.writeFileSync(`${lockFile(dataDir)}.takeover`, '1');
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(`${lockFile(dataDir)}.takeover`, old, old);
    lockDataDir(dataDir)();
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('lets exactly one of several processes started together take over a lock left by a dead one', async () => {
    const group = await racers(4);
    const dead = deadPid();
    try {
      for (let round = 0; round < 60; round++) {
        const dataDir = newDir();
        fs.mkdirSync(dataDir, { recursive: true });
        fs.writeFileSync(lockFile(dataDir), dead);
        const answers = await group.lock(dataDir);
        expect(
          answers.filter((a) => a === 'locked'),
          `round ${round}: ${answers.join(', ')}`,
        ).toHaveLength(1);
        expect(answers.filter((a) => a !== 'locked')).toEqual(Array(3).fill('refused'));
        expect(fs.readFileSync(lockFile(dataDir), 'utf8')).toBe(group.pids[answers.indexOf('locked')]);
        await group.release();
        expect(fs.readdirSync(dataDir)).toEqual([]);
      }
    } finally {
      await group.stop();
    }
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
