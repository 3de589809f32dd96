import { sql } from 'drizzle-orm';
import type { NotificationEvent } from '@tamaq/contract/notifications';
import type { Db } from './client.ts';

/**
 * Writes, in `db` (the transaction of what it tells of), a notice of `event` for each pupil a parent
 * chose to hear it of (docs/rules.md "Notifications"); a pupil nobody asked about costs one index
 * probe and writes nothing. The worker of the notifications module sends them.
 */
export async function writeNotices(
  db: Db,
  notice: {
    event: NotificationEvent;
    organizationId: number;
    at: Date;
    items: { pupilId: number; data: Record<string, unknown> }[];
  },
): Promise<void> {
  if (notice.items.length === 0) return;
  const items = JSON.stringify(notice.items.map((i) => ({ pupil_id: i.pupilId, data: i.data })));
  await db.execute(sql`
    insert into notification_events (event, organization_id, pupil_id, at, data)
    select ${notice.event}, ${notice.organizationId}::int, x.pupil_id, ${notice.at.toISOString()}::timestamptz, x.data
    from jsonb_to_recordset(${items}::jsonb) as x(pupil_id int, data jsonb)
    where exists (select 1 from notification_choices c where c.pupil_id = x.pupil_id and c.event = ${notice.event})`);
}
