import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { organizations } from './schema.ts';

/** An organization's time zone (its calendar days are the days of visits and reports), or null. */
export async function organizationTimeZone(db: Db, organizationId: number): Promise<string | null> {
  const [row] = await db
    .select({ timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return row?.timeZone ?? null;
}
