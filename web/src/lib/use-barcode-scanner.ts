import { useEffect, useRef } from 'react';
import { takeEarlyKeys } from './early-keys.ts';
import { BarcodeScanner, FORGET_MS, SILENT_END_MS, type KeyTarget, type ScannerKey } from './scanner.ts';

export interface BarcodeScannerOptions {
  /** Off while a dialog that has its own input is open, for example. Default true. */
  enabled?: boolean;
  /** Enter after 1–3 characters typed outside any field reports them too, so the screen can say "not a card". */
  reportShort?: boolean;
  /** Outside any field only a scanner's burst counts, not keys typed at a person's pace (see BarcodeScanner). */
  burstOnlyOutside?: boolean;
  /**
   * A scanning screen of the queue: when it is first enabled it reads the keys pressed while the page
   * was loading (a card scanned at a reload), so that scan is recorded or refused, never lost.
   */
  takeEarlyKeys?: boolean;
}

/** The attribute that marks a screen's card field: its value is a card number, typed or scanned. */
export const CARD_FIELD_ATTRIBUTE = 'data-card-field';

type TextField = HTMLInputElement | HTMLTextAreaElement;

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'tel', 'email', 'url', 'password', 'number', '']);
const isTextField = (t: EventTarget | null): t is TextField =>
  t instanceof HTMLTextAreaElement || (t instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(t.type));

const targetOf = (t: EventTarget | null): KeyTarget => {
  if (!isTextField(t) || t.readOnly || t.disabled) return 'other';
  return t.hasAttribute(CARD_FIELD_ATTRIBUTE) ? 'card-field' : 'text-field';
};

/** Sets a field's value the way typing does: the native setter and an `input` event, so React sees it. */
function setFieldValue(field: TextField, value: string, caret: number): void {
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.setSelectionRange(caret, caret);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Types a character at the caret (over the selection) of the card field. */
function insert(target: EventTarget | null, char: string): void {
  if (!isTextField(target)) return;
  const value = target.value;
  const start = target.selectionStart ?? value.length;
  const end = target.selectionEnd ?? start;
  setFieldValue(target, value.slice(0, start) + char + value.slice(end), start + char.length);
}

/** Removes a scan's characters, just typed, from before the caret of the field they went into. */
function takeBack(target: EventTarget | null, typed: string[]): void {
  if (!isTextField(target) || typed.length === 0) return;
  const text = typed.join('');
  const end = target.selectionStart ?? target.value.length;
  const value = target.value;
  if (!value.slice(0, end).endsWith(text)) return;
  setFieldValue(target, value.slice(0, end - text.length) + value.slice(end), end - text.length);
}

/**
 * Listens for a keyboard-wedge barcode scanner anywhere on the page and calls `onScan` with the
 * card number in Latin letters and digits, whatever keyboard layout is on. One Enter is at most
 * one scan, and a scan is never split between a field and this hook (see BarcodeScanner). A field
 * marked with CARD_FIELD_ATTRIBUTE gets every key as its Latin character and sends itself on Enter.
 */
export function useBarcodeScanner(onScan: (code: string) => void, opts: BarcodeScannerOptions = {}): void {
  const enabled = opts.enabled ?? true;
  const reportShort = opts.reportShort ?? false;
  const burstOnlyOutside = opts.burstOnlyOutside ?? false;
  const early = opts.takeEarlyKeys ?? false;
  const onScanRef = useRef(onScan);
  useEffect(() => {
    onScanRef.current = onScan;
  });

  useEffect(() => {
    if (!enabled) return;
    const scanner = new BarcodeScanner({ reportShort, burstOnlyOutside });
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The field the keys being gathered went into, for taking a silent scan back out of it.
    let field: EventTarget | null = null;
    const emit = (code: string | null) => {
      if (code) onScanRef.current(code);
    };
    // A scan without Enter ends by its silence: the key's own timestamp plus the time the timer
    // waited decides, first when a scanner has surely stopped (a field's burst expires then too),
    // then when keys typed outside any field are forgotten.
    const tick = (since: number, waited: number, waits: number[]) => {
      timer = undefined;
      const step = scanner.flushStep(since + waited);
      takeBack(field, step.takeBack);
      emit(step.scan);
      const [next, ...rest] = waits;
      if (scanner.pending && next !== undefined) timer = setTimeout(() => tick(since, waited + next, rest), next);
    };
    /** One key, live (`e`: it can be stopped, and typed into its field) or kept from the page's load. */
    const handle = (key: ScannerKey, e: KeyboardEvent | null) => {
      const step = scanner.push(key);
      if (e && step.swallow) {
        e.preventDefault();
        e.stopPropagation(); // an Enter that ends a scan must not submit a form or press a button
      }
      const into = e?.target ?? null;
      takeBack(step.takeBack.length && field ? field : into, step.takeBack);
      if (step.insert) insert(into, step.insert);
      field = scanner.pending ? into : null;
      if (timer !== undefined) clearTimeout(timer);
      const since = key.timeStamp;
      const first = SILENT_END_MS + 5;
      timer = scanner.pending ? setTimeout(() => tick(since, first, [FORGET_MS]), first) : undefined;
      emit(step.scan);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.isComposing) return;
      handle(
        {
          key: e.key,
          ...(e.code ? { code: e.code } : {}),
          keyCode: e.keyCode,
          shiftKey: e.shiftKey,
          ctrlKey: e.ctrlKey,
          altKey: e.altKey,
          metaKey: e.metaKey,
          timeStamp: e.timeStamp,
          target: targetOf(e.target),
        },
        e,
      );
    };
    // Capture phase: seen before antd inputs or selects can stop the event.
    window.addEventListener('keydown', onKeyDown, true);
    // The keys of the page's load come first, in their order and with their times: outside any field.
    if (early) {
      for (const { code, ...k } of takeEarlyKeys()) handle({ ...k, ...(code ? { code } : {}), target: 'other' }, null);
    }
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [enabled, reportShort, burstOnlyOutside, early]);
}
