import type { BackupSettings } from '@tamaq/contract/admin';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { createBackupRepository } from './backup.repository.ts';

/**
 * The nightly backup's time (null: off) and count (docs/rules.md "Backups"): as the super admin set
 * them on the screen, else BACKUP_TIME and BACKUP_KEEP.
 */
export function createBackupSettings(db: Db, config: Pick<Config, 'backupTime' | 'backupKeep'>) {
  const repo = createBackupRepository(db);
  const current = async (): Promise<BackupSettings> =>
    (await repo.settings()) ?? { time: config.backupTime, keep: config.backupKeep };
  return {
    current,
    async save(settings: BackupSettings, at: Date): Promise<BackupSettings> {
      await repo.saveSettings(settings, at);
      return current();
    },
  };
}
