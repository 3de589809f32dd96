import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema-people.ts';

export interface SessionRow {
  id: string;
  userId: number;
  generation: number;
  expiresAt: Date;
  revoked: boolean;
  renewedAt: Date | null;
  /** When the current generation was first used after its renewal (null: not yet, or never renewed). */
  confirmedAt: Date | null;
}

export function createSessionRepository(db: Db) {
  return {
    async create(userId: number, expiresAt: Date): Promise<SessionRow> {
      const [row] = await db.insert(sessions).values({ userId, expiresAt }).returning();
      return {
        id: row!.id,
        userId,
        generation: row!.generation,
        expiresAt: row!.expiresAt,
        revoked: false,
        renewedAt: null,
        confirmedAt: null,
      };
    },
    async find(id: string): Promise<SessionRow | null> {
      const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
      return row
        ? {
            id: row.id,
            userId: row.userId,
            generation: row.generation,
            expiresAt: row.expiresAt,
            revoked: row.revokedAt !== null,
            renewedAt: row.renewedAt,
            confirmedAt: row.confirmedAt,
          }
        : null;
    },
    /**
     * The next generation of a live session of this user, from `generation` (the caller's); null when
     * the session is revoked, expired or not theirs, or has left that generation already.
     */
    async renew(id: string, userId: number, generation: number): Promise<SessionRow | null> {
      const [row] = await db
        .update(sessions)
        .set({ generation: sql`${sessions.generation} + 1`, renewedAt: sql`now()`, confirmedAt: null })
        .where(
          and(
            eq(sessions.id, id),
            eq(sessions.userId, userId),
            eq(sessions.generation, generation),
            isNull(sessions.revokedAt),
            sql`${sessions.expiresAt} > now()`,
          ),
        )
        .returning();
      return row
        ? {
            id: row.id,
            userId,
            generation: row.generation,
            expiresAt: row.expiresAt,
            revoked: false,
            renewedAt: row.renewedAt,
            confirmedAt: null,
          }
        : null;
    },
    /** The renewed generation was used: the one before it retires (after the grace). */
    async confirm(id: string, generation: number, at: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ confirmedAt: at })
        .where(and(eq(sessions.id, id), eq(sessions.generation, generation), isNull(sessions.confirmedAt)));
    },
    async revoke(id: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },
  };
}
