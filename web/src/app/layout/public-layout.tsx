import { theme } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useBrand } from '../../lib/brand.ts';
import { PageSpinner } from '../page-spinner.tsx';
import { AppFooter } from './app-footer.tsx';
import { BrandLogo } from './brand-logo.tsx';
import { useBrandTitle } from './use-brand-title.ts';

/**
 * The frame of the public pages (login, sign-up, recovery, account removal, privacy): the brand on
 * top, the page's own card centred below, the footer.
 */
export function PublicLayout() {
  const brand = useBrand();
  useBrandTitle(brand);
  const { token } = theme.useToken();
  // Plain elements rather than antd's Layout (which brings the Sider along): see AuthCard.
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: token.colorBgLayout }}>
      <main
        style={{
          flex: 'auto',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          padding: '40px 16px 16px',
        }}
      >
        <div style={{ marginBottom: 24, minHeight: 32 }}>
          <BrandLogo brand={brand} />
        </div>
        <div style={{ width: '100%', display: 'flex', justifyContent: 'center' }}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <AppFooter brand={brand} />
    </div>
  );
}
