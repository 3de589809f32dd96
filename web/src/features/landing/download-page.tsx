import { BellOutlined, BookOutlined, LineChartOutlined } from '@ant-design/icons';
import { canOpen } from '@tamaq/contract/routes';
import { Button, Card, Flex, Skeleton, Space, theme, Typography } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { useBrand } from '../../lib/brand.ts';
import { useSession } from '../../lib/use-session.ts';
import { StoreButtons } from './store-buttons.tsx';
import { StudentToday } from './student-today.tsx';

const t = i18n.landing;
const ICONS = [<BellOutlined key="bell" />, <BookOutlined key="book" />, <LineChartOutlined key="chart" />];

/**
 * A student's start page in the staff app: what the cabinet offers, and the brand's app. (A parent's
 * is the family's own page, web/src/family.)
 */
export function DownloadPage() {
  const brand = useBrand();
  const { token } = theme.useToken();
  const role = useSession()?.role;
  const accountLinks = (['/profile', '/password'] as const).filter((to) => canOpen(role, to));
  return (
    <Flex vertical gap={24} style={{ maxWidth: 820, margin: '0 auto' }} data-testid="download-page">
      {role === 'Student' && <StudentToday />}
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
