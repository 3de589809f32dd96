import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useBrand } from '../../lib/brand.ts';
import { PageSpinner } from '../page-spinner.tsx';
import { PublicFrame } from './public-frame.tsx';
import { useBrandTitle } from './use-brand-title.ts';

/** The public pages inside the app (login, sign-up, recovery, account removal, privacy). */
export function PublicLayout() {
  const brand = useBrand();
  useBrandTitle(brand);
  return (
    <PublicFrame brand={brand}>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </PublicFrame>
  );
}
