import { BellOutlined, BookOutlined, LineChartOutlined } from '@ant-design/icons';
import { canOpen } from '@tamaq/contract/routes';
import { Button, Card, Flex, Skeleton, Space, theme, Typography } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { useBrand } from '../../lib/brand.ts';
import { useSession } from '../../lib/use-session.ts';
import { ChildrenToday } from './children-today.tsx';
import { InstallCard } from './install-card.tsx';
import { StoreButtons } from './store-buttons.tsx';

const t = i18n.landing;
const ICONS = [<BellOutlined key="bell" />, <BookOutlined key="book" />, <LineChartOutlined key="chart" />];

/**
 * The parent's (and a student's) start page: the children, what the cabinet offers, and the app: a
 * parent installs this one on the phone from here; the brand's store links follow.
 */
export function DownloadPage() {
  const brand = useBrand();
  const { token } = theme.useToken();
  const role = useSession()?.role;
  const accountLinks = (['/profile', '/password'] as const).filter((to) => canOpen(role, to));
  return (
    <Flex vertical gap={24} style={{ maxWidth: 820, margin: '0 auto' }} data-testid="download-page">
      {role === 'Parent' && <ChildrenToday />}
      <Card>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          {t.title}
        </Typography.Title>
        <Typography.Paragraph style={{ fontSize: 16 }}>{t.cabinet}</Typography.Paragraph>
        {accountLinks.length > 0 && (
          <Space wrap>
            {accountLinks.map((to) => (
              // A full page load: the parent's page is the family's own app, the account's pages the staff app's.
              <Button key={to} href={to}>
                {to === '/profile' ? i18n.nav.profile : i18n.nav.password}
              </Button>
            ))}
          </Space>
        )}
      </Card>
      {role === 'Parent' && brand && <InstallCard brand={brand.name} />}
      <Card>
        {brand ? (
          <>
            <Typography.Title level={3} style={{ marginTop: 0 }}>
              {t.appTitle}
            </Typography.Title>
            <Typography.Paragraph style={{ fontSize: 16 }}>
              {t.appText.replace('{brand}', brand.name)}
            </Typography.Paragraph>
            <Flex vertical gap={12} style={{ marginBottom: 24 }}>
              {t.features.map((text, i) => (
                <Flex key={text} gap={12} align="flex-start" style={{ fontSize: 16 }}>
                  <span style={{ color: token.colorPrimary, fontSize: 20 }}>{ICONS[i]}</span>
                  <span>{text}</span>
                </Flex>
              ))}
            </Flex>
            <StoreButtons brand={brand} />
          </>
        ) : (
          <Skeleton active />
        )}
      </Card>
    </Flex>
  );
}
