import fs from 'node:fs';
import path from 'node:path';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_KEYS_MAX_AGE_MS, takeEarlyKeys } from './early-keys.ts';
import { useBarcodeScanner } from './use-barcode-scanner.ts';

/** The page's first script, as the browser runs it before the app. */
const EARLY_SCRIPT = fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'public', 'early-keys.js'), 'utf8');
const loadPage = () => {
  delete window.__tamaqEarlyKeys;
  new Function(EARLY_SCRIPT)();
};

/** Keys pressed on the page (or in `target`), `gapMs` apart, ending `endsAgoMs` before now. */
function press(keys: string[], gapMs: number, endsAgoMs = 10, target: EventTarget = document.body) {
  const end = performance.now() - endsAgoMs;
  keys.forEach((key, i) => {
    const ev = new KeyboardEvent('keydown', {
      key,
      keyCode: key === 'Enter' ? 13 : key.toUpperCase().charCodeAt(0),
      bubbles: true,
      cancelable: true,
    });
    Object.defineProperty(ev, 'timeStamp', { value: end - (keys.length - 1 - i) * gapMs });
    target.dispatchEvent(ev);
  });
}
const scan = (code: string) => [...code, 'Enter'];

function Screen({ onScan, early = true }: { onScan: (code: string) => void; early?: boolean }) {
  useBarcodeScanner(onScan, { reportShort: true, takeEarlyKeys: early });
  return null;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  loadPage();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  delete window.__tamaqEarlyKeys;
});

describe('a scan made while the page loads', () => {
  it('reaches the scanning screen once it is ready, once', () => {
    press(scan('CARD0042'), 5);
    const onScan = vi.fn();
    render(<Screen onScan={onScan} />);
    expect(onScan.mock.calls).toEqual([['CARD0042']]);
    // The next screen, or the same one again, reads nothing more.
    cleanup();
    render(<Screen onScan={onScan} />);
    act(() => void vi.runAllTimers());
    expect(onScan).toHaveBeenCalledTimes(1);
  });

  it('reaches it without Enter too, once the scanner has fallen silent', () => {
    press([...'CARD0043'], 5);
    const onScan = vi.fn();
    render(<Screen onScan={onScan} />);
    act(() => void vi.runAllTimers());
    expect(onScan.mock.calls).toEqual([['CARD0043']]);
  });

  it('keeps no key typed into a field, and reads only the last run of keys', () => {
    const field = document.createElement('input');
    document.body.append(field);
    press([...'secret-password', 'Enter'], 5, 10, field);
    expect(takeEarlyKeys()).toEqual([]);
    loadPage();
    press([...'secret-password', 'Enter'], 5, 5000, field);
    press(['x', 'Enter'], 200, 3000);
    press(scan('CARD0044'), 5);
    const onScan = vi.fn();
    render(<Screen onScan={onScan} />);
    act(() => void vi.runAllTimers());
    expect(onScan.mock.calls).toEqual([['CARD0044']]);
    field.remove();
  });

  it('forgets a scan older than half a minute, and leaves the keys alone for a screen that does not read them', () => {
    press(scan('CARD0045'), 5, EARLY_KEYS_MAX_AGE_MS + 1000);
    expect(takeEarlyKeys()).toEqual([]);

    loadPage();
    press(scan('CARD0046'), 5);
    const onScan = vi.fn();
    render(<Screen onScan={onScan} early={false} />);
    act(() => void vi.runAllTimers());
    expect(onScan).not.toHaveBeenCalled();
    expect(
      takeEarlyKeys()
        .map((k) => k.key)
        .join(''),
    ).toBe('CARD0046Enter');
  });

  it('answers nothing on a page without the first script (a test, an old cached page)', () => {
    delete window.__tamaqEarlyKeys;
    expect(takeEarlyKeys()).toEqual([]);
  });
});
