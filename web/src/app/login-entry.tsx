import { BRANDS, type Brand } from '@tamaq/contract/brand-list';
import { useEffect, useState } from 'react';
import { LoginForm } from '../features/account/login-form.tsx';
import { DENIED_PARAM, NEXT_PARAM } from '../features/account/return-to.ts';
import { getBrand } from '../lib/brand-api.ts';
import { HrefLink } from '../ui/link-type.tsx';
import { PublicFrame } from './layout/public-frame.tsx';

/**
 * `/login` opened afresh, signed out: the public frame and the sign-in form without antd, the router
 * or the data cache (≤ 200 KB). Signed in, the app loads in place at the target.
 */
export function LoginEntry({ onSignedIn }: { onSignedIn: (to: string) => Promise<void> }) {
  const [brand, setBrand] = useState<Brand>();
  useEffect(() => {
    getBrand().then(setBrand, () => setBrand(BRANDS.tamaq));
  }, []);
  const params = new URLSearchParams(window.location.search);
  return (
    <PublicFrame brand={brand} link={HrefLink}>
      <LoginForm
        next={params.get(NEXT_PARAM)}
        denied={params.get(DENIED_PARAM) === '1'}
        link={HrefLink}
        onSignedIn={onSignedIn}
      />
    </PublicFrame>
  );
}
