import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_REFUSALS, todayRefusals, type Refusal } from './today-refusals.ts';

const refusal = (at: string, code = 'CARD1'): Refusal => ({
  at,
  code,
  name: null,
  detail: null,
  reason: 'Карта не найдена',
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe("a station's refusals of today", () => {
  it('keeps the day of the organization: yesterday’s list is gone after its midnight, not the PC’s', () => {
    // 23:30 in Almaty is 18:30 UTC: still the 1st there.
    vi.useFakeTimers({ now: new Date('2026-12-01T18:30:00Z'), toFake: ['Date'] });
    const list = todayRefusals('school:1', 'Asia/Almaty');
    list.add(refusal('2026-12-01T18:30:00Z', 'A'));
    expect(list.rows().map((r) => r.code)).toEqual(['A']);
    // 00:10 in Almaty on the 2nd, still the 1st in UTC.
    vi.setSystemTime(new Date('2026-12-01T19:10:00Z'));
    expect(list.rows()).toEqual([]);
    list.add(refusal('2026-12-01T19:10:00Z', 'B'));
    expect(list.rows().map((r) => r.code)).toEqual(['B']);
  });

  it('lists the newest first, each station its own, and keeps the last ones of a very long day', () => {
    vi.useFakeTimers({ now: new Date('2026-12-02T05:00:00Z'), toFake: ['Date'] });
    const school = todayRefusals('school:1', 'Asia/Almaty');
    const canteen = todayRefusals('canteen:1', 'Asia/Almaty');
    for (let k = 0; k < MAX_REFUSALS + 5; k++) school.add(refusal('2026-12-02T05:00:00Z', `C${k}`));
    canteen.add(refusal('2026-12-02T05:00:00Z', 'X'));
    const rows = school.rows();
    expect(rows).toHaveLength(MAX_REFUSALS);
    expect(rows[0]!.code).toBe(`C${MAX_REFUSALS + 4}`);
    expect(canteen.rows().map((r) => r.code)).toEqual(['X']);
    // The same answer each time it is asked (a React store must not change without a change).
    expect(school.rows()).toBe(school.rows());
  });
});
