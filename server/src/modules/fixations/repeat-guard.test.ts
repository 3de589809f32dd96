import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createRepeatGuard, type RepeatGuard } from './repeat-guard.ts';
import { createScanWindows } from './scan-windows.repository.ts';

/** docs/domain.md rule 5 with rule 6 first: the window knows which scan opened it. */
function behaves(make: () => { guard: RepeatGuard; wait: (ms: number) => Promise<void>; now: () => number }) {
  it('refuses another scan of the card within the window and lets it through after', async () => {
    const { guard, wait, now } = make();
    const card = `C${randomUUID()}`;
    expect((await guard.claim(card, randomUUID(), now())).granted).toBe(true);
    expect((await guard.claim(card, randomUUID(), now())).granted).toBe(false);
    expect((await guard.claim(card, null, now())).granted).toBe(false);
    await wait(350);
    expect((await guard.claim(card, randomUUID(), now())).granted).toBe(true);
  });

  it('lets a retry of the scan that opened the window through, and keeps the window', async () => {
    const { guard, now } = make();
    const card = `C${randomUUID()}`;
    const key = randomUUID();
    expect((await guard.claim(card, key, now())).granted).toBe(true);
    const retry = await guard.claim(card, key, now());
    expect(retry.granted).toBe(true);
    // Giving back a window the retry did not open leaves it with the first try.
    await retry.release();
    expect((await guard.claim(card, randomUUID(), now())).granted).toBe(false);
  });

  it("measures the window between the scans' own times, so a queue sent back to back loses no meal", async () => {
    const { guard, now } = make();
    const card = `C${randomUUID()}`;
    const t0 = now() - 20_000;
    // Three scans made offline at t0, t0 + 1 s (a double scan) and t0 + 10 s arrive together.
    expect((await guard.claim(card, randomUUID(), t0)).granted).toBe(true);
    expect((await guard.claim(card, randomUUID(), t0 + 100)).granted).toBe(false);
    expect((await guard.claim(card, randomUUID(), t0 + 10_000)).granted).toBe(true);
    // A scan made now doubles none of them; one made 0.1 s before the last one doubles it.
    expect((await guard.claim(card, randomUUID(), now())).granted).toBe(true);
    expect((await guard.claim(card, randomUUID(), now() - 100)).granted).toBe(false);
    // A late arrival of an earlier scan outside every window is a meal and keeps the later window.
    expect((await guard.claim(card, randomUUID(), t0 + 5000)).granted).toBe(true);
    expect((await guard.claim(card, randomUUID(), now() + 100)).granted).toBe(false);
  });

  it('never takes two scans without a key for one', async () => {
    const { guard, now } = make();
    const card = `C${randomUUID()}`;
    expect((await guard.claim(card, null, now())).granted).toBe(true);
    expect((await guard.claim(card, null, now())).granted).toBe(false);
  });

  it('gives a window back on release, so the next scan of the card is not a double scan', async () => {
    const { guard, now } = make();
    const card = `C${randomUUID()}`;
    const first = await guard.claim(card, randomUUID(), now());
    await first.release();
    expect((await guard.claim(card, randomUUID(), now())).granted).toBe(true);
  });
}

describe('the repeat guard in memory', () => {
  behaves(() => {
    let now = 1_000_000;
    return {
      guard: createRepeatGuard(null, 300, () => now),
      now: () => now,
      wait: async (ms) => {
        now += ms;
      },
    };
  });
});

describe('the repeat guard in the database, while Redis is away', () => {
  let t: TestContext;
  // A Redis that is never there: every call fails at once, as while it is away.
  const away = new Redis({ port: 1, lazyConnect: true, enableOfflineQueue: false, retryStrategy: () => null });
  away.on('error', () => {});
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => {
    away.disconnect();
    await t.close();
  });
  behaves(() => {
    let now = Date.now();
    return {
      guard: createRepeatGuard(away, 300, () => now, createScanWindows(t.db)),
      now: () => now,
      wait: async (ms) => {
        now += ms;
      },
    };
  });

  it('is one window for every instance', async () => {
    const a = createRepeatGuard(away, 3000, Date.now, createScanWindows(t.db));
    const b = createRepeatGuard(away, 3000, Date.now, createScanWindows(t.db));
    const card = `C${randomUUID()}`;
    const at = Date.now();
    expect((await a.claim(card, randomUUID(), at)).granted).toBe(true);
    expect((await b.claim(card, randomUUID(), at + 1)).granted).toBe(false);
  });
});

const url = process.env.REDIS_URL;
describe.skipIf(!url)('the repeat guard in Redis', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(url!, { maxRetriesPerRequest: 2 });
  });
  afterAll(() => redis.quit());
  // The window is measured between the scans' own times, so the scans carry times the test sets: a
  // clock read twice on a loaded machine could be more than the window apart and grant a double scan.
  // Redis keeps each entry a minute past the window in real time, far longer than a test.
  behaves(() => {
    let now = Date.now();
    return {
      guard: createRepeatGuard(redis, 300, () => now),
      now: () => now,
      wait: async (ms) => {
        now += ms;
      },
    };
  });

  it('is one window for every instance', async () => {
    const a = createRepeatGuard(redis, 3000);
    const b = createRepeatGuard(redis, 3000);
    const card = `C${randomUUID()}`;
    const key = randomUUID();
    const at = Date.now();
    expect((await a.claim(card, key, at)).granted).toBe(true);
    expect((await b.claim(card, randomUUID(), at + 1)).granted).toBe(false);
    // The retry of the same scan may land on the other instance.
    expect((await b.claim(card, key, at)).granted).toBe(true);
  });
});
