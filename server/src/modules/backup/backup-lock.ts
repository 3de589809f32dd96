import path from 'node:path';

/** Takes a backup folder for one piece of work: its release, or null when something works there now. */
export type HoldFolder = (dir: string) => (() => void) | null;

/**
 * The backup folders something works in now, for one process: a job of the screen or the nightly
 * backup, one at a time in a folder (docs/rules.md "Backups"). The nightly backup that finds its
 * folder held looks again later; the screen answers that a backup is under way. A restore beside a
 * backup would wait for the backup's tables and give up, and two at once share the disk and the
 * cores the queue needs.
 */
export function folderLocks(): HoldFolder {
  const held = new Set<string>();
  return (dir) => {
    const key = path.resolve(dir);
    if (held.has(key)) return null;
    held.add(key);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      held.delete(key);
    };
  };
}

/** This process's: the screen's jobs and the nightly backup take their folder here. */
export const holdFolder: HoldFolder = folderLocks();
