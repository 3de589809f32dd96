import {
  BankOutlined,
  BellOutlined,
  SaveOutlined,
  CreditCardOutlined,
  HomeOutlined,
  MailOutlined,
  RestOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { AdminSummary } from '@tamaq/contract/admin';
import type { GuardedRoute } from '@tamaq/contract/routes';
import { Alert, Button, Card, Col, Row, Spin, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { LinkButton } from '../../ui/link-button.tsx';
import { useSummary } from './api/get-summary.ts';

const t = i18n.orgs.admin;

/** A notice's words, with what the backups say of it: the reason of a failure, the folder on the data's disk. */
function noticeText(notice: AdminSummary['notices'][number], backup: AdminSummary['backup']): string {
  const text = t.notices[notice].text;
  if (notice === 'backup-failed' && backup.failed_reason) return `${text} ${t.backupReason(backup.failed_reason)}`;
  if (notice === 'backup-check-failed' && backup.check_error) return `${text} ${t.backupReason(backup.check_error)}`;
  if (notice === 'backup-same-disk') return `${text} ${t.backupDir(backup.dir)}`;
  return text;
}

interface Tile {
  key: Exclude<keyof AdminSummary, 'notices' | 'backup'>;
  title: string;
  icon: ReactNode;
  /** The list behind the number, when the super admin has one. */
  to?: GuardedRoute;
}

// Schools and cards are reached through their organization (its «Карты» link), so they lead there.
const TILES: Tile[] = [
  { key: 'organizations', title: t.organizations, icon: <BankOutlined />, to: '/organizations' },
  { key: 'schools', title: t.schools, icon: <HomeOutlined />, to: '/organizations' },
  { key: 'pupils', title: t.pupils, icon: <TeamOutlined />, to: '/pupils' },
  { key: 'cards', title: t.cards, icon: <CreditCardOutlined />, to: '/organizations' },
  { key: 'visits_today', title: t.visitsToday, icon: <RestOutlined /> },
  { key: 'outbox_waiting', title: t.outboxWaiting, icon: <MailOutlined />, to: '/admin/outbox' },
  { key: 'notifications_failed', title: t.notificationsFailed, icon: <BellOutlined />, to: '/admin/notifications' },
];

function TileCard({ tile, value }: { tile: Tile; value: number }) {
  const card = (
    <Card hoverable={Boolean(tile.to)} data-testid={`summary-${tile.key}`} style={{ height: '100%' }}>
      <Statistic title={tile.title} value={value} prefix={tile.icon} />
      {tile.to && <Typography.Text type="secondary">{t.open}</Typography.Text>}
    </Card>
  );
  return tile.to ? <Link to={tile.to}>{card}</Link> : card;
}

/** /admin: how much the whole system holds, each number leading to its list. */
export function AdminPage() {
  const { data, error, isPending, isFetching, refetch } = useSummary();
  return (
    <div data-testid="admin-page">
      <Typography.Title level={3}>{t.title}</Typography.Title>
      {isPending ? (
        <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
          <Spin size="large" data-testid="admin-spinner" />
        </div>
      ) : error ? (
        <Alert
          type="error"
          showIcon
          title={t.loadFailed}
          description={errorText(error)}
          action={
            <Button onClick={() => void refetch()} loading={isFetching}>
              {t.retry}
            </Button>
          }
        />
      ) : (
        <>
          {data.notices.map((notice) => (
            <Alert
              key={notice}
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              data-testid={`notice-${notice}`}
              title={t.notices[notice].title}
              description={noticeText(notice, data.backup)}
              action={
                notice.startsWith('backup-') ? (
                  <LinkButton size="small" to="/admin/backups">
                    {t.openBackups}
                  </LinkButton>
                ) : undefined
              }
            />
          ))}
          <Row gutter={[16, 16]}>
            {TILES.map((tile) => (
              <Col key={tile.key} xs={24} sm={12} lg={8} xl={6}>
                <TileCard tile={tile} value={data[tile.key]} />
              </Col>
            ))}
            <Col xs={24} sm={12} lg={8} xl={6}>
              <Link to="/admin/backups">
                <Card hoverable data-testid="summary-backups" style={{ height: '100%' }}>
                  <Statistic
                    title={t.backups}
                    value={data.backup.last_at ? formatDateTime(data.backup.last_at) : t.noBackup}
                    prefix={<SaveOutlined />}
                    valueStyle={{ fontSize: 20 }}
                  />
                  <Typography.Text type="secondary">{t.open}</Typography.Text>
                </Card>
              </Link>
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}
