import type { Brand } from '@tamaq/contract/brand';
import { theme } from 'antd';
import { Link } from 'react-router';

/** A text logo: the brand's initial on a green tile and its name; links to the start screen. */
export function BrandLogo({ brand, compact = false }: { brand: Brand | undefined; compact?: boolean }) {
  const { token } = theme.useToken();
  return (
    <Link
      to="/"
      data-testid="brand"
      aria-label={brand?.name}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 10, color: token.colorText, whiteSpace: 'nowrap' }}
    >
      <span
        aria-hidden
        style={{
          width: 32,
          height: 32,
          borderRadius: 8,
          background: token.colorPrimary,
          color: '#fff',
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontWeight: 700,
          fontSize: 18,
        }}
      >
        {brand?.name.charAt(0) ?? ''}
      </span>
      {!compact && <span style={{ fontWeight: 600, fontSize: 18 }}>{brand?.name}</span>}
    </Link>
  );
}
