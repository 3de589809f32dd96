import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Menu } from 'antd';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { activeHref, toMenuItems } from './menu-items.tsx';
import { navHrefs, type NavEntry, type NavLink } from './nav-model.ts';

type Props = { entries: NavEntry[]; profileLinks: NavLink[]; name: string; onSignOut: () => void };

/** Below 700 px the whole navigation, profile menu included, moves into a drawer. */
export function MobileNav({ entries, profileLinks, name, onSignOut }: Props) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // Choosing an entry closes the drawer: the page under it is about to change.
  const close = () => setOpen(false);
  const selected = activeHref(pathname, [...navHrefs(entries), ...profileLinks.map((l) => l.to)]);
  return (
    <>
      <Button
        type="text"
        icon={<MenuOutlined />}
        aria-label={i18n.common.openMenu}
        data-testid="nav-toggle"
        onClick={() => setOpen(true)}
      />
      <Drawer placement="left" open={open} onClose={close} title={name} size={280} forceRender>
        <nav data-testid="nav" aria-label={i18n.common.mainMenu}>
          <Menu
            mode="inline"
            items={toMenuItems(entries)}
            selectedKeys={selected ? [selected] : []}
            forceSubMenuRender
            onClick={close}
            style={{ borderInlineEnd: 'none' }}
          />
        </nav>
        <div data-testid="profile-menu">
          <Menu
            mode="inline"
            selectedKeys={selected ? [selected] : []}
            onClick={close}
            style={{ borderInlineEnd: 'none', borderTop: '1px solid rgba(0,0,0,0.06)' }}
            items={[
              ...toMenuItems(profileLinks),
              {
                key: 'sign-out',
                icon: <LogoutOutlined />,
                label: <span data-testid="sign-out">{i18n.nav.signOut}</span>,
                onClick: onSignOut,
              },
            ]}
          />
        </div>
      </Drawer>
    </>
  );
}
