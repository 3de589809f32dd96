import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { ScanWindows } from './scan-windows.repository.ts';

/**
 * docs/domain.md rule 5: the same card again within a few seconds is a double scan, not a second meal.
 * With Redis the window is shared by every instance; while Redis is away (a call fails at once, see
 * platform/redis.ts) the instances share it in the database instead (`scan_windows`, one statement a
 * claim), and should that fail too each instance keeps its own window rather than refusing scans at
 * lunch.
 *
 * The window is keyed by the scanned (normalised) card number, so it can be claimed before the scan's
 * one database statement, and it remembers which scan opened it (its Idempotency-Key): a retry of
 * THAT scan is not a double scan. Without this, a scan whose first try claimed the window and then
 * failed (a crash before the commit, a 5xx, a lost connection) would be answered 429 on its retry a
 * second later, and the browser's queue drops a 429 silently: a meal lost. Rule 6 comes before rule 5.
 *
 * The window is measured between the scans' own times (`scannedAt`), not between their arrivals: a
 * station that queued two real meals of an endless card offline, ten seconds apart, sends them back to
 * back when the network returns, and both are meals. The window's entry lives a minute longer than the
 * window (in real time), so a scan queued offline still meets the scan it doubles.
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
  /** `at`: when the scan was made (its `scannedAt`, else its arrival), in epoch milliseconds. */
  claim(cardNumber: string, key: string | null, at: number): Promise<Claim>;
}

/** How long (real time) past the window an entry is kept for scans that arrive late from a queue. */
const LATE_ARRIVAL_MS = 60_000;

/**
 * The entry is `<key>|<scan time>`. 0: a scan of another key within the window; 1: opened now;
 * 2: already held by this scan (its window restarts); 3: granted, but an entry of a later scan stays.
 */
const CLAIM_SCRIPT = `
local held = redis.call('GET', KEYS[1])
local at = tonumber(ARGV[3])
if held then
  local bar = string.find(held, '|', 1, true)
  local by = string.sub(held, 1, bar - 1)
  local heldAt = tonumber(string.sub(held, bar + 1))
  if by == ARGV[1] then
    redis.call('SET', KEYS[1], ARGV[1] .. '|' .. ARGV[3], 'PX', ARGV[2])
    return 2
  end
  if math.abs(at - heldAt) < tonumber(ARGV[4]) then return 0 end
  if heldAt > at then return 3 end
end
redis.call('SET', KEYS[1], ARGV[1] .. '|' .. ARGV[3], 'PX', ARGV[2])
return 1`;
const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1`;

const DENIED: Claim = { granted: false, release: async () => {} };
const KEPT: Claim = { granted: true, release: async () => {} };

export function createRepeatGuard(
  redis: Redis | null,
  windowMs: number,
  now: () => number = Date.now,
  shared: ScanWindows | null = null,
): RepeatGuard {
  const keepMs = windowMs + LATE_ARRIVAL_MS;
  /** `at`: the scan's time; `until`: when (real time) the entry is forgotten. */
  const local = new Map<string, { at: number; by: string; until: number }>();
  const claimLocally = (card: string, by: string, at: number): Claim => {
    const t = now();
    const entry = local.get(card);
    const held = entry !== undefined && t < entry.until ? entry : undefined;
    if (held && held.by !== by) {
      if (Math.abs(at - held.at) < windowMs) return DENIED;
      if (held.at > at) return KEPT;
    }
    if (local.size > 100_000) {
      for (const [number, h] of local) if (t >= h.until) local.delete(number);
    }
    const mine = { at, by, until: t + keepMs };
    local.set(card, mine);
    if (held?.by === by) return KEPT;
    return {
      granted: true,
      release: async () => {
        if (local.get(card) === mine) local.delete(card);
      },
    };
  };
  return {
    async claim(card, key, at) {
      // A scan without a key is a scan of its own: nothing else may match it.
      const by = key ?? randomUUID();
      if (!redis) return claimLocally(card, by, at);
      const name = `tamaq-scan:${card}`;
      let answer: unknown;
      let release: () => Promise<unknown>;
      try {
        answer = await redis.eval(CLAIM_SCRIPT, 1, name, by, keepMs, at, windowMs);
        release = () => redis.eval(RELEASE_SCRIPT, 1, name, `${by}|${at}`);
      } catch {
        if (!shared) return claimLocally(card, by, at);
        try {
          answer = await shared.claim(card, by, at, windowMs, keepMs);
          release = () => shared.release(card, by, at);
        } catch {
          return claimLocally(card, by, at);
        }
      }
      if (answer === 0) return DENIED;
      if (answer === 2 || answer === 3) return KEPT;
      return {
        granted: true,
        release: async () => {
          await release().catch(() => {});
        },
      };
    },
  };
}
