import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { createScanQueue, IN_FLIGHT_MS } from './scan-queue.ts';

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
}

const offline = () => new ApiError({ status: 0, code: 'Network error' });
const refused = () => new ApiError({ status: 409, code: 'Conflict', errorMessage: 'Уже получил(а) питание' });

describe('the scan queue', () => {
  let storage: MemoryStorage;
  let n = 0;
  const uuid = () => `key-${++n}`;
  beforeEach(() => {
    vi.useFakeTimers();
    storage = new MemoryStorage();
  });
  afterEach(() => vi.useRealTimers());

  it('sends a scan at once without scannedAt when the network is fine', async () => {
    const send = vi.fn().mockResolvedValue({ id: 1 });
    const q = createScanQueue({ storage, send, uuid, now: () => Date.parse('2026-11-20T08:00:00Z') });
    const out = await q.submit('/api/school/fixation', { cardId: 'A1', schoolId: 1 });
    expect(out).toMatchObject({ kind: 'recorded', result: { id: 1 } });
    expect(send).toHaveBeenCalledWith('/api/school/fixation', { cardId: 'A1', schoolId: 1 }, expect.any(String));
    expect(q.pending()).toBe(0);
  });

  it('keeps a scan that failed on the network and retries it with the same key and its scan time', async () => {
    const send = vi.fn().mockRejectedValueOnce(offline()).mockRejectedValueOnce(offline()).mockResolvedValue({ id: 7 });
    const q = createScanQueue({ storage, send, uuid, now: () => Date.parse('2026-11-20T08:00:00Z') });
    const out = await q.submit('/api/school/fixation', { cardId: 'A1', schoolId: 1 });
    expect(out.kind).toBe('queued');
    expect(q.pending()).toBe(1);
    const recorded = vi.fn();
    q.onOutcome(recorded);
    await vi.advanceTimersByTimeAsync(1000); // second try: still offline
    expect(q.pending()).toBe(1);
    await vi.advanceTimersByTimeAsync(2000); // third try: answered
    expect(q.pending()).toBe(0);
    const keys = send.mock.calls.map((c) => c[2]);
    expect(new Set(keys).size).toBe(1);
    expect(send.mock.calls[2]![1]).toEqual({ cardId: 'A1', schoolId: 1, scannedAt: '2026-11-20T08:00:00.000Z' });
    expect(recorded).toHaveBeenCalledWith(expect.objectContaining({ kind: 'recorded', fromQueue: true }));
  });

  it('stores a scan before its first try: a tab closed meanwhile leaves it, sent once its try has surely ended', async () => {
    const never = vi.fn((_url: string, _body: object, _key: string) => new Promise(() => {}));
    const closed = createScanQueue({ storage, send: never, uuid, now: () => Date.now(), owner: () => '5' });
    void closed.submit('/api/fixation', { cardId: 'GONE', canteenId: 3 });
    await vi.advanceTimersByTimeAsync(0);
    expect(never).toHaveBeenCalledTimes(1);
    const key = never.mock.calls[0]![2];
    // Stored, but not counted as waiting: it is on its way.
    expect(JSON.parse(storage.getItem('tamaq.scan-queue.v1')!)).toHaveLength(1);
    expect(closed.pending()).toBe(0);

    // The tab is closed; the next page on this browser finds it and waits for the try's time limit.
    const send = vi.fn().mockResolvedValue({ id: 9 });
    const next = createScanQueue({ storage, send, uuid, now: () => Date.now(), owner: () => '5' });
    await next.retryNow();
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(IN_FLIGHT_MS);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![2]).toBe(key);
    expect(next.pending()).toBe(0);
    expect(JSON.parse(storage.getItem('tamaq.scan-queue.v1')!)).toEqual([]);
  });

  it('leaves nothing stored after a first try is answered or refused', async () => {
    const send = vi.fn().mockResolvedValueOnce({ id: 1 }).mockRejectedValueOnce(refused());
    const q = createScanQueue({ storage, send, uuid, now: () => Date.now() });
    await q.submit('/api/fixation', { cardId: 'OK1', canteenId: 3 });
    await q.submit('/api/fixation', { cardId: 'NO1', canteenId: 3 });
    expect(JSON.parse(storage.getItem('tamaq.scan-queue.v1')!)).toEqual([]);
  });

  it('survives a page reload: a new queue on the same storage sends what was waiting', async () => {
    const down = vi.fn().mockRejectedValue(offline());
    const first = createScanQueue({ storage, send: down, uuid });
    await first.submit('/api/fixation', { cardId: 'B2', canteenId: 3 });
    first.stop();
    const up = vi.fn().mockResolvedValue({ id: 9 });
    const reloaded = createScanQueue({ storage, send: up, uuid });
    expect(reloaded.pending()).toBe(1);
    await reloaded.retryNow();
    expect(up).toHaveBeenCalledTimes(1);
    expect(reloaded.pending()).toBe(0);
  });

  it('drops a scan the server refused (a decision, not an outage) and reports it', async () => {
    const send = vi.fn().mockRejectedValue(refused());
    const q = createScanQueue({ storage, send, uuid });
    const out = await q.submit('/api/fixation', { cardId: 'C3', canteenId: 3 });
    expect(out).toMatchObject({ kind: 'refused', error: { status: 409 } });
    expect(q.pending()).toBe(0);
  });

  it('keeps the order: a new scan waits behind older waiting ones', async () => {
    const send = vi.fn().mockRejectedValueOnce(offline()).mockResolvedValue({});
    const q = createScanQueue({ storage, send, uuid });
    await q.submit('/api/fixation', { cardId: 'first' });
    const second = await q.submit('/api/fixation', { cardId: 'second' });
    expect(second.kind).toBe('queued');
    await q.retryNow();
    expect(send.mock.calls.slice(1).map((c) => (c[1] as { cardId: string }).cardId)).toEqual(['first', 'second']);
  });

  it('loses no scan when two tabs of the browser queue at once, and each tab counts both', async () => {
    const down = vi.fn().mockRejectedValue(offline());
    const tabA = createScanQueue({ storage, send: down, uuid });
    const tabB = createScanQueue({ storage, send: down, uuid });
    await tabA.submit('/api/school/fixation', { cardId: 'TAB-A', schoolId: 1 });
    await tabB.submit('/api/school/fixation', { cardId: 'TAB-B', schoolId: 1 });
    tabA.stop();
    tabB.stop();
    tabA.refresh(); // the storage event of tab B's write
    expect(tabA.pending()).toBe(2);
    tabA.stop();
    const up = vi.fn().mockResolvedValue({ id: 1 });
    const reloaded = createScanQueue({ storage, send: up, uuid });
    await reloaded.retryNow();
    expect(up.mock.calls.map((c) => (c[1] as { cardId: string }).cardId)).toEqual(['TAB-A', 'TAB-B']);
    expect(reloaded.pending()).toBe(0);
  });

  it("keeps a user's scans for that user: nothing is sent while signed out or under another user", async () => {
    let user: string | null = '7';
    const send = vi.fn().mockRejectedValueOnce(offline()).mockResolvedValue({ id: 1 });
    const q = createScanQueue({ storage, send, uuid, owner: () => user });
    await q.submit('/api/fixation', { cardId: 'OWN1', canteenId: 3 });
    expect(q.pending()).toBe(1);
    user = null; // signed out
    await q.retryNow();
    user = '8'; // another cashier signs in on this computer
    await q.retryNow();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(q.pending()).toBe(0); // not theirs to see or send
    // The other cashier's own scans are not held up behind it.
    await q.submit('/api/fixation', { cardId: 'OTHER', canteenId: 3 });
    expect(send).toHaveBeenCalledTimes(2);
    user = '7';
    expect(q.pending()).toBe(1);
    await q.retryNow();
    expect((send.mock.calls[2]![1] as { cardId: string }).cardId).toBe('OWN1');
    expect(q.pending()).toBe(0);
  });

  it('retries a waiting scan answered 429 once the window is over: breakfast and lunch both count', async () => {
    let clock = Date.parse('2026-11-20T03:00:00Z');
    const send = vi
      .fn()
      .mockRejectedValueOnce(offline())
      .mockResolvedValueOnce({ id: 1 }) // breakfast, from the queue
      .mockRejectedValueOnce(new ApiError({ status: 429, code: 'Too many requests' })) // lunch, right after it
      .mockResolvedValue({ id: 2 });
    const q = createScanQueue({ storage, send, uuid, now: () => clock });
    await q.submit('/api/fixation', { cardId: 'MEALS', canteenId: 3 });
    clock += 4 * 3600_000;
    await q.submit('/api/fixation', { cardId: 'MEALS', canteenId: 3 });
    expect(q.pending()).toBe(2);
    const refused = vi.fn();
    q.onOutcome((o) => o.kind === 'refused' && refused());
    await q.retryNow();
    expect(q.pending()).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(send).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1000);
    expect(send).toHaveBeenCalledTimes(4);
    expect(q.pending()).toBe(0);
    expect(refused).not.toHaveBeenCalled();
    expect(send.mock.calls[3]![1]).toMatchObject({ scannedAt: '2026-11-20T07:00:00.000Z' });
  });

  it('treats a second scan of the same card within 3 s while offline as the double beep it is', async () => {
    let clock = Date.parse('2026-11-20T08:00:00Z');
    const send = vi.fn().mockRejectedValue(offline());
    const q = createScanQueue({ storage, send, uuid, now: () => clock });
    await q.submit('/api/school/fixation', { cardId: 'TWICE', schoolId: 1 });
    clock += 800;
    const second = await q.submit('/api/school/fixation', { cardId: 'TWICE', schoolId: 1 });
    expect(second).toMatchObject({ kind: 'refused', error: { status: 429 } });
    expect(q.pending()).toBe(1);
    q.stop();
  });

  it('drops the twin of a scan the server just answered, when the twin failed on the network', async () => {
    let clock = Date.parse('2026-11-20T08:00:00Z');
    const send = vi.fn().mockResolvedValueOnce({ id: 1 }).mockRejectedValue(offline());
    const q = createScanQueue({ storage, send, uuid, now: () => clock });
    await q.submit('/api/school/fixation', { cardId: 'BEEP', schoolId: 1 });
    clock += 500;
    expect(await q.submit('/api/school/fixation', { cardId: 'BEEP', schoolId: 1 })).toMatchObject({
      kind: 'refused',
      error: { status: 429 },
    });
    expect(q.pending()).toBe(0);
  });
});
