import type { InstanceNotice } from '@tamaq/contract/admin';

/**
 * What this instance has seen that the super admin should set right, for the dashboard (`/admin`).
 * Each is also said once in the log when first seen.
 */
export interface Notices {
  add(notice: InstanceNotice): void;
  /** It no longer holds (said in the log if it was there). */
  clear(notice: InstanceNotice): void;
  list(): InstanceNotice[];
}

export function createNotices(
  log: { warn(msg: string): void; info(msg: string): void },
  messages: Record<InstanceNotice, string>,
): Notices {
  const seen = new Set<InstanceNotice>();
  return {
    add(notice) {
      if (seen.has(notice)) return;
      seen.add(notice);
      log.warn(messages[notice]);
    },
    clear(notice) {
      if (seen.delete(notice)) log.info(`${notice}: no longer so`);
    },
    list: () => [...seen],
  };
}
