import { describe, expect, it } from 'vitest';
import { isValidBin, isValidIin, makeBin, makeIin } from './kz-id.ts';

describe('IIN and BIN check digits', () => {
  it('accepts numbers whose check digit matches', () => {
    expect(isValidIin(makeIin('900101', 3, 1234))).toBe(true);
    expect(isValidBin(makeBin('1802400', 12345))).toBe(true);
  });

  it('refuses a changed digit, a wrong length, letters and an impossible date', () => {
    const iin = makeIin('080512', 5, 42);
    const wrong = `${iin.slice(0, 11)}${(Number(iin[11]) + 1) % 10}`;
    expect(isValidIin(wrong)).toBe(false);
    expect(isValidIin(iin.slice(0, 11))).toBe(false);
    expect(isValidIin(`${iin.slice(0, 11)}a`)).toBe(false);
    expect(isValidIin(makeIin('081312', 5, 42))).toBe(false);
  });

  it('uses the second weights when the first sum gives 10', () => {
    // The tenth digit alone weighs 10 with the first weights, 1 with the second.
    const digits = '00000000010';
    const w2 = [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2];
    const r = [...digits].reduce((s, d, i) => s + Number(d) * w2[i]!, 0) % 11;
    expect(r).toBe(1);
    expect(isValidBin(`${digits}${r}`)).toBe(true);
    expect(isValidBin(`${digits}0`)).toBe(false);
  });
});

describe('requiredBin', () => {
  it('says only «Обязательное поле» for an empty BIN', async () => {
    const { requiredBin } = await import('./kz-id.ts');
    const r = requiredBin().safeParse('  ');
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toEqual(['Обязательное поле']);
  });
});
