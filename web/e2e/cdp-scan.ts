import type { Page } from 'playwright-core';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A scanner as hardware is: it sends its keys `gapMs` apart whatever the page is doing, and the
 * browser queues them with the time each arrived. (Sent key by key, each awaited, a busy page would spread
 * one scan's keys apart to a person's typing pace; a scanner does not wait.) Each key
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
