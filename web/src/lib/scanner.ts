import { SCANNER } from '@tamaq/contract/constants';
import { latinChar, type KeyInput } from './keyboard-layouts.ts';

/**
 * Where a key went: the screen's card field (its value is the card number: it gets Latin letters
 * and digits whatever the layout, and its own Enter sends it), another text field (a search), or
 * nowhere that types (the page, a button).
 */
export type KeyTarget = 'card-field' | 'text-field' | 'other';

/** The parts of a keydown event the scanner looks at; tests feed these with made-up timestamps. */
export interface ScannerKey extends KeyInput {
  timeStamp: number;
  target?: KeyTarget;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

export interface ScanStep {
  /** A finished card number, when this keystroke closed one. */
  scan: string | null;
  /** Keep this keystroke out of the page (preventDefault): the scanner has it. */
  swallow: boolean;
  /** Type this Latin character into the card field, at the caret, instead of the key's own. */
  insert: string | null;
  /** The keys of the scan that went into a text field before it was known as one: take them back. */
  takeBack: string[];
}

export interface ScannerOptions {
  /** Keys mostly this far apart or less are a scanner's, for a scan that ends without Enter. */
  gapMs?: number;
  /** A card number has more characters than this minus one. */
  minLength?: number;
  /** Enter after 1 to 3 characters typed outside any field reports them too ("not a card"). */
  reportShort?: boolean;
  /**
   * Outside any field only a scanner's burst is a scan, as in a text field: digits typed at a
   * person's pace and Enter are nobody's (a screen where a scan makes something, like a new copy).
   */
  burstOnlyOutside?: boolean;
}

const ENTER = 13;
const TAB = 9;
// Keys that type nothing and must not break a scan: the scanner presses Shift for capitals.
const SILENT_KEYS = new Set(['Shift', 'Alt', 'AltGraph', 'Control', 'Meta', 'CapsLock', 'NumLock', 'OS', 'Tab']);
const IGNORED_KEY_CODES: ReadonlySet<number> = new Set<number>(SCANNER.ignoredKeyCodes);

/**
 * In a text field, a scan is a burst of at least `minLength` keys ended by Enter whose typical gap
 * (the median) is at most this: a scanner on a loaded page (keys arriving 60–70 ms apart), not a
 * person searching (typing 120 ms a key and more). A person taken for a scan sees the refusal.
 */
export const FIELD_BURST_MS = 100;
/** A pause this long ends a burst: a busy page can hold a scanner's key up, never this long. */
export const BURST_BREAK_MS = 300;
/** Keys typed outside any field are forgotten after this long without another key. */
export const FORGET_MS = 1500;
/**
 * A scanner without Enter has finished after this long without a key: longer than any pause inside
 * a scan on a loaded page, so a scan is never cut in two.
 */
export const SILENT_END_MS = 150;
/** An Enter this soon after a scan that ended by its silence is that scan's, delivered late. */
const LATE_ENTER_MS = 500;

const PASS: ScanStep = { scan: null, swallow: false, insert: null, takeBack: [] };

interface Typed {
  char: string;
  /** What went into the field for it: the key's own character, or the Latin one in the card field. */
  typed: string;
  at: number;
}

/**
 * The keyboard-wedge scanner of docs/product.md "Limits", read so that one Enter is at most one scan and a scan's
 * characters are never split, whatever the gaps between keys and wherever the focus is:
 *
 * - in the card field every key is typed as its Latin character, and the field's own Enter sends
 *   the whole number (a scanner without Enter is sent after its silence);
 * - outside any field the keys are gathered here, out of sight, and Enter makes them a scan; keys
 *   that keep coming while the focus moves (the card field taking it as the screen gets ready) stay
 *   with the scan they began;
 * - in another text field keys type as usual; a fast burst ended by Enter (or, at scanner pace, by
 *   silence) is a scan: its characters are taken back out of the field.
 */
export class BarcodeScanner {
  private readonly gapMs: number;
  private readonly minLength: number;
  private readonly reportShort: boolean;
  private readonly burstOnlyOutside: boolean;
  private keys: Typed[] = [];
  /** Where the keys being gathered went; null when nothing is gathered. */
  private where: KeyTarget | null = null;
  /** When the last scan ended by silence: its Enter, arriving late, is still the scanner's. */
  private silentScanAt = Number.NEGATIVE_INFINITY;

  constructor(opts: ScannerOptions = {}) {
    this.gapMs = opts.gapMs ?? SCANNER.gapMs;
    this.minLength = opts.minLength ?? SCANNER.minLength;
    this.reportShort = opts.reportShort ?? false;
    this.burstOnlyOutside = opts.burstOnlyOutside ?? false;
  }

  /** Characters gathered and not yet closed. */
  get pending(): boolean {
    return this.keys.length > 0;
  }

  get lastTimeStamp(): number {
    return this.keys.at(-1)?.at ?? Number.NEGATIVE_INFINITY;
  }

