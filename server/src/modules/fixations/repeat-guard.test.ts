import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepeatGuard, type RepeatGuard } from './repeat-guard.ts';

/** DOMAIN.md rule 5 with rule 6 first: the window knows which scan opened it. */
function behaves(make: () => { guard: RepeatGuard; wait: (ms: number) => Promise<void> }) {
  it('refuses another scan of the card within the window and lets it through after', async () => {
    const { guard, wait } = make();
    const card = `C${randomUUID()}`;
    expect((await guard.claim(card, randomUUID())).granted).toBe(true);
    expect((await guard.claim(card, randomUUID())).granted).toBe(false);
    expect((await guard.claim(card, null)).granted).toBe(false);
    await wait(350);
    expect((await guard.claim(card, randomUUID())).granted).toBe(true);
  });

  it('lets a retry of the scan that opened the window through, and keeps the window', async () => {
    const { guard } = make();
    const card = `C${randomUUID()}`;
    const key = randomUUID();
    expect((await guard.claim(card, key)).granted).toBe(true);
    const retry = await guard.claim(card, key);
    expect(retry.granted).toBe(true);
    // Giving back a window the retry did not open leaves it with the first try.
    await retry.release();
    expect((await guard.claim(card, randomUUID())).granted).toBe(false);
  });

  it('never takes two scans without a key for one', async () => {
    const { guard } = make();
    const card = `C${randomUUID()}`;
    expect((await guard.claim(card, null)).granted).toBe(true);
    expect((await guard.claim(card, null)).granted).toBe(false);
  });

  it('gives a window back on release, so the next scan of the card is not a double scan', async () => {
    const { guard } = make();
    const card = `C${randomUUID()}`;
    const first = await guard.claim(card, randomUUID());
    await first.release();
    expect((await guard.claim(card, randomUUID())).granted).toBe(true);
  });
}

describe('the repeat guard in memory', () => {
  behaves(() => {
    let now = 1_000_000;
    return {
      guard: createRepeatGuard(null, 300, () => now),
      wait: async (ms) => {
        now += ms;
      },
    };
  });
});

const url = process.env.REDIS_URL;
describe.skipIf(!url)('the repeat guard in Redis', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(url!, { maxRetriesPerRequest: 2 });
  });
  afterAll(() => redis.quit());
  behaves(() => ({
    guard: createRepeatGuard(redis, 300),
    wait: (ms) => new Promise((r) => setTimeout(r, ms)),
  }));

  it('is one window for every instance', async () => {
    const a = createRepeatGuard(redis, 3000);
    const b = createRepeatGuard(redis, 3000);
    const card = `C${randomUUID()}`;
    const key = randomUUID();
    expect((await a.claim(card, key)).granted).toBe(true);
    expect((await b.claim(card, randomUUID())).granted).toBe(false);
    // The retry of the same scan may land on the other instance.
    expect((await b.claim(card, key)).granted).toBe(true);
  });
});
