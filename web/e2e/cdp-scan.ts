import type { Page } from 'playwright-core';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A keyboard-wedge scanner through the browser's own input pipeline (CDP `Input.dispatchKeyEvent`,
 * as the scanner's USB keyboard): each character's key down and up, `gapMs` apart, then Enter, into
 * whatever has the focus.
 */
export async function cdpScan(page: Page, code: string, gapMs = 0): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    for (const ch of code) {
      const upper = ch.toUpperCase();
      const digit = /\d/.test(ch);
      const key = {
        key: ch,
        code: digit ? `Digit${ch}` : ch === '-' ? 'Minus' : `Key${upper}`,
        windowsVirtualKeyCode: ch === '-' ? 189 : upper.charCodeAt(0),
        text: ch,
      };
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...key });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key });
      if (gapMs > 0) await sleep(gapMs);
    }
    const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 };
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...enter, text: '\r' });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...enter });
  } finally {
    await cdp.detach();
  }
}

/**
 * A scanner as hardware is: it sends its keys `gapMs` apart whatever the page is doing, and the
 * browser queues them with the time each arrived. (`cdpScan` waits for the page to take each key
 * before sending the next, so a busy page spreads its keys apart; a scanner does not wait.) Each key
 * carries its own arrival time (CDP `timestamp`), and the commands are sent without waiting.
 */
export async function cdpBurst(page: Page, code: string, gapMs = 5): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const start = Date.now();
  const sent: Promise<unknown>[] = [];
  try {
    const keys = [...code, '\r'];
    for (const [i, ch] of keys.entries()) {
      const at = (start + i * gapMs) / 1000;
      const enter = ch === '\r';
      const upper = ch.toUpperCase();
      const key = enter
        ? { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 }
        : {
            key: ch,
            code: /\d/.test(ch) ? `Digit${ch}` : ch === '-' ? 'Minus' : `Key${upper}`,
            windowsVirtualKeyCode: ch === '-' ? 189 : upper.charCodeAt(0),
          };
      sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...key, text: ch, timestamp: at }));
      sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key, timestamp: at }));
      const wait = start + (i + 1) * gapMs - Date.now();
      if (wait > 0) await sleep(wait);
    }
    await Promise.all(sent);
  } finally {
    await cdp.detach();
  }
}
