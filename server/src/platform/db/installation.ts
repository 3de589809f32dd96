import { installation } from './schema.ts';
import type { Db } from './client.ts';

/** This installation's key (see the `installation` table), made if the row is missing. */
export async function installationKey(db: Db): Promise<string> {
  const [row] = await db.select({ key: installation.key }).from(installation);
  if (row) return row.key;
  await db.insert(installation).values({}).onConflictDoNothing();
  const [made] = await db.select({ key: installation.key }).from(installation);
  return made!.key;
}
