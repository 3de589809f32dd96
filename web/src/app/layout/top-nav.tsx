import { Menu } from 'antd';
import { useRef } from 'react';
import { useLocation } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { activeHref, toMenuItems } from './menu-items.tsx';
import { navHrefs, type NavEntry } from './nav-model.ts';

/**
 * The desktop navigation. Dropdowns render into the nav itself and are rendered even while closed,
 * so every entry of a role is an <a href> inside [data-testid=nav].
 */
export function TopNav({ entries }: { entries: NavEntry[] }) {
  const { pathname } = useLocation();
  const container = useRef<HTMLElement>(null);
  const selected = activeHref(pathname, navHrefs(entries));
  return (
    <nav
      ref={container}
      data-testid="nav"
      aria-label={i18n.common.mainMenu}
      style={{ flex: 1, minWidth: 0, position: 'relative' }}
    >
      <Menu
        mode="horizontal"
        items={toMenuItems(entries)}
        selectedKeys={selected ? [selected] : []}
        forceSubMenuRender
        getPopupContainer={() => container.current ?? document.body}
        style={{ borderBottom: 'none', lineHeight: '62px' }}
      />
    </nav>
  );
}
