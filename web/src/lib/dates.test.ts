import dayjs from 'dayjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, fromApiDate, toApiDate } from './dates.ts';

beforeAll(() => {
  // A zone without daylight saving, five hours ahead of UTC, like Kazakhstan.
  process.env.TZ = 'Asia/Tashkent';
});

describe('formatDateTime', () => {
  it("shows a server time as 'dd.MM.yyyy HH:mm' in the local time zone", () => {
    expect(formatDateTime('2025-03-05T02:07:09Z')).toBe('05.03.2025 07:07');
    expect(formatDateTime('2025-12-31T19:30:00Z')).toBe('01.01.2026 00:30');
  });

  it('pads single-digit days, months, hours and minutes', () => {
    expect(formatDateTime('2025-01-02T03:04:00')).toBe('02.01.2025 03:04');
  });

  it('shows nothing for a missing or broken value', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('не дата')).toBe('');
  });
});

describe('formatDate', () => {
  it("shows 'dd.MM.yyyy'", () => {
    expect(formatDate('2025-09-01T10:00:00Z')).toBe('01.09.2025');
    expect(formatDate(new Date(2024, 1, 29))).toBe('29.02.2024');
  });

  it('keeps a plain date on its day', () => {
    expect(formatDate('2025-09-01')).toBe('01.09.2025');
  });

  it('shows nothing for a missing value', () => {
    expect(formatDate(null)).toBe('');
  });
});

describe('toApiDate / fromApiDate', () => {
  it('round-trips the date of a picker through a query parameter', () => {
    const picked = dayjs(new Date(2025, 4, 7, 15, 30));
    expect(toApiDate(picked)).toBe('2025-05-07');
    expect(fromApiDate('2025-05-07')?.format('DD.MM.YYYY')).toBe('07.05.2025');
    expect(fromApiDate('')).toBeNull();
  });
});
