import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * DOMAIN.md rule 5: the same card again within a few seconds is a double scan, not a second meal.
 * With Redis the window is shared by every instance; if Redis fails, each instance keeps its own
 * window rather than refusing scans at lunch.
 *
 * The window is keyed by the scanned (normalised) card number, so it can be claimed before the scan's
 * one database statement, and it remembers which scan opened it (its Idempotency-Key): a retry of
 * THAT scan is not a double scan. Without this, a scan whose first try claimed the window and then
 * failed (a crash before the commit, a 5xx, a lost connection) would be answered 429 on its retry a
 * second later, and the browser's queue drops a 429 silently: a meal lost. Rule 6 comes before rule 5.
 */
export interface Claim {
  /** False: another scan of this card holds the window (a double scan). */
  granted: boolean;
  /**
   * Gives a window this scan opened back, for a scan that turns out not to be a scan of a card
   * (unknown card, wrong school, a replayed answer): those answer as if no window had been claimed.
   */
  release(): Promise<void>;
}

export interface RepeatGuard {
  claim(cardNumber: string, key: string | null): Promise<Claim>;
}

/** 0: held by another scan; 1: opened now; 2: already held by this scan (its window restarts). */
const CLAIM_SCRIPT = `
local held = redis.call('GET', KEYS[1])
if held and held ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
if held then return 2 end
return 1`;
const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1`;

const DENIED: Claim = { granted: false, release: async () => {} };
const KEPT: Claim = { granted: true, release: async () => {} };

export function createRepeatGuard(redis: Redis | null, windowMs: number, now: () => number = Date.now): RepeatGuard {
  const local = new Map<string, { at: number; by: string }>();
  const claimLocally = (card: string, by: string): Claim => {
    const t = now();
    const held = local.get(card);
    const open = held !== undefined && t - held.at < windowMs;
    if (open && held.by !== by) return DENIED;
    if (local.size > 100_000) {
      for (const [number, h] of local) if (t - h.at >= windowMs) local.delete(number);
    }
    const mine = { at: t, by };
    local.set(card, mine);
    if (open) return KEPT;
    return {
      granted: true,
      release: async () => {
        if (local.get(card) === mine) local.delete(card);
      },
    };
  };
  return {
    async claim(card, key) {
      // A scan without a key is a scan of its own: nothing else may match it.
      const by = key ?? randomUUID();
      if (!redis) return claimLocally(card, by);
      const name = `tamaq-scan:${card}`;
      let answer: unknown;
      try {
        answer = await redis.eval(CLAIM_SCRIPT, 1, name, by, windowMs);
      } catch {
        return claimLocally(card, by);
      }
      if (answer === 0) return DENIED;
      if (answer === 2) return KEPT;
      return {
        granted: true,
        release: async () => {
          await redis.eval(RELEASE_SCRIPT, 1, name, by).catch(() => {});
        },
      };
    },
  };
}
