import { useEffect, useState } from 'react';

/**
 * What antd's tables lack for the keyboard, put right in the element that holds one (a ref to it):
 *
 * - antd measures column widths in a hidden row that copies every header, a «select all» checkbox
 *   included: a keyboard could reach that copy though a screen reader is told it is not there. The
 *   hidden row is made inert (nothing in it takes the focus).
 * - a table wider or taller than its box scrolls inside it; with nothing to focus in it (a report's
 *   grid of numbers) the keyboard could not scroll it. Such a box takes the focus (Tab, then the
 *   arrows scroll it), a region named by `label` when one is given.
 *
 * Applied whenever antd draws: rows and boxes come and go with the data. The element is given by
 * the callback this returns (`ref={…}`), so a table drawn after a first render without it is seen.
 */
export function useTableAccess<E extends HTMLElement>(label?: string) {
  const [root, setRoot] = useState<E | null>(null);
  useEffect(() => {
    if (!root) return;
    const apply = () => {
      root.querySelectorAll('.ant-table-measure-row:not([inert])').forEach((row) => row.setAttribute('inert', ''));
      root.querySelectorAll<HTMLElement>('.ant-table-body, .ant-table-content').forEach((scroller) => {
        const scrolls = scroller.scrollWidth > scroller.clientWidth || scroller.scrollHeight > scroller.clientHeight;
        if (scrolls && scroller.tabIndex !== 0) {
          scroller.tabIndex = 0;
          if (label) {
            scroller.setAttribute('role', 'region');
            scroller.setAttribute('aria-label', label);
          }
        } else if (!scrolls && scroller.hasAttribute('tabindex')) {
          scroller.removeAttribute('tabindex');
          scroller.removeAttribute('role');
          scroller.removeAttribute('aria-label');
        }
      });
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(root, { childList: true, subtree: true });
    window.addEventListener('resize', apply);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', apply);
    };
  }, [root, label]);
  return setRoot;
}
