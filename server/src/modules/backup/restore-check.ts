import pg from 'pg';
import { quote } from './backup-file.ts';
import { restoreIntoNewDatabase, scratchName } from './restore-file.ts';

/**
 * Proves a backup file restores (docs/rules.md "Backups"): restores it into a throw-away database
 * beside the live one at `liveUrl`, every table checked, then drops it. Answers the outcome.
 */
export async function checkRestores(
  file: string,
  liveUrl: string,
): Promise<{ ok: boolean; rows: number | null; error: string | null }> {
  const name = scratchName('check');
  try {
    const restored = await restoreIntoNewDatabase(file, liveUrl, name);
    return { ok: true, rows: restored.summary.rows, error: null };
  } catch (err) {
    return { ok: false, rows: null, error: (err as Error).message };
  } finally {
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
}
