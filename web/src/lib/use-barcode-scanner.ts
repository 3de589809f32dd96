import { SCANNER } from '@tamaq/contract/constants';
import { useEffect, useRef } from 'react';
import { BarcodeScanner } from './scanner.ts';

export interface BarcodeScannerOptions {
  /** Off while a dialog that has its own input is open, for example. Default true. */
  enabled?: boolean;
}

type TextField = HTMLInputElement | HTMLTextAreaElement;

const isTextField = (t: EventTarget | null): t is TextField =>
  t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement;

/**
 * Removes the first characters of a scan from the field they were typed into: they arrived before
 * the scan could be told from typing. Goes through the native setter plus an `input` event, so a
 * React-controlled field updates its state too.
 */
function takeBack(target: EventTarget | null, keys: string[]): void {
  if (!isTextField(target)) return;
  const typed = keys.join('');
  const end = target.selectionStart; // null for inputs without a caret (number, date...)
  if (end === null || end !== target.selectionEnd) return;
  const value = target.value;
  if (!value.slice(0, end).endsWith(typed)) return;
  const start = end - typed.length;
  const proto = target instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(target, value.slice(0, start) + value.slice(end));
  target.setSelectionRange(start, start);
  target.dispatchEvent(new Event('input', { bubbles: true }));
}

/** `event.timeStamp` counts from page load in current browsers and from 1970 in old ones. */
const clockFor = (stamp: number) => (stamp > 1e12 ? Date.now() : performance.now());

/**
 * Listens for a keyboard-wedge barcode scanner anywhere on the page and calls `onScan` with the
 * card number in Latin letters and digits, whatever keyboard layout is on. Typing by a person,
 * in a field or not, is left alone; scanner keystrokes are kept out of the focused field.
 */
export function useBarcodeScanner(onScan: (code: string) => void, opts: BarcodeScannerOptions = {}): void {
  const enabled = opts.enabled ?? true;
  const onScanRef = useRef(onScan);
  useEffect(() => {
    onScanRef.current = onScan;
  });

  useEffect(() => {
    if (!enabled) return;
    const scanner = new BarcodeScanner();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const emit = (code: string | null) => {
      if (code) onScanRef.current(code);
    };
    // A scanner without an Enter suffix ends by silence. The timestamps decide; the timer only asks.
    // A timer that fires early (its clock differs from the events') retries once, then closes.
    const tick = (retry: boolean) => {
      timer = undefined;
      emit(scanner.flush(retry ? Number.POSITIVE_INFINITY : clockFor(scanner.lastTimeStamp)));
      if (scanner.pending) timer = setTimeout(() => tick(true), SCANNER.gapMs);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.isComposing) return;
      const step = scanner.push({
        key: e.key,
        ...(e.code ? { code: e.code } : {}),
        keyCode: e.keyCode,
        shiftKey: e.shiftKey,
        ctrlKey: e.ctrlKey,
        altKey: e.altKey,
        metaKey: e.metaKey,
        timeStamp: e.timeStamp,
      });
      if (step.swallow) {
        e.preventDefault();
        e.stopPropagation(); // an Enter suffix must not submit the form the field is in
      }
      if (step.leaked.length > 0) takeBack(e.target, step.leaked);
      if (timer !== undefined) clearTimeout(timer);
      timer = scanner.pending ? setTimeout(() => tick(false), SCANNER.gapMs + 5) : undefined;
      emit(step.scan);
    };
    // Capture phase: seen before antd inputs or selects can stop the event.
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [enabled]);
}
