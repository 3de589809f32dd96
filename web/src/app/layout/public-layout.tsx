import { RouterLink } from './router-link.tsx';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useBrand } from '../../lib/brand.ts';
import { PageSpinner } from '../page-spinner.tsx';
import { PublicFrame } from './public-frame.tsx';

/** The public pages inside the app (login, sign-up, recovery, account removal, privacy). */
export function PublicLayout() {
  const brand = useBrand();
  return (
    <PublicFrame brand={brand} link={RouterLink}>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </PublicFrame>
  );
}
