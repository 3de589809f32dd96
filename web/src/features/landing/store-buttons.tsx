import type { Brand } from '@tamaq/contract/brand';
import { shellTexts } from '../../i18n/shell-texts.ts';
import { Button, Icon } from '../../ui/plain/plain.tsx';

/**
 * The brand's own store links: each brand has its own app (docs/product.md "What it does"). Plain
 * elements: the family's page shows them too.
 */
export function StoreButtons({ brand }: { brand: Brand }) {
  const style = { background: '#111', borderColor: '#111', color: '#fff' };
  return (
    <div className="tq-row" style={{ gap: 16 }}>
      <Button
        kind="primary"
        size="large"
        icon={<Icon name="apple" />}
        href={brand.appStoreUrl}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="app-store"
        style={style}
      >
        {shellTexts.landing.appStore}
      </Button>
      <Button
        kind="primary"
        size="large"
        icon={<Icon name="android" />}
        href={brand.googlePlayUrl}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="google-play"
        style={style}
      >
        {shellTexts.landing.googlePlay}
      </Button>
    </div>
  );
}
