import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * A new screen that replaced the one holding the focus (a form saved, a row's page left) leaves the
 * focus nowhere, and the next Tab went on from wherever the browser last had it: in a long list,
 * a hundred stops down. The focus goes to the screen's region instead, so Tab continues from the
 * top of the new screen and a screen reader starts there. A screen that puts the focus in a field
 * of its own keeps it; the first screen of a visit is left alone (its first Tab is the skip link).
 */
export function useFocusAfterNavigation(contentId: string): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const active = document.activeElement;
    if (active === null || active === document.body) document.getElementById(contentId)?.focus({ preventScroll: true });
  }, [pathname, contentId]);
}
