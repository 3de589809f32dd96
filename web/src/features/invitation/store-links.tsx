import { AndroidFilled, AppleFilled } from '@ant-design/icons';
import type { Brand } from '@tamaq/contract/brand';
import { Button, Flex } from 'antd';
import { i18n } from '../../i18n/texts.ts';

const t = i18n.invitation.page;
const style = { background: '#111', borderColor: '#111', height: 48, paddingInline: 20 };

/** The current brand's own app store links (docs/product.md: links depend on the host), full width on a phone. */
export function StoreLinks({ brand, stacked }: { brand: Brand; stacked: boolean }) {
  const links = [
    { href: brand.appStoreUrl, icon: <AppleFilled />, label: t.appStore, testId: 'app-store' },
    { href: brand.googlePlayUrl, icon: <AndroidFilled />, label: t.googlePlay, testId: 'google-play' },
  ];
  return (
    <Flex vertical={stacked} gap={12} justify="center" wrap>
      {links.map((l) => (
        <Button
          key={l.testId}
          type="primary"
          size="large"
          icon={l.icon}
          href={l.href}
          target="_blank"
          rel="noopener noreferrer"
          data-testid={l.testId}
          block={stacked}
          style={style}
        >
          {l.label}
        </Button>
      ))}
    </Flex>
  );
}
