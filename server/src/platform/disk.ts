import fs from 'node:fs';
import type { Notices } from './notices.ts';

/** The data directory's disk is low below either: a day of a school's visits fits many times over. */
const LOW_FREE_BYTES = 512 * 2 ** 20;
const LOW_FREE_SHARE = 0.02;
const CHECK_EVERY_MS = 60_000;

export type DiskState = 'ok' | 'low' | 'full';

/**
 * Whether the server can still write (docs/rules.md "A full disk"). A write refused for want of space
 * (PostgreSQL's `disk_full`, or ENOSPC) makes the disk `full` until a write succeeds again; on the
 * embedded default the data directory's free space is also read, and `low` below 512 MB or 2 %.
 * Each change is said on the dashboard (and in the log, once).
 */
export interface DiskWatch {
  /** A write was refused for want of space. */
  full(): void;
  /** A write succeeded. */
  wrote(): void;
  state(): Promise<DiskState>;
  stop(): void;
}

/** Free and total bytes of the disk that holds `dir`, or null where the system cannot tell. */
async function space(dir: string): Promise<{ free: number; total: number } | null> {
  try {
    const s = await fs.promises.statfs(dir);
    return { free: s.bavail * s.bsize, total: s.blocks * s.bsize };
  } catch {
    return null;
  }
}

export function createDiskWatch(dataDir: string | null, notices: Notices): DiskWatch {
  let refused = false;
  const low = async () => {
    if (!dataDir) return false;
    const s = await space(dataDir);
    const isLow = s !== null && (s.free < LOW_FREE_BYTES || s.free < s.total * LOW_FREE_SHARE);
    if (isLow) notices.add('disk-low');
    else notices.clear('disk-low');
    return isLow;
  };
  const timer = dataDir ? setInterval(() => void low(), CHECK_EVERY_MS) : null;
  timer?.unref();
  if (dataDir) void low();
  return {
    full() {
      refused = true;
      notices.add('disk-full');
    },
    wrote() {
      if (!refused) return;
      refused = false;
      notices.clear('disk-full');
    },
    async state() {
      const isLow = await low();
      return refused ? 'full' : isLow ? 'low' : 'ok';
    },
    stop: () => (timer ? clearInterval(timer) : undefined),
  };
}

/** Whether an error is a write refused for want of disk space, by the database or the system. */
export function isDiskFull(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (e.code === '53100' || e.code === 'ENOSPC') return true;
    e = e.cause as typeof e;
  }
  return false;
}
