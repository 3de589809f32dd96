import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AdminSummary, OutboxList, OutboxQuery } from '@tamaq/contract/admin';
import { containsPattern } from '../../platform/db/catalogue.ts';
import type { Db } from '../../platform/db/client.ts';
import { cards, users, visits } from '../../platform/db/schema-people.ts';
import { mailOutbox, organizations, schools } from '../../platform/db/schema.ts';
import { notificationDeliveries } from '../../platform/db/schema-notifications.ts';

export function createAdminRepository(db: Db) {
  const total = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;

  return {
    /** Counts over every organization; "today" is each visit's organization's own calendar day. */
    async summary(now: Date): Promise<Omit<AdminSummary, 'notices' | 'backup'>> {
      const today = sql`(${now.toISOString()}::timestamptz at time zone ${organizations.timeZone})::date`;
      const [organizationsTotal, schoolsTotal, pupils, cardsTotal, visitsToday, waiting, failed] = await Promise.all([
        total(db.select({ n: count() }).from(organizations)),
        total(db.select({ n: count() }).from(schools)),
        total(
          db
            .select({ n: count() })
            .from(users)
            .where(and(isNotNull(users.classroomId), isNull(users.deletedAt))),
        ),
        total(db.select({ n: count() }).from(cards)),
        total(
          db
            .select({ n: count() })
            .from(visits)
            .innerJoin(organizations, eq(organizations.id, visits.organizationId))
            .where(eq(visits.visitDate, today)),
        ),
        total(db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.sent, false))),
        total(
          db.select({ n: count() }).from(notificationDeliveries).where(eq(notificationDeliveries.status, 'failed')),
        ),
      ]);
      return {
        organizations: organizationsTotal,
        schools: schoolsTotal,
        pupils,
        cards: cardsTotal,
        visits_today: visitsToday,
        outbox_waiting: waiting,
        notifications_failed: failed,
      };
    },

    /** The outbox, newest first: by a part of the address or subject, the waiting ones only if asked. */
    async outbox(q: OutboxQuery): Promise<OutboxList> {
      const like = q.query ? containsPattern(q.query) : null;
      const where: SQL | undefined = and(
        like ? or(ilike(mailOutbox.to, like), ilike(mailOutbox.subject, like)) : undefined,
        q.waiting === '1' ? eq(mailOutbox.sent, false) : q.waiting === '0' ? eq(mailOutbox.sent, true) : undefined,
      );
      const [rows, totalRows] = await Promise.all([
        db
          .select()
          .from(mailOutbox)
          .where(where)
          .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
          .limit(q.limit)
          .offset(q.offset),
        db.select({ n: count() }).from(mailOutbox).where(where),
      ]);
      return {
        total: totalRows[0]?.n ?? 0,
        rows: rows.map((r) => ({
          id: r.id,
          to: r.to,
          subject: r.subject,
          text: r.text,
          sent: r.sent,
          created_at: r.createdAt.toISOString(),
        })),
      };
    },
  };
}
