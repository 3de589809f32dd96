/**
 * A barcode scanner types like a US keyboard: it sends the physical keys of its code. With the
 * Russian or Kazakh layout switched on, the browser reports Cyrillic characters for those keys, so
 * we map each keystroke back to the character of the same key on the US QWERTY layout.
 *
 * Layouts are those of Windows (where the staff work):
 * - Russian (ЙЦУКЕН, KBDRU): digits on the digit row, `ё` left of 1, `.`/`,` on the slash key.
 * - Kazakh (KBDKAZ, Microsoft "Kazakh"): letters as in Russian; the digit row carries
 *   ( " ә і ң ғ , . ү ұ қ ө һ (Shift: ) ! Ә І Ң Ғ ; : Ү Ұ Қ Ө Һ) on ` 1 2 3 4 5 6 7 8 9 0 - =,
 *   so it has no digits at all; `№` sits on the slash key. Source: Microsoft's keyboard layout page
 *   for KBDKAZ (msdn goglobal/keyboards/kbdkaz.html), as transcribed by the Mottie/Keyboard
 *   project's `ms-Kazakh` layout.
 */

type Row = readonly [
  code: string,
  us: string,
  usShift: string,
  ru: string,
  ruShift: string,
  kz: string,
  kzShift: string,
];

const PUNCTUATION: readonly Row[] = [
  ['Backquote', '`', '~', 'ё', 'Ё', '(', ')'],
  ['Digit1', '1', '!', '1', '!', '"', '!'],
  ['Digit2', '2', '@', '2', '"', 'ә', 'Ә'],
  ['Digit3', '3', '#', '3', '№', 'і', 'І'],
  ['Digit4', '4', '$', '4', ';', 'ң', 'Ң'],
  ['Digit5', '5', '%', '5', '%', 'ғ', 'Ғ'],
  ['Digit6', '6', '^', '6', ':', ',', ';'],
  ['Digit7', '7', '&', '7', '?', '.', ':'],
  ['Digit8', '8', '*', '8', '*', 'ү', 'Ү'],
  ['Digit9', '9', '(', '9', '(', 'ұ', 'Ұ'],
  ['Digit0', '0', ')', '0', ')', 'қ', 'Қ'],
  ['Minus', '-', '_', '-', '_', 'ө', 'Ө'],
  ['Equal', '=', '+', '=', '+', 'һ', 'Һ'],
  ['BracketLeft', '[', '{', 'х', 'Х', 'х', 'Х'],
  ['BracketRight', ']', '}', 'ъ', 'Ъ', 'ъ', 'Ъ'],
  ['Backslash', '\\', '|', '\\', '/', '\\', '/'],
  ['Semicolon', ';', ':', 'ж', 'Ж', 'ж', 'Ж'],
  ['Quote', "'", '"', 'э', 'Э', 'э', 'Э'],
  ['Comma', ',', '<', 'б', 'Б', 'б', 'Б'],
  ['Period', '.', '>', 'ю', 'Ю', 'ю', 'Ю'],
  ['Slash', '/', '?', '.', ',', '№', '?'],
];

// The letter keys are the same in the Russian and the Kazakh layouts.
const LATIN_LETTERS = 'qwertyuiopasdfghjklzxcvbnm';
const CYRILLIC_LETTERS = 'йцукенгшщзфывапролдячсмить';

const LETTERS: readonly Row[] = [...LATIN_LETTERS].map((l, i) => {
  const c = CYRILLIC_LETTERS[i] ?? '';
  return [`Key${l.toUpperCase()}`, l, l.toUpperCase(), c, c.toUpperCase(), c, c.toUpperCase()] as const;
});

const BY_CODE = new Map<string, Row>([...PUNCTUATION, ...LETTERS].map((row) => [row[0], row]));

/**
 * Cyrillic character -> the row of its key, for browsers that do not report `event.code`. `№` is
 * left out: it is Shift+3 in Russian but the slash key in Kazakh, and nothing tells the two apart.
 */
const BY_CYRILLIC = new Map<string, Row>();
for (const row of BY_CODE.values()) {
  for (const ch of row.slice(3)) {
    if (ch.charCodeAt(0) > 127 && ch !== '№') BY_CYRILLIC.set(ch, row);
  }
}

export interface KeyInput {
  key: string;
  code?: string;
  keyCode?: number;
  shiftKey?: boolean;
}

const isCased = (ch: string) => ch.toLowerCase() !== ch.toUpperCase();

/** Was Shift held? Told by the event when it says so, else guessed from which character came out. */
function shifted(row: Row, key: string, shiftKey: boolean | undefined): boolean {
  if (shiftKey !== undefined) return shiftKey;
  if (key === row[1] || key === row[3] || key === row[5]) return false;
  return key === row[2] || key === row[4] || key === row[6];
}

function fromRow(row: Row, key: string, shiftKey: boolean | undefined): string {
  // A letter keeps the case it arrived in (Shift or Caps Lock); Cyrillic case carries over.
  if (row[0].startsWith('Key') && isCased(key)) {
    return key === key.toUpperCase() ? row[2] : row[1];
  }
  return shifted(row, key, shiftKey) ? row[2] : row[1];
}

/**
 * The US-layout character of a keystroke, or null when the key types no character (Enter, arrows,
 * modifiers). Prefers `event.code` (the physical key); without it, maps Cyrillic characters through
 * the tables above, and uses `keyCode` only to recognise the Kazakh digit row's `"`, `,` and `.`.
 */
export function latinChar(ev: KeyInput): string | null {
  const row = ev.code ? BY_CODE.get(ev.code) : undefined;
  if (ev.key.length !== 1) {
    return ev.key === 'Unidentified' && row ? fromRow(row, '', ev.shiftKey ?? false) : null;
  }
  if (row) return fromRow(row, ev.key, ev.shiftKey);
  // Shift comes from the event when it says: with Caps Lock on, the Kazakh digit row gives
  // capitals without Shift, and the scanner still meant digits.
  const cyrillicRow = BY_CYRILLIC.get(ev.key);
  if (cyrillicRow) return fromRow(cyrillicRow, ev.key, ev.shiftKey);
  const kc = ev.keyCode ?? 0;
  if (kc >= 48 && kc <= 57) {
    const digitRow = BY_CODE.get(`Digit${kc - 48}`);
    if (digitRow && ev.key === digitRow[5]) return digitRow[1];
  }
  return ev.key;
}
