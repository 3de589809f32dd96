import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARD_FIELD_ATTRIBUTE, useBarcodeScanner } from './use-barcode-scanner.ts';

function Screen({ onScan }: { onScan: (code: string) => void }) {
  const [value, setValue] = useState('');
  const [card, setCard] = useState('');
  useBarcodeScanner(onScan);
  return (
    <>
      <input aria-label="Поиск" value={value} onChange={(e) => setValue(e.target.value)} />
      <input
        aria-label="Номер карты"
        value={card}
        onChange={(e) => setCard(e.target.value)}
        {...{ [CARD_FIELD_ATTRIBUTE]: '' }}
      />
    </>
  );
}

let clock = 1000;

/**
 * Presses a key the way a browser would: keydown (with our timestamp), then, unless prevented,
 * the character goes into the focused field. Returns whether the page kept the key out.
 */
function press(target: HTMLElement, key: string, gapMs: number, extra: KeyboardEventInit = {}): boolean {
  clock += gapMs;
  const ev = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...extra });
  Object.defineProperty(ev, 'timeStamp', { value: clock });
  act(() => {
    target.dispatchEvent(ev);
  });
  if (!ev.defaultPrevented && key.length === 1 && target instanceof HTMLInputElement) {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    act(() => {
      setter?.call(target, target.value + key);
      target.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }
  return ev.defaultPrevented;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useBarcodeScanner', () => {
  it('reports a scan made while a search field has the focus and leaves the field empty', () => {
    const onScan = vi.fn();
    render(<Screen onScan={onScan} />);
    const input = screen.getByLabelText<HTMLInputElement>('Поиск');
    input.focus();
    // Russian layout: the scanner's "A1B2C3" arrives as Ф1И2С3.
    for (const key of ['Ф', '1', 'И', '2', 'С', '3']) press(input, key, 4);
    const enterPrevented = press(input, 'Enter', 4, { keyCode: 13 });
    expect(onScan).toHaveBeenCalledWith('A1B2C3');
    expect(input.value).toBe('');
    expect(enterPrevented).toBe(true);
  });

  it('types a scan into the card field whole, in Latin, at any pace, and leaves its Enter to the field', () => {
    for (const gap of [4, 40, 120]) {
      const onScan = vi.fn();
      render(<Screen onScan={onScan} />);
      const card = screen.getByLabelText<HTMLInputElement>('Номер карты');
      card.focus();
      for (const key of ['Ф', '1', 'И', '2', 'С', '3']) press(card, key, gap);
      expect(press(card, 'Enter', gap, { keyCode: 13 })).toBe(false);
      expect(card.value).toBe('A1B2C3');
      expect(onScan).not.toHaveBeenCalled();
      cleanup();
    }
  });

  it('leaves a person typing into the field alone', () => {
    const onScan = vi.fn();
    render(<Screen onScan={onScan} />);
    const input = screen.getByLabelText<HTMLInputElement>('Поиск');
    input.focus();
    const prevented = [...'Иванов'].map((key) => press(input, key, 120));
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(prevented.every((p) => !p)).toBe(true);
    expect(input.value).toBe('Иванов');
    expect(onScan).not.toHaveBeenCalled();
  });

  it('keeps what the person had typed before the scan', () => {
    const onScan = vi.fn();
    render(<Screen onScan={onScan} />);
    const input = screen.getByLabelText<HTMLInputElement>('Поиск');
    input.focus();
    for (const key of 'Пет') press(input, key, 150);
    clock += 2000; // then picks up the scanner
    for (const key of '00012345') press(input, key, 3);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(onScan).toHaveBeenCalledWith('00012345');
    expect(input.value).toBe('Пет');
  });

  it('finishes a scan without an Enter suffix once the keys stop coming', () => {
    const onScan = vi.fn();
    render(<Screen onScan={onScan} />);
    for (const key of '9876543') press(document.body, key, 5);
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(onScan).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(onScan).toHaveBeenCalledExactlyOnceWith('9876543');
  });

  it('does not swallow a person’s Enter: on its own, or after keys long forgotten', () => {
    render(<Screen onScan={vi.fn()} />);
    expect(press(document.body, 'Enter', 300, { keyCode: 13 })).toBe(false);
    press(document.body, '1', 300);
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(press(document.body, 'Enter', 2000, { keyCode: 13 })).toBe(false);
  });
});
