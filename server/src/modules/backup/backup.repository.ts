import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { backupChecks, backupRuns, backupSettings, organizations } from '../../platform/db/schema.ts';

/** The schedule's runs: a day claimed once (its unique key), then finished or failed. */
export function createBackupRepository(db: Db) {
  return {
    /** The time zone the schedule keeps: the first organization's (a school's PC holds one). */
    async timeZone(): Promise<string | null> {
      const [row] = await db
        .select({ timeZone: organizations.timeZone })
        .from(organizations)
        .orderBy(asc(organizations.id))
        .limit(1);
      return row?.timeZone ?? null;
    },
    /** Claims the day's run; null when another look (or instance) has it already. */
    async claim(day: string, at: Date): Promise<number | null> {
      const [row] = await db
        .insert(backupRuns)
        .values({ day, status: 'running', startedAt: at })
        .onConflictDoNothing({ target: backupRuns.day })
        .returning({ id: backupRuns.id });
      return row?.id ?? null;
    },
    async finish(
      id: number,
      outcome: { status: 'done' | 'failed'; at: Date; file?: string; bytes?: number; rows?: number; error?: string },
    ) {
      await db
        .update(backupRuns)
        .set({
          status: outcome.status,
          finishedAt: outcome.at,
          file: outcome.file ?? null,
          bytes: outcome.bytes ?? null,
          rows: outcome.rows ?? null,
          error: outcome.error ?? null,
        })
        .where(eq(backupRuns.id, id));
    },
    /** When the first organization was made: the age of an installation that has no backup yet. */
    async firstOrganizationAt(): Promise<Date | null> {
      const [row] = await db.select({ at: sql<string | null>`min(${organizations.createdAt})` }).from(organizations);
      return row?.at ? new Date(row.at) : null;
    },
    /** The last restore check, if any. */
    async lastCheck() {
      const [row] = await db
        .select()
        .from(backupChecks)
        .orderBy(sql`${backupChecks.checkedAt} desc`)
        .limit(1);
      return row ?? null;
    },
    async recordCheck(check: typeof backupChecks.$inferInsert) {
      await db.insert(backupChecks).values(check);
    },
    /** The nightly backup as set on the screen, or null (the configuration's then). */
    async settings(): Promise<{ time: string | null; keep: number } | null> {
      const [row] = await db.select({ time: backupSettings.time, keep: backupSettings.keep }).from(backupSettings);
      return row ?? null;
    },
    async saveSettings(settings: { time: string | null; keep: number }, at: Date) {
      await db
        .insert(backupSettings)
        .values({ one: true, ...settings, updatedAt: at })
        .onConflictDoUpdate({ target: backupSettings.one, set: { ...settings, updatedAt: at } });
    },
    async runs() {
      return db
        .select()
        .from(backupRuns)
        .orderBy(sql`${backupRuns.day} desc`);
    },
  };
}
