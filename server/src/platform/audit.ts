import type { Db } from './db/client.ts';
import { auditLog } from './db/schema.ts';
import type { Actor } from './auth/actors.ts';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  organizationId?: number | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes who did what to what, with the state before and after. Call it with the same transaction
 * as the change, so the log and the change land together or not at all.
 */
export async function audit(
  db: Db,
  actor: Pick<Actor, 'userId' | 'organizationId'> | null,
  entry: AuditEntry,
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor?.userId ?? null,
    organizationId: entry.organizationId ?? actor?.organizationId ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
