import fs from 'node:fs';
import path from 'node:path';
import type { AdminSummary, BackupNotice } from '@tamaq/contract/admin';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { createBackupRepository } from './backup.repository.ts';
import { listBackups } from './backup-files.ts';

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

/** Whether the backups are written to the embedded database's own disk (a failed disk takes both). */
export function onDataDisk(config: Pick<Config, 'backupDir' | 'dataDir' | 'databaseUrl'>): boolean {
  if (config.databaseUrl) return false;
  const data = deviceOf(config.dataDir);
  return data !== null && data === deviceOf(config.backupDir);
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
  // A backup made from the screen counts as the night's does, once it verified.
  const made = (await listBackups(config.backupDir)).find((f) => f.verified)?.created_at;
  // A night that failed is set right by a good backup made after it.
  const failed =
    last?.status === 'failed' && !(made && last.finishedAt && new Date(made) > last.finishedAt) ? last : null;
  const notices: BackupNotice[] = [];
  const lastGood = [done?.finishedAt ?? null, made ? new Date(made) : null]
    .filter((d): d is Date => d !== null)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  const since = lastGood ?? (await repo.firstOrganizationAt());
  if (since && now.getTime() - since.getTime() > BACKUP_WARN_AFTER_MS) notices.push('backup-old');
  if (failed) notices.push('backup-failed');
  const check = await repo.lastCheck();
  if (check && !check.ok) notices.push('backup-check-failed');
  // Once backups are written there: before, the age of the last backup is the warning.
  if (lastGood && onDataDisk(config)) notices.push('backup-same-disk');
  return {
    backup: {
      last_at: lastGood?.toISOString() ?? null,
      failed_at: failed?.finishedAt?.toISOString() ?? null,
      failed_reason: failed?.error ?? null,
      checked_at: check?.checkedAt.toISOString() ?? null,
      check_error: check && !check.ok ? check.error : null,
      dir: config.backupDir,
    },
    notices,
  };
}
