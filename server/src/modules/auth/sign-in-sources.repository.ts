import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

import { SIGN_IN_SOURCE_DAYS as SOURCE_DAYS } from '../../platform/key-pruning.ts';

/** Which of a sign-in's sources its account has signed in from before. */
export interface KnownSources {
  device: boolean;
  address: boolean;
}

/**
 * The browsers (by the hash of their device cookie) and addresses each account signed in from with
 * its right password (`sign_in_sources`).
 */
export function createSignInSources(db: Db) {
  return {
    /** For the account of `email` (normalised): whether this device and this address are known. */
    async known(email: string, device: string | null, address: string): Promise<KnownSources> {
      if (!email) return { device: false, address: false };
      const result = await db.execute(sql`
        select s.kind from sign_in_sources s join users u on u.id = s.user_id
        where u.email = ${email} and u.deleted_at is null
          and s.last_at > now() - ${SOURCE_DAYS} * interval '1 day'
          and ((s.kind = 'device' and s.value = ${device ?? ''}) or (s.kind = 'address' and s.value = ${address}))`);
      const kinds = new Set((result as unknown as { rows: { kind: string }[] }).rows.map((r) => r.kind));
      return { device: kinds.has('device'), address: kinds.has('address') };
    },
    async remember(userId: number, device: string, address: string): Promise<void> {
      await db.execute(sql`
        insert into sign_in_sources (user_id, kind, value, last_at)
        values (${userId}, 'device', ${device}, now()), (${userId}, 'address', ${address}, now())
        on conflict (user_id, kind, value) do update set last_at = excluded.last_at`);
    },
  };
}
