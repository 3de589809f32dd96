import { describe, expect, it } from 'vitest';
import { BarcodeScanner, type ScannerKey } from './scanner.ts';

type Key = Omit<ScannerKey, 'timeStamp'>;

/** Feeds keys `gap` ms apart from `start`, then lets the scanner time out; returns every scan. */
function run(keys: Key[], { gap = 5, start = 1000, burstOnlyOutside = false } = {}): string[] {
  const scanner = new BarcodeScanner({ burstOnlyOutside });
  const scans: string[] = [];
  let t = start;
  for (const k of keys) {
    const step = scanner.push({ ...k, timeStamp: t });
    if (step.scan) scans.push(step.scan);
    t += gap;
  }
  const last = scanner.flush(t + 1000);
  if (last) scans.push(last);
  return scans;
}

const keys = (chars: string): Key[] => [...chars].map((key) => ({ key }));
const ENTER: Key = { key: 'Enter', keyCode: 13 };

describe('BarcodeScanner: what counts as a scan', () => {
  it('reads a card typed at scanner speed', () => {
    expect(run(keys('0012345678'))).toEqual(['0012345678']);
  });

  it('ends a scan on Enter and does not add Enter to the code', () => {
    const scanner = new BarcodeScanner();
    let t = 0;
    for (const k of keys('A1B2')) scanner.push({ ...k, timeStamp: (t += 5) });
    const step = scanner.push({ ...ENTER, timeStamp: (t += 5) });
    expect(step.scan).toBe('A1B2');
    expect(step.swallow).toBe(true);
    expect(scanner.pending).toBe(false);
  });

  it('ignores a sequence of 3 characters or fewer', () => {
    expect(run([...keys('123'), ENTER])).toEqual([]);
    expect(run(keys('12'))).toEqual([]);
    expect(run([...keys('1234'), ENTER])).toEqual(['1234']);
  });

  it('makes one scan of keys ended by Enter, whatever their pace (a loaded page delivers them late)', () => {
    for (const gap of [1, 10, 30, 60, 150])
      expect(run([...keys('0012345678'), ENTER], { gap })).toEqual(['0012345678']);
  });

  it('with burstOnlyOutside, takes keys outside any field as a scan only at a scanner’s pace', () => {
    for (const gap of [1, 10, 30, 60, 90])
      expect(run([...keys('0012345678'), ENTER], { gap, burstOnlyOutside: true })).toEqual(['0012345678']);
    // A person typing a number (120 ms a key and more) and Enter makes nothing.
    for (const gap of [120, 150, 400])
      expect(run([...keys('0012345678'), ENTER], { gap, burstOnlyOutside: true })).toEqual([]);
    expect(run([...keys('123'), ENTER], { burstOnlyOutside: true })).toEqual([]);
  });

  it('ends a scan without Enter by its silence only at scanner pace, never cutting it at a pause', () => {
    expect(run(keys('0012345678'), { gap: 20 })).toEqual(['0012345678']);
    expect(run(keys('poiuytre'), { gap: 21 })).toEqual([]);
    // A scanner's keys, one held up 90 ms by a busy page: still one scan.
    const scanner = new BarcodeScanner();
    const at = [0, 5, 10, 100, 105, 110, 115, 120];
    for (const [i, k] of keys('77000347').entries()) expect(scanner.push({ ...k, timeStamp: at[i]! }).scan).toBeNull();
    expect(scanner.flush(100 + 40)).toBeNull();
    expect(scanner.flush(120 + 151)).toBe('77000347');
  });

  it('keeps keys exactly 20 ms apart in one scan', () => {
    expect(run(keys('98765'), { gap: 20 })).toEqual(['98765']);
  });

  it('never adds Alt, Shift or Tab (18, 16, 9) to the code', () => {
    const shift: Key = { key: 'Shift', keyCode: 16 };
    const alt: Key = { key: 'Alt', keyCode: 18 };
    const tab: Key = { key: 'Tab', keyCode: 9 };
    expect(run([shift, { key: 'A' }, shift, { key: 'B' }, alt, { key: '1' }, tab, { key: '2' }, tab])).toEqual([
      'AB12',
    ]);
  });

  it('does not treat key codes 18, 16 and 9 as characters even without a key name', () => {
    expect(
      run([
        { key: '1' },
        { key: 'x', keyCode: 16 },
        { key: '2' },
        { key: 'y', keyCode: 18 },
        { key: '3' },
        { key: 'z', keyCode: 9 },
        { key: '4' },
      ]),
    ).toEqual(['1234']);
  });

  it('keeps keys typed outside any field out of the page from the first one, and Enter with them', () => {
    const scanner = new BarcodeScanner();
    const steps = [...keys('ф123'), ENTER].map((k, i) => scanner.push({ ...k, timeStamp: i * 40 }));
    expect(steps.map((s) => s.swallow)).toEqual([true, true, true, true, true]);
    expect(steps[4]?.scan).toBe('a123');
  });

  it('types each key of the card field as its Latin character and leaves its Enter to the field', () => {
    const scanner = new BarcodeScanner();
    const steps = [...keys('ф12'), ENTER].map((k, i) =>
      scanner.push({ ...k, keyCode: k.keyCode ?? 0, timeStamp: i * 200, target: 'card-field' }),
    );
    expect(steps.map((s) => s.insert)).toEqual(['a', '1', '2', null]);
    expect(steps[3]).toEqual({ scan: null, swallow: false, insert: null, takeBack: [] });
  });

  it('leaves a person typing in a text field alone, Enter included, and takes a fast burst back', () => {
    const person = new BarcodeScanner();
    const typed = [...keys('Иванов'), ENTER].map((k, i) =>
      person.push({ ...k, timeStamp: i * 120, target: 'text-field' }),
    );
    expect(typed.every((s) => !s.swallow && s.scan === null)).toBe(true);
    for (const gap of [1, 10, 30, 60]) {
      const scanner = new BarcodeScanner();
      const steps = [...keys('Ж12345'), ENTER].map((k, i) =>
        scanner.push({ ...k, timeStamp: i * gap, target: 'text-field' }),
      );
      expect(steps.at(-1)).toEqual({
        scan: ':12345',
        swallow: true,
        insert: null,
        takeBack: ['Ж', '1', '2', '3', '4', '5'],
      });
    }
  });

  it('keeps keys with the scan they began outside any field when the focus moves to a field', () => {
    const scanner = new BarcodeScanner();
    const first = keys('7700').map((k, i) => scanner.push({ ...k, timeStamp: i * 30 }));
    const rest = [...keys('0347'), ENTER].map((k, i) =>
      scanner.push({ ...k, timeStamp: 120 + i * 30, target: 'card-field' }),
    );
    expect([...first, ...rest].every((s) => s.swallow && s.insert === null)).toBe(true);
    expect(rest.at(-1)?.scan).toBe('77000347');
  });

  it('reports 1 to 3 characters ended by Enter outside any field only when asked to', () => {
    expect(run([...keys('abc'), ENTER])).toEqual([]);
    const scanner = new BarcodeScanner({ reportShort: true });
    const steps = [...keys('12'), ENTER].map((k, i) => scanner.push({ ...k, timeStamp: i * 100 }));
    expect(steps.at(-1)?.scan).toBe('12');
  });

  it('takes an arrow key or a Ctrl shortcut for a person: nothing gathered is sent', () => {
    // A person's keys: what was gathered is dropped, nothing is sent.
    expect(run([...keys('12345'), { key: 'ArrowDown' }, ...keys('67')])).toEqual([]);
    expect(run([{ key: 'v', ctrlKey: true }, ...keys('123')])).toEqual([]);
  });

  it('does not close a sequence before the scanner has surely stopped', () => {
    const scanner = new BarcodeScanner();
    for (const [i, k] of keys('1234').entries()) scanner.push({ ...k, timeStamp: i * 5 });
    // Longer than any pause inside a scan on a loaded page: a scan is never cut in two.
    expect(scanner.flush(15 + 150)).toBeNull();
    expect(scanner.flush(15 + 151)).toBe('1234');
    // The Enter of that scan, delivered late, is still the scanner's: swallowed, no second scan.
    expect(scanner.push({ ...ENTER, timeStamp: 400 })).toEqual({
      scan: null,
      swallow: true,
      insert: null,
      takeBack: [],
    });
  });
});

