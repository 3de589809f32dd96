import { describe, expect, it } from 'vitest';
import { formatCost, fromTiyn, toTiyn } from './money.ts';

const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe('formatCost', () => {
  it('shows tenge with a decimal comma and two decimals', () => {
    expect(plain(formatCost('650.00'))).toBe('650,00 тг.');
    expect(plain(formatCost('0.1'))).toBe('0,10 тг.');
    expect(plain(formatCost('7'))).toBe('7,00 тг.');
  });

  it('groups thousands with non-breaking spaces, so a cell never wraps inside a sum', () => {
    expect(formatCost('1000000.00')).toBe('1\u00a0000\u00a0000,00\u00a0тг.');
    expect(plain(formatCost('12345.67'))).toBe('12 345,67 тг.');
  });

  it('passes through what is not a number', () => {
    expect(formatCost('abc')).toBe('abc');
    expect(formatCost(null)).toBe('');
  });
});

describe('toTiyn and fromTiyn', () => {
  it('sums prices exactly, where floats do not (0.10 + 0.20)', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(fromTiyn(toTiyn('0.10') + toTiyn('0.20'))).toBe('0.30');
    expect(fromTiyn(3 * toTiyn('450.50') + 3 * toTiyn('0.10'))).toBe('1351.80');
    expect(toTiyn('450.5')).toBe(45050);
    expect(toTiyn('7')).toBe(700);
    expect(fromTiyn(5)).toBe('0.05');
    expect(toTiyn('1,5')).toBeNaN();
    expect(toTiyn('-1')).toBeNaN();
  });
});
