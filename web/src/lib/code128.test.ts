import { BitArray, Code128Reader } from '@zxing/library';
import { describe, expect, it } from 'vitest';
import { code128Values, code128Widths, isCode128Text } from './code128.ts';

/** Lays the widths out as a scan line with quiet zones and reads it back with ZXing's reader. */
function decode(widths: number[]): string {
  const quiet = 10;
  const modules = widths.flatMap((w, i) => Array<boolean>(w).fill(i % 2 === 0));
  const row = new BitArray(modules.length + 2 * quiet);
  modules.forEach((bar, x) => bar && row.set(quiet + x));
  return new Code128Reader().decodeRow(0, row, new Map()).getText();
}

describe('Code 128', () => {
  it('is read back by an independent reader, for generated, scanned and mixed labels', () => {
    for (const text of ['200002000001', '2000020000017', 'AB-1234', 'LB-351988', '12', 'x/Y~ 9', '0000']) {
      expect(decode(code128Widths(text)), text).toBe(text);
    }
  });

  it('packs a generated 12-digit barcode two digits a symbol', () => {
    // Start C, six pairs, check, stop.
    expect(code128Values('200002000001')).toHaveLength(9);
    expect(code128Values('AB')[0]).toBe(104);
  });

  it('has eleven modules a symbol and thirteen in the stop', () => {
    const widths = code128Widths('A');
    expect(widths.reduce((a, b) => a + b, 0)).toBe(11 * 3 + 13);
  });

  it('refuses what it cannot encode', () => {
    expect(isCode128Text('АБ')).toBe(false);
    expect(() => code128Values('АБ')).toThrow();
  });
});
