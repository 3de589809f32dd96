import pg from 'pg';
import { quote } from './backup-file.ts';
import { restoreIntoNewDatabase, scratchName } from './restore-file.ts';

/** What a check answers when `signal` stopped it (the server stopping): no outcome to record. */
export const CHECK_STOPPED = 'stopped';

/**
 * Proves a backup file restores (docs/rules.md "Backups"): restores it into a throw-away database
 * beside the live one at `liveUrl`, every table checked, then drops it. Answers the outcome. An abort
 * of `signal` (the server stopping) drops the database at once, ending the restore's connections to
 * it, and the check answers `CHECK_STOPPED` once nothing of it is left.
 */
export async function checkRestores(
  file: string,
  liveUrl: string,
  signal?: AbortSignal,
): Promise<{ ok: boolean; rows: number | null; error: string | null }> {
  if (signal?.aborted) return { ok: false, rows: null, error: CHECK_STOPPED };
  const name = scratchName('check');
  const drop = () => dropScratch(liveUrl, name);
  let dropping: Promise<void> | null = null;
  const onAbort = () => {
    dropping = drop();
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const restored = await restoreIntoNewDatabase(file, liveUrl, name);
    if (signal?.aborted) return { ok: false, rows: null, error: CHECK_STOPPED };
    return { ok: true, rows: restored.summary.rows, error: null };
  } catch (err) {
    if (signal?.aborted) return { ok: false, rows: null, error: CHECK_STOPPED };
    return { ok: false, rows: null, error: (err as Error).message };
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await dropping;
    // Again: a drop that came before the restore made its database found nothing to drop.
    await drop();
  }
}

async function dropScratch(liveUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: liveUrl });
  // A connection the server ends (a forced drop, a shutdown) fails its statement; it must not end the process.
  admin.on('error', () => {});
  try {
    await admin.connect();
    await admin.query(`drop database if exists ${quote(name)} with (force)`);
  } catch {
    /* nothing was made, or the server is gone: nothing to drop */
  } finally {
    await admin.end().catch(() => {});
  }
}
