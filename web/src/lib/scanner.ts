import { SCANNER } from '@tamaq/contract/constants';
import { latinChar, type KeyInput } from './keyboard-layouts.ts';

/** The parts of a keydown event the scanner looks at; tests feed these with made-up timestamps. */
export interface ScannerKey extends KeyInput {
  timeStamp: number;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

export interface ScanStep {
  /** A finished card or barcode, when this keystroke closed one. */
  scan: string | null;
  /** This keystroke belongs to a scan: keep it out of the page (preventDefault). */
  swallow: boolean;
  /**
   * The raw keys of the current scan that reached the page before it was recognised as one (a scan
   * is certain only at its 4th character); a focused field should take them back.
   */
  leaked: string[];
}

export interface ScannerOptions {
  gapMs?: number;
  minLength?: number;
}

const ENTER = 13;
const TAB = 9;
// Keys that type nothing and must not break a scan: the scanner presses Shift for capitals.
const SILENT_KEYS = new Set(['Shift', 'Alt', 'AltGraph', 'Control', 'Meta', 'CapsLock', 'NumLock', 'OS', 'Tab']);
const IGNORED_KEY_CODES: ReadonlySet<number> = new Set<number>(SCANNER.ignoredKeyCodes);

const NOTHING: ScanStep = { scan: null, swallow: false, leaked: [] };

/**
 * The keyboard-wedge scanner of spec 1 §9: keystrokes each within `gapMs` of the previous one form a
 * sequence; the sequence ends when the gap is exceeded, on Enter, or on a non-typing key, and is a
 * scan when it has at least `minLength` (more than 3) characters. A person types slower than one
 * key per 20 ms, so their typing never forms a scan.
 */
export class BarcodeScanner {
  private readonly gapMs: number;
  private readonly minLength: number;
  private chars: { char: string; key: string }[] = [];
  private last = Number.NEGATIVE_INFINITY;

  constructor(opts: ScannerOptions = {}) {
    this.gapMs = opts.gapMs ?? SCANNER.gapMs;
    this.minLength = opts.minLength ?? SCANNER.minLength;
  }

  /** Characters gathered and not yet closed. */
  get pending(): boolean {
    return this.chars.length > 0;
  }

  get lastTimeStamp(): number {
    return this.last;
  }

  push(ev: ScannerKey): ScanStep {
    const expired = this.pending && ev.timeStamp - this.last > this.gapMs;
    const closedByGap = expired ? this.close() : null;
    const step = this.take(ev);
    return closedByGap ? { ...step, scan: closedByGap } : step;
  }

  /** Ends a sequence nothing followed within the gap; the caller's timer asks this. */
  flush(now: number): string | null {
    if (!this.pending || now - this.last <= this.gapMs) return null;
    return this.close();
  }

  reset(): void {
    this.chars = [];
    this.last = Number.NEGATIVE_INFINITY;
  }

  private get recognised(): boolean {
    return this.chars.length >= this.minLength;
  }

  private take(ev: ScannerKey): ScanStep {
    const keyCode = ev.keyCode ?? 0;
    if (keyCode === ENTER || ev.key === 'Enter') {
      const swallow = this.recognised;
      return { scan: this.close(), swallow, leaked: [] };
    }
    if (IGNORED_KEY_CODES.has(keyCode) || SILENT_KEYS.has(ev.key)) {
      // A Tab suffix right after a scan would move the focus away: keep it too.
      const isTab = keyCode === TAB || ev.key === 'Tab';
      return isTab && this.recognised ? { ...NOTHING, swallow: true } : NOTHING;
    }
    // Ctrl/Cmd shortcuts type nothing; Ctrl+Alt together is AltGr on Windows, which does type.
    const shortcut = (ev.ctrlKey && !ev.altKey) || ev.metaKey;
    const char = shortcut ? null : latinChar(ev);
    if (char === null) {
      // Arrows, Backspace, Escape...: a person at the keyboard; whatever was gathered ends here.
      return { ...NOTHING, scan: this.close() };
    }
    this.chars.push({ char, key: ev.key });
    this.last = ev.timeStamp;
    const n = this.chars.length;
    if (n < this.minLength) return NOTHING;
    const leaked = n === this.minLength ? this.chars.slice(0, -1).map((c) => c.key) : [];
    return { scan: null, swallow: true, leaked };
  }

  private close(): string | null {
    const code = this.recognised ? this.chars.map((c) => c.char).join('') : null;
    this.reset();
    return code;
  }
}
