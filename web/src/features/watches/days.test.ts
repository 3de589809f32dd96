import { describe, expect, it } from 'vitest';
import { compactDays, daysOf } from './days.ts';

describe('compactDays', () => {
  it('shortens runs of three or more days to a range', () => {
    expect(compactDays([1, 2, 3, 5, 7, 8])).toBe('1–3, 5, 7, 8');
    expect(compactDays(Array.from({ length: 31 }, (_, i) => i + 1))).toBe('1–31');
  });

  it('sorts and drops repeats', () => {
    expect(compactDays([31, 1, 15, 1])).toBe('1, 15, 31');
  });

  it('is empty for no days', () => {
    expect(compactDays([])).toBe('');
  });
});

describe('daysOf', () => {
  it('reads the comma list of the server', () => {
    expect(daysOf('1,5,31')).toEqual([1, 5, 31]);
    expect(daysOf('')).toEqual([]);
    expect(daysOf('x')).toEqual([]);
  });
});
