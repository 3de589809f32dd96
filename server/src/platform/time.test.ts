import { describe, expect, it } from 'vitest';
import { localDate, localMonthDay, localTime } from './time.ts';

describe('local day and time', () => {
  it('counts the day in Almaty, not in UTC', () => {
    // 20:30 UTC on 31 March is already 1 April in Almaty (UTC+5).
    const at = new Date('2026-03-31T20:30:00Z');
    expect(localDate(at, 'Asia/Almaty')).toBe('2026-04-01');
    expect(localTime(at, 'Asia/Almaty')).toBe('01:30:00');
    expect(localMonthDay(at, 'Asia/Almaty')).toBe(1);
    expect(localDate(at, 'UTC')).toBe('2026-03-31');
  });

  it('falls back to Almaty for an unknown zone instead of failing', () => {
    expect(localDate(new Date('2026-03-31T20:30:00Z'), 'Mars/Olympus')).toBe('2026-04-01');
  });
});
