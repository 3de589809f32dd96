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