/**
 * What the browser reports when a scanner types "A1B2C3D4E5F6" (hex, capitals with Shift) or
 * "1234567890" while the Russian or the Kazakh layout is on, written out by hand from the Windows
 * layouts so the test does not reuse the tables under test.
 */
const RU_HEX = ['Ф', '1', 'И', '2', 'С', '3', 'В', '4', 'У', '5', 'А', '6'];
const HEX_CODES = [
  'KeyA',
  'Digit1',
  'KeyB',
  'Digit2',
  'KeyC',
  'Digit3',
  'KeyD',
  'Digit4',
  'KeyE',
  'Digit5',
  'KeyF',
  'Digit6',
];
const KZ_HEX = ['Ф', '"', 'И', 'ә', 'С', 'і', 'В', 'ң', 'У', 'ғ', 'А', ','];
const KZ_DIGITS = ['"', 'ә', 'і', 'ң', 'ғ', ',', '.', 'ү', 'ұ', 'қ'];
const DIGIT_CODES = [
  'Digit1',
  'Digit2',
  'Digit3',
  'Digit4',
  'Digit5',
  'Digit6',
  'Digit7',
  'Digit8',
  'Digit9',
  'Digit0',
];
// Windows reports the virtual key of the physical key: 49..57, 48 on the digit row, 65.. for letters.
const keyCodeOf = (code: string) => (code.startsWith('Digit') ? 48 + Number(code.slice(5)) : code.charCodeAt(3));
const isCapital = (code: string) => code.startsWith('Key');

