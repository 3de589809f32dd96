import type { Page } from 'playwright-core';

/**
 * What a person would notice on a screen, as the browser tests look at it: words cut or spilling
 * from their box, a page that scrolls sideways; and when the screen is ready to be looked at.
 */

/** What a person would see as cut or overflowing on the screen now, each as a line. */
export function problemsOnScreen(): string[] {
  const problems: string[] = [];
  const { scrollWidth } = document.documentElement;
  if (scrollWidth > window.innerWidth + 1)
    problems.push(`the page scrolls sideways: ${scrollWidth} > ${window.innerWidth}`);
  // The product's own words: buttons, menus, tabs, labels, headings, column headers, placeholders.
  const words = [
    '.ant-btn',
    '.ant-menu-title-content',
    '.ant-tabs-tab-btn',
    '.ant-form-item-label > label',
    '.ant-table-thead th',
    '.ant-modal-title',
    '.ant-card-head-title',
    'h1',
    'h2',
    'h3',
    'h4',
    '.ant-radio-button-wrapper',
    '.ant-segmented-item-label',
    '.ant-statistic-title',
    '.ant-select-selection-placeholder',
    'input[placeholder]',
    '.ant-empty-description',
    '.ant-alert-message',
    '.ant-descriptions-item-label',
  ].join(',');
  for (const el of document.querySelectorAll<HTMLElement>(words)) {
    if (!el.checkVisibility() || el.closest('.ant-table-tbody')) continue;
    const text = (el instanceof HTMLInputElement ? el.placeholder : el.innerText).trim().replace(/\s+/g, ' ');
    if (!text) continue;
    const style = getComputedStyle(el);
    // Words in a line of text have no box of their own to be cut by: the box around them is looked at.
    if (style.display === 'inline') continue;
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    let needs: number;
    if (el instanceof HTMLInputElement) {
      // A placeholder longer than its field: measured as drawn in the field's font.
      if (el.value) continue;
      const canvas = document.createElement('canvas').getContext('2d')!;
      canvas.font = style.font;
      needs = canvas.measureText(el.placeholder).width;
    } else {
      // The words themselves (an icon, a hidden input or a pseudo-element's shadow does not count): wider than the box's room
      // when the box clips them or they spill out of it.
      const texts = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      let left = Infinity;
      let right = -Infinity;
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        // Words for a screen reader only are out of sight on purpose.
        if (node.parentElement?.closest('.tq-sr-only')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) {
          left = Math.min(left, r.left);
          right = Math.max(right, r.right);
        }
      }
      needs = right - left;
    }
    if (needs > room + 1)
      problems.push(`cut: «${text.slice(0, 60)}» needs ${Math.ceil(needs)} px, has ${Math.floor(room)}`);
  }
  const folded = document.querySelector<HTMLElement>('.ant-menu-overflow-item-rest');
  if (folded && folded.checkVisibility({ opacityProperty: true }) && folded.getBoundingClientRect().height > 0)
    problems.push('the top menu folds entries into «⋯»');
  // The tab's title names the screen before the brand, as a screen reader says it on arrival.
  if (!document.title.includes(' — ')) problems.push(`the tab's title «${document.title}» does not name the screen`);
  return [...new Set(problems)];
}

/**
 * Counts the page's requests in flight (a live socket is not one), so that a screen is looked at once
 * it is drawn and its data has come: 150 ms without a request, rather than the 500 ms of
 * Playwright's `networkidle`, which can also pass in the gap before the app's first call).
 */
export function trackRequests(page: Page) {
  let inFlight = 0;
  page.on('request', () => inFlight++);
  page.on('requestfinished', () => inFlight--);
  page.on('requestfailed', () => inFlight--);
  return async function settled() {
    await page.waitForLoadState('load');
    // The screen is drawn (its heading is there, and with it the calls for its data have gone out)…
    await page
      .waitForFunction(() => document.querySelector('main :is(h1, h2, h3, h4, .ant-card-head-title)'), undefined, {
        timeout: 10_000,
      })
      .catch(() => undefined);
    // …then its data has come: no request for 150 ms, no spinner, no skeleton.
    for (let calm = 0, waited = 0; calm < 3 && waited < 10_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      calm = inFlight <= 0 ? calm + 1 : 0;
    }
    await page
      .waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'), undefined, {
        timeout: 10_000,
      })
      .catch(() => undefined);
  };
}

/**
 * Opens a screen of the signed-in app as its own links do, without loading the page again: what a
 * person sees after a click in the menu. A reload per screen started the whole app each time (about
 * 0.8 s of the browser's processor a screen), most of a sweep's time.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const before = await page.evaluate(async (to) => {
    const text = document.querySelector('main')?.innerText ?? '';
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
    // The new screen has rendered and sent for its code and data before the caller watches.
    for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
    return text;
  }, path);
  // The screen before it has gone (two screens never read the same; the wait ends in any case).
  await page
    .waitForFunction((text) => (document.querySelector('main')?.innerText ?? '') !== text, before, { timeout: 5_000 })
    .catch(() => undefined);
}
