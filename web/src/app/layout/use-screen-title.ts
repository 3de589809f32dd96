import type { Brand } from '@tamaq/contract/brand';
import { useEffect } from 'react';

/** A screen's own heading: the first heading or card title of its content. */
const HEADING = 'h1, h2, h3, h4, .ant-card-head-title';

/**
 * The tab's title names the screen, then the brand («Столовые — Tamaq»): what a screen reader says
 * first on arrival, and what tells one tab from another. It is the screen's own visible heading,
 * read from its content whenever that changes, so a screen needs nothing of its own for it and the
 * title never differs from what the page shows. The brand follows the host (docs/product.md).
 */
export function useScreenTitle(brand: Brand | undefined, root: HTMLElement | null): void {
  useEffect(() => {
    if (!brand || !root) return;
    const update = () => {
      const heading = [...root.querySelectorAll<HTMLElement>(HEADING)]
        .map((h) => h.textContent?.replace(/\s+/g, ' ').trim() ?? '')
        .find(Boolean);
      const title = heading ? `${heading} — ${brand.name}` : brand.name;
      if (document.title !== title) document.title = title;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [brand, root]);
}
