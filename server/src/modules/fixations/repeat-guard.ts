import type { Redis } from 'ioredis';

/**
 * DOMAIN.md rule 5: the same card again within a few seconds is a double scan, not a second meal.
 * With Redis the window is shared by every instance; if Redis fails, each instance keeps its own
 * window rather than refusing scans at lunch.
 */
export interface RepeatGuard {
  /** True when the card was not scanned within the window (and starts a new window). */
  claim(cardId: number): Promise<boolean>;
}

export function createRepeatGuard(redis: Redis | null, windowMs: number, now: () => number = Date.now): RepeatGuard {
  const local = new Map<number, number>();
  const claimLocally = (cardId: number) => {
    const t = now();
    const last = local.get(cardId);
    if (last !== undefined && t - last < windowMs) return false;
    if (local.size > 100_000) {
      for (const [id, at] of local) if (t - at >= windowMs) local.delete(id);
    }
    local.set(cardId, t);
    return true;
  };
  return {
    async claim(cardId) {
      if (!redis) return claimLocally(cardId);
      try {
        return (await redis.set(`tamaq-scan:${cardId}`, '1', 'PX', windowMs, 'NX')) === 'OK';
      } catch {
        return claimLocally(cardId);
      }
    },
  };
}
