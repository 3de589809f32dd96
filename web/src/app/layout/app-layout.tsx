import { RouterLink } from './router-link.tsx';
import { ROLE_LABELS } from '@tamaq/contract/roles';
import { App, Layout } from 'antd';
import { Suspense, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { useProfile } from '../../lib/profile.ts';
import { useBrand } from '../../lib/brand.ts';
import { unsentScans } from '../../lib/scan-queue.ts';
import { i18n } from '../../i18n/texts.ts';
import { PageSpinner } from '../page-spinner.tsx';
import { useTokenRefresh } from '../token-refresh.ts';
import { useSession, useToken } from '../../lib/use-session.ts';
import { AppFooter } from './app-footer.tsx';
import { BrandLogo } from './brand-logo.tsx';
import { MobileNav } from './mobile-nav.tsx';
import { buildNav, buildProfileLinks } from './nav-model.ts';
import { ProfileMenu } from './profile-menu.tsx';
import { TopNav } from './top-nav.tsx';
import { useFocusAfterNavigation } from './use-focus-after-navigation.ts';
import { useScreenTitle } from './use-screen-title.ts';
import { CONTENT_ID, SkipLink } from './skip-link.tsx';
import './narrow.css';
import { useIsMobile } from '../../ui/use-is-mobile.ts';
import { useSignOut } from './use-sign-out.ts';
import { chooseForProfile, useProfileLanguage } from './use-profile-language.ts';

/** The signed-in frame: header with logo, navigation and profile menu; the screen; the footer. */
export function AppLayout() {
  const session = useSession();
  const brand = useBrand();
  const profileQuery = useProfile(session !== null);
  const profile = profileQuery.data;
  useProfileLanguage(profile);
  const isMobile = useIsMobile();
  const signOut = useSignOut();
  const { modal } = App.useApp();
  const asking = useRef(false);
  useTokenRefresh(useToken());
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  useScreenTitle(brand, content);
  useFocusAfterNavigation(CONTENT_ID);

  if (!session) return null; // the guard above redirects; this only narrows the type
  // The library entry waits for the profile: only it knows the organization's modules.
  const entries = buildNav({ role: session.role, modules: profile?.modules ?? [] });
  const profileLinks = buildProfileLinks(session.role);
  // The person's name once known; while it loads, a placeholder (not the role, taken for the name on
  // a slow network); the role only when the profile cannot be read.
  const name = profile?.name ?? (profileQuery.isError ? ROLE_LABELS[session.role] : null);
  // Scans still waiting are sent only while their user is signed in: say so before signing out.
  const onSignOut = () => {
    const unsent = unsentScans();
    if (unsent === 0) return void signOut();
    // The menu may report one click twice: one question is enough.
    if (asking.current) return;
    asking.current = true;
    modal.confirm({
      afterClose: () => (asking.current = false),
      title: i18n.nav.unsentScans.title,
      content: i18n.nav.unsentScans.content(unsent),
      okText: i18n.nav.unsentScans.signOut,
      cancelText: i18n.nav.unsentScans.stay,
      okButtonProps: { danger: true },
      onOk: () => void signOut(),
    });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink />
      <Layout.Header
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: isMobile ? 8 : 24,
          position: 'sticky',
          top: 0,
          // Above any table's sticky header (antd stacks it at twice its columns plus three: 71 for a
          // month's report, which covered the profile menu's «Выход»), below dialogs (1000).
          zIndex: 999,
          boxShadow: '0 1px 4px rgba(0, 0, 0, 0.08)',
          padding: isMobile ? '0 12px' : undefined,
        }}
      >
        {isMobile && (
          <MobileNav entries={entries} profileLinks={profileLinks} name={name ?? ''} onSignOut={onSignOut} />
        )}
        <BrandLogo brand={brand} link={RouterLink} />
        {isMobile ? (
          <div style={{ flex: 1 }} />
        ) : (
          <>
            <TopNav entries={entries} />
            <ProfileMenu name={name} image={profile?.image ?? null} links={profileLinks} onSignOut={onSignOut} />
          </>
        )}
      </Layout.Header>
      <Layout.Content id={CONTENT_ID} tabIndex={-1} className="tq-content" style={{ padding: isMobile ? 12 : 24 }}>
        <div ref={setContent} style={{ maxWidth: 1400, margin: '0 auto' }}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </div>
      </Layout.Content>
      <AppFooter brand={brand} link={RouterLink} onChooseLanguage={chooseForProfile} />
    </Layout>
  );
}
