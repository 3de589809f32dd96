import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * One server per data directory: a second one would take the first one's embedded PostgreSQL for a
 * postmaster left by a killed process and stop it. This lock makes the second server refuse to
 * start instead. The lock file holds the owner's pid, so a lock left by a killed process is taken
 * over.
 */
export class DataDirLockedError extends Error {}

export const errorCode = (err: unknown) => (err as NodeJS.ErrnoException).code;

/** Whether a process with this pid exists (one of another user's answers EPERM, and exists). */
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return errorCode(err) === 'EPERM';
  }
  return !zombie(pid);
};

/**
 * A process that has ended but is not reaped yet (Linux): a postmaster whose Node was killed
 * belongs to init once it ends, and a container's init may take a second or more to reap it.
 */
function zombie(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return /^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
}

/** Another process's pid, alive: the lock is held. Our own pid in it is left by an earlier run (a container's pid 1). */
const heldBy = (content: string) => {
  const pid = Number(content);
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid);
};

/** The content of a file, or null when there is none. */
const read = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return null;
    throw err;
  }
};

const mtime = (file: string) => {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return Date.now();
  }
};

const uniqueName = (file: string) => `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;

/**
 * Creates `file` holding our pid, or answers false when it exists. The pid is written before the
 * file appears (a link to a finished file), so nobody ever reads a half-made lock and takes it over.
 */
function create(file: string): boolean {
  const draft = uniqueName(file);
  fs.writeFileSync(draft, String(process.pid), { flag: 'wx' });
  try {
    fs.linkSync(draft, file);
    return true;
  } catch (err) {
    if (errorCode(err) === 'EEXIST') return false;
    if (!NO_LINKS.has(errorCode(err) ?? '')) throw err;
    return createInPlace(file);
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/** What a file system without hard links answers to one. */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/** Exclusive create, then write: there the lock is empty for a moment. */
function createInPlace(file: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, 'wx');
  } catch (err) {
    if (errorCode(err) === 'EEXIST') return false;
    throw err;
  }
  fs.writeSync(fd, String(process.pid));
  fs.closeSync(fd);
  return true;
}

/**
 * Deletes `file` if it still holds `seen`. Reading and deleting are two steps, and another process
 * may have replaced the file in between: so the file is first moved to a name of our own, and put
 * back if what we moved is not what we saw.
 */
function removeIfStill(file: string, seen: string): void {
  const tomb = uniqueName(file);
  try {
    fs.renameSync(file, tomb);
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return;
    throw err;
  }
  try {
    if (fs.readFileSync(tomb, 'utf8') === seen) return;
    fs.linkSync(tomb, file);
  } catch (err) {
    if (errorCode(err) !== 'EEXIST') throw err;
  } finally {
    fs.rmSync(tomb, { force: true });
  }
}

/** Blocks the thread: the lock is taken at start, before anything else runs. */
const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Removes a stale lock, one process at a time. Put back is not enough on its own: while the lock of
 * a process that just took over sits moved aside, a third one could create its own, and then two
 * would hold it. Holding `tamaq.lock.takeover`, nobody else removes the lock, so what we read is
 * what we remove. The gate is held for a few system calls; one left by a killed process (or older
 * than two seconds) is removed.
 */
function takeOver(file: string): void {
  const gate = `${file}.takeover`;
  if (!create(gate)) {
    const holder = read(gate);
    if (holder === null) return;
    // A gate that old is not in use, whoever has its pid now.
    if (heldBy(holder) && Date.now() - mtime(gate) < 2_000) sleep(5);
    else removeIfStill(gate, holder);
    return;
  }
  try {
    const content = read(file);
    if (content !== null && !heldBy(content)) removeIfStill(file, content);
  } finally {
    fs.rmSync(gate, { force: true });
  }
}

export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'tamaq.lock');
  const deadline = Date.now() + 5_000;
  do {
    if (create(file)) {
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        try {
          if (read(file) === String(process.pid)) fs.rmSync(file, { force: true });
        } catch {
          /* the directory is gone or unreadable: nothing of ours to remove */
        }
      };
      process.once('exit', release);
      return release;
    }
    const content = read(file);
    if (content === null) continue; // released meanwhile
    if (heldBy(content)) {
      throw new DataDirLockedError(
        `Каталог данных ${dataDir} уже используется другим процессом сервера (pid ${Number(content)}). ` +
          'Остановите его или укажите другой DATA_DIR.',
      );
    }
    takeOver(file);
  } while (Date.now() < deadline);
  throw new DataDirLockedError(`Не удалось занять каталог данных ${dataDir}`);
}