  push(ev: ScannerKey): ScanStep {
    const target = ev.target ?? 'other';
    // Whatever was gathered and has gone stale first ends by its silence.
    const stale = this.pending ? this.flushStep(ev.timeStamp) : null;
    const step = this.take(ev, target);
    if (!stale?.scan && !stale?.takeBack.length) return step;
    return { ...step, scan: stale.scan ?? step.scan, takeBack: [...stale.takeBack, ...step.takeBack] };
  }

  /** Ends what nothing followed in time; the caller's timer asks this. */
  flush(now: number): string | null {
    return this.flushStep(now).scan;
  }

  /** As `flush`, with the keys to take back out of a text field. */
  flushStep(now: number): ScanStep {
    if (!this.pending) return PASS;
    const quiet = now - this.lastTimeStamp;
    if (quiet > SILENT_END_MS && this.atScannerPace()) {
      const typed = this.where === 'text-field' || this.where === 'card-field' ? this.typedKeys() : [];
      const scan = this.code();
      this.reset();
      this.silentScanAt = now;
      return { ...PASS, scan, takeBack: typed };
    }
    const limit = this.where === 'other' ? FORGET_MS : BURST_BREAK_MS;
    if (quiet > limit) this.reset();
    return PASS;
  }

  reset(): void {
    this.keys = [];
    this.where = null;
  }

  private take(ev: ScannerKey, target: KeyTarget): ScanStep {
    const keyCode = ev.keyCode ?? 0;
    if (keyCode === ENTER || ev.key === 'Enter') return this.enter(ev.timeStamp);
    if (IGNORED_KEY_CODES.has(keyCode) || SILENT_KEYS.has(ev.key)) {
      // A Tab suffix ends a scan gathered outside any field (and must not move the focus).
      const isTab = keyCode === TAB || ev.key === 'Tab';
      if (isTab && this.where === 'other' && this.keys.length >= this.minLength) {
        const scan = this.code();
        this.reset();
        return { ...PASS, scan, swallow: true };
      }
      return PASS;
    }
    // Ctrl/Cmd shortcuts type nothing; Ctrl+Alt together is AltGr on Windows, which does type.
    const shortcut = (ev.ctrlKey && !ev.altKey) || ev.metaKey;
    const char = shortcut || ev.key === ' ' ? null : latinChar(ev);
    if (char === null) {
      // Arrows, Backspace, Escape, Space...: a person at the keyboard; what was gathered is theirs.
      this.reset();
      return PASS;
    }
    // Keys that keep coming stay where their scan began, even if the focus moved meanwhile.
    const where = this.where === 'other' ? 'other' : target;
    if (this.where !== null && this.where !== where) this.reset();
    this.where = where;
    switch (where) {
      case 'other':
        this.keys.push({ char, typed: '', at: ev.timeStamp });
        return { ...PASS, swallow: true };
      case 'card-field':
        this.keys.push({ char, typed: char, at: ev.timeStamp });
        return { ...PASS, swallow: true, insert: char };
      case 'text-field':
        this.keys.push({ char, typed: ev.key, at: ev.timeStamp });
        return PASS;
    }
  }

  private enter(at: number): ScanStep {
    const where = this.where;
    const n = this.keys.length;
    if (where === 'other' && n > 0) {
      const counts = !this.burstOnlyOutside || (n >= this.minLength && this.isBurst(at));
      const scan = counts && (n >= this.minLength || this.reportShort) ? this.code() : null;
      this.reset();
      return { ...PASS, scan, swallow: true };
    }
    if (where === 'text-field' && n >= this.minLength && this.isBurst(at)) {
      const takeBack = this.typedKeys();
      const scan = this.code();
      this.reset();
      return { ...PASS, scan, swallow: true, takeBack };
    }
    // The Enter of a scan already sent after its silence (a loaded page delivered it late).
    if (where === null && at - this.silentScanAt <= LATE_ENTER_MS) return { ...PASS, swallow: true };
    // The card field sends its whole value on its own Enter; anything else is a person's Enter.
    this.reset();
    return PASS;
  }

  private code(): string {
    return this.keys.map((k) => k.char).join('');
  }

  private typedKeys(): string[] {
    return this.keys.map((k) => k.typed);
  }

  private gaps(): number[] {
    return this.keys.slice(1).map((k, i) => k.at - this.keys[i]!.at);
  }

  private medianGap(extra: number[] = []): number {
    const gaps = [...this.gaps(), ...extra].sort((a, b) => a - b);
    return gaps[Math.floor(gaps.length / 2)] ?? 0;
  }

  /** A scanner's keys: mostly `gapMs` apart or less (the median), none a pause apart. */
  private atScannerPace(): boolean {
    if (this.keys.length < this.minLength) return false;
    return this.medianGap() <= this.gapMs && this.gaps().every((g) => g <= BURST_BREAK_MS);
  }

  /** Keys and their Enter at a scanner's pace on a busy page: typically close, none a pause apart. */
  private isBurst(enterAt: number): boolean {
    const enterGap = enterAt - this.lastTimeStamp;
    return enterGap <= BURST_BREAK_MS && this.medianGap([enterGap]) <= FIELD_BURST_MS;
  }
}
