import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

/**
 * The repeat window in the database (`scan_windows`), for the instances to share while Redis is away
 * (repeat-guard.ts). `claim` answers as the Redis script does: 0 another scan holds the window, 1
 * opened now, 2 already held by this scan (its window restarts), 3 granted but a later scan's entry stays.
 */
export interface ScanWindows {
  claim(card: string, by: string, at: number, windowMs: number, keepMs: number): Promise<number>;
  /** Gives back the window this scan opened, if it still holds it. */
  release(card: string, by: string, at: number): Promise<void>;
}

export function createScanWindows(db: Db): ScanWindows {
  return {
    /**
     * One statement: the row's lock (`on conflict`) orders two instances' claims of one card, and
     * `verdict` is computed from the row as it was.
     */
    async claim(card, by, at, windowMs, keepMs) {
      const verdict = sql`case
          when w.until <= now() then 1
          when w.held_by = ${by} then 2
          when abs(w.at - ${at}::bigint) < ${windowMs} then 0
          when w.at > ${at}::bigint then 3
          else 1 end`;
      const result = await db.execute(sql`
        insert into scan_windows as w (card, held_by, at, until, verdict)
        values (${card}, ${by}, ${at}::bigint, now() + ${keepMs} * interval '1 millisecond', 1)
        on conflict (card) do update set
          verdict = ${verdict},
          held_by = case when ${verdict} in (1, 2) then excluded.held_by else w.held_by end,
          at = case when ${verdict} in (1, 2) then excluded.at else w.at end,
          until = case when ${verdict} in (1, 2) then excluded.until else w.until end
        returning verdict`);
      return Number((result as unknown as { rows: { verdict: number }[] }).rows[0]!.verdict);
    },
    async release(card, by, at) {
      await db.execute(sql`delete from scan_windows where card = ${card} and held_by = ${by} and at = ${at}::bigint`);
    },
  };
}