describe('BarcodeScanner: Russian and Kazakh keyboard layouts', () => {
  it('reads a card typed through the Russian layout, events without `code`', () => {
    expect(run(RU_HEX.map((key) => ({ key })))).toEqual(['A1B2C3D4E5F6']);
  });

  it('reads a card typed through the Russian layout, events with `code`', () => {
    expect(run(RU_HEX.map((key, i) => ({ key, code: HEX_CODES[i]!, shiftKey: isCapital(HEX_CODES[i]!) })))).toEqual([
      'A1B2C3D4E5F6',
    ]);
  });

  it('keeps the case the scanner typed: lower-case Cyrillic gives lower-case Latin', () => {
    expect(run(keys('фиср'))).toEqual(['abch']);
  });

  it('reads a card typed through the Kazakh layout, events without `code`', () => {
    const events = KZ_HEX.map((key, i) => ({ key, keyCode: keyCodeOf(HEX_CODES[i]!) }));
    expect(run(events)).toEqual(['A1B2C3D4E5F6']);
  });

  it('reads the digits of the Kazakh digit row (ә і ң ғ ү ұ қ) without `code` or `keyCode`', () => {
    expect(run(keys('әіңғүұқ'))).toEqual(['2345890']);
  });

  it('reads a 10-digit card typed through the Kazakh layout, with `code`', () => {
    const events = KZ_DIGITS.map((key, i) => ({ key, code: DIGIT_CODES[i]!, shiftKey: false }));
    expect(run(events)).toEqual(['1234567890']);
  });

  it('reads a 10-digit card through the Kazakh layout with `code` but no Shift information', () => {
    expect(run(KZ_DIGITS.map((key, i) => ({ key, code: DIGIT_CODES[i]! })))).toEqual(['1234567890']);
  });

  it('reads a 10-digit card through the Kazakh layout from `keyCode` alone', () => {
    expect(run(KZ_DIGITS.map((key, i) => ({ key, keyCode: keyCodeOf(DIGIT_CODES[i]!) })))).toEqual(['1234567890']);
  });

  it('maps Shift on the Kazakh digit row to the US symbol of that key', () => {
    expect(run([{ key: 'Ә', code: 'Digit2', shiftKey: true }, ...keys('ABC')])).toEqual(['@ABC']);
  });

  it('reads Kazakh digits typed with Caps Lock on (capitals without Shift)', () => {
    expect(run([...'ӘІҢҒ'].map((key) => ({ key, shiftKey: false })))).toEqual(['2345']);
  });

  it('leaves Latin letters and digits from a US layout untouched', () => {
    expect(run(keys('Ab12-xY'))).toEqual(['Ab12-xY']);
  });
});
