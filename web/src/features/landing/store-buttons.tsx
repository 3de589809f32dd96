import { AndroidFilled, AppleFilled } from '@ant-design/icons';
import type { Brand } from '@tamaq/contract/brand';
import { Button, Space } from 'antd';
import { i18n } from '../../i18n/texts.ts';

/** The brand's own store links: each brand has its own app (docs/product.md "What it does"). */
export function StoreButtons({ brand }: { brand: Brand }) {
  const style = { background: '#111', borderColor: '#111', height: 48, paddingInline: 20 };
  return (
    <Space wrap size="middle">
      <Button
        type="primary"
        size="large"
        icon={<AppleFilled />}
        href={brand.appStoreUrl}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="app-store"
        style={style}
      >
        {i18n.landing.appStore}
      </Button>
      <Button
        type="primary"
        size="large"
        icon={<AndroidFilled />}
        href={brand.googlePlayUrl}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="google-play"
        style={style}
      >
        {i18n.landing.googlePlay}
      </Button>
    </Space>
  );
}
