import { GlobalOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import type { Image } from '@tamaq/contract/profile';
import { Avatar, Menu, Skeleton } from 'antd';
import { useRef } from 'react';
import { useLocation } from 'react-router';
import { chooseForProfile } from './use-profile-language.ts';
import { appLanguage, i18n } from '../../i18n/texts.ts';
import { LANGUAGE_NAMES } from '../../i18n/language.ts';
import { activeHref, toMenuItems } from './menu-items.tsx';
import type { NavLink } from './nav-model.ts';
import { SrOnly } from '../../ui/sr-only.tsx';

/** `name` is null while the profile loads. */
type Props = { name: string | null; image: Image | null; links: NavLink[]; onSignOut: () => void };

/**
 * docs/product.md "Navigation" profile menu: Профиль, Смена пароля, the other language and Выход, under the
 * user's name.
 */
export function ProfileMenu({ name, image, links, onSignOut }: Props) {
  const { pathname } = useLocation();
  const container = useRef<HTMLDivElement>(null);
  const selected = activeHref(
    pathname,
    links.map((l) => l.to),
  );
  const other = appLanguage() === 'kk' ? 'ru' : 'kk';
  const title = (
    <span data-testid="profile-menu-title" style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <Avatar size="small" src={image?.url} icon={<UserOutlined />} />
      {name === null ? (
        <>
          <Skeleton.Input active size="small" style={{ width: 120, minWidth: 120 }} />
          <SrOnly>{i18n.ui.loading}</SrOnly>
        </>
      ) : (
        <span style={{ maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis' }}>{name}</span>
      )}
    </span>
  );
  return (
    <div ref={container} data-testid="profile-menu" style={{ position: 'relative', flex: 'none' }}>
      <Menu
        mode="horizontal"
        disabledOverflow
        selectedKeys={selected ? [selected] : []}
        forceSubMenuRender
        getPopupContainer={() => container.current ?? document.body}
        style={{ borderBottom: 'none', lineHeight: '62px', minWidth: 120 }}
        items={[
          {
            key: 'profile-menu',
            label: title,
            children: [
              ...toMenuItems(links),
              {
                key: 'language',
                icon: <GlobalOutlined />,
                label: (
                  <span data-testid="switch-language" lang={other}>
                    {LANGUAGE_NAMES[other]}
                  </span>
                ),
                onClick: () => chooseForProfile(other),
              },
              {
                key: 'sign-out',
                icon: <LogoutOutlined />,
                label: <span data-testid="sign-out">{i18n.nav.signOut}</span>,
                onClick: onSignOut,
              },
            ],
          },
        ]}
      />
    </div>
  );
}
