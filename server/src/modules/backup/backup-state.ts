import fs from 'node:fs';
import path from 'node:path';
import type { AdminSummary, BackupNotice } from '@tamaq/contract/admin';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { createBackupRepository } from './backup.repository.ts';

/** How old the last backup may be before the super admin is warned. */
export const BACKUP_WARN_AFTER_MS = 48 * 3_600_000;

/** The device a path is on, or the nearest existing directory above it (a backup folder not made yet). */
function deviceOf(p: string): number | null {
  for (let at = path.resolve(p); ; at = path.dirname(at)) {
    try {
      return fs.statSync(at).dev;
    } catch {
      if (path.dirname(at) === at) return null;
    }
  }
}

/**
 * What the super admin's dashboard says of the backups (docs/rules.md "Backups"): the last written
 * and the last failure, and the warnings: none for 48 hours, the last run failed, or the files
 * written on the embedded database's own disk.
 */
export async function backupState(
  db: Db,
  config: Pick<Config, 'backupDir' | 'dataDir' | 'databaseUrl'>,
  now: Date,
): Promise<{ backup: AdminSummary['backup']; notices: BackupNotice[] }> {
  const repo = createBackupRepository(db);
  const runs = await repo.runs();
  const done = runs.find((r) => r.status === 'done');
  const last = runs[0];
  const failed = last?.status === 'failed' ? last : null;
  const notices: BackupNotice[] = [];
  const since = done?.finishedAt ?? (await repo.firstOrganizationAt());
  if (since && now.getTime() - since.getTime() > BACKUP_WARN_AFTER_MS) notices.push('backup-old');
  if (failed) notices.push('backup-failed');
  const check = await repo.lastCheck();
  if (check && !check.ok) notices.push('backup-check-failed');
  // Once backups are written there: before, the age of the last backup is the warning.
  if (!config.databaseUrl && done) {
    const data = deviceOf(config.dataDir);
    if (data !== null && data === deviceOf(config.backupDir)) notices.push('backup-same-disk');
  }
  return {
    backup: {
      last_at: done?.finishedAt?.toISOString() ?? null,
      failed_at: failed?.finishedAt?.toISOString() ?? null,
      failed_reason: failed?.error ?? null,
      checked_at: check?.checkedAt.toISOString() ?? null,
      check_error: check && !check.ok ? check.error : null,
      dir: config.backupDir,
    },
    notices,
  };
}
