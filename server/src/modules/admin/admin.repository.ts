import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AdminSummary } from '@tamaq/contract/admin';
import type { Db } from '../../platform/db/client.ts';
import { cards, users, visits } from '../../platform/db/schema-people.ts';
import { organizations, schools } from '../../platform/db/schema.ts';

export function createAdminRepository(db: Db) {
  const total = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;

  return {
    /** Counts over every organization; "today" is each visit's organization's own calendar day. */
    async summary(now: Date): Promise<AdminSummary> {
      const today = sql`(${now.toISOString()}::timestamptz at time zone ${organizations.timeZone})::date`;
      const [organizationsTotal, schoolsTotal, pupils, cardsTotal, visitsToday] = await Promise.all([
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
      ]);
      return {
        organizations: organizationsTotal,
        schools: schoolsTotal,
        pupils,
        cards: cardsTotal,
        visits_today: visitsToday,
      };
    },
  };
}
