import type { Delivery, DeliveryStatus } from '@tamaq/contract/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Segmented, Tag, Typography } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-error.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { SearchField } from '../../ui/search-field.tsx';
import { useListParams } from '../../ui/use-list-params.ts';

const t = i18n.orgs.deliveries;
type Filter = '' | DeliveryStatus;
const COLORS: Record<DeliveryStatus, string> = {
  pending: 'blue',
  sent: 'green',
  kept: 'orange',
  failed: 'red',
  gone: 'default',
};

/**
 * '/admin/notifications': every notice to a parent, for the super admin — to whom, of what, by which
 * channel, whether it went and, when it did not, why. A failed one can be sent again once the cause
 * is set right (docs/rules.md "Notifications").
 */
export function NotificationsPage() {
  const list = useListParams();
  const { message } = App.useApp();
  const client = useQueryClient();
  const status = (list.params.status ?? '') as Filter;
  const params = {
    query: list.debouncedQuery,
    ...(status ? { status } : {}),
    limit: list.limit,
    offset: list.offset,
  };
  const rows = useQuery({
    queryKey: ['admin', 'notifications', params] as const,
    queryFn: ({ signal }) => callEndpoint('notifications', 'deliveries', { query: params }, { signal }),
    placeholderData: keepPreviousData,
  });
  const retry = useMutation({
    mutationFn: (id: number) => callEndpoint('notifications', 'retry', { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
  const again = async (id: number) => {
    try {
      await retry.mutateAsync(id);
      void message.success(t.retried);
    } catch (err) {
      void message.error(errorText(err));
    }
  };
  return (
    <Card title={t.title} data-testid="notifications-page">
      <Typography.Paragraph type="secondary">{t.about}</Typography.Paragraph>
      <Flex gap={12} wrap align="start" style={{ marginBottom: 16 }}>
        <SearchField
          allowClear
          label={t.search}
          value={list.query}
          onChange={(e) => list.setQuery(e.target.value)}
          style={{ maxWidth: 420 }}
        />
        <Segmented<Filter>
          aria-label={t.status}
          value={status}
          onChange={(v) => list.setParam('status', v)}
          options={[
            { label: t.all, value: '' },
            { label: `${t.statuses.failed} (${rows.data?.failed ?? 0})`, value: 'failed' },
            { label: t.statuses.pending, value: 'pending' },
            { label: t.statuses.sent, value: 'sent' },
            { label: t.statuses.kept, value: 'kept' },
          ]}
        />
      </Flex>
      <DataTable<Delivery>
        rowKey="id"
        rows={rows.data?.rows}
        total={rows.data?.total}
        loading={rows.isFetching}
        limit={list.limit}
        offset={list.offset}
        onPageChange={list.setOffset}
        error={rows.error}
        onRetry={() => void rows.refetch()}
        emptyText={list.debouncedQuery ? undefined : t.empty}
        columns={[
          { key: 'when', title: t.when, width: 170, render: (_, r) => formatDateTime(r.created_at) },
          { key: 'pupil', title: t.pupil, render: (_, r) => r.pupil.name },
          { key: 'event', title: t.event, render: (_, r) => t.events[r.event] },
          {
            key: 'to',
            title: t.to,
            render: (_, r) => (
              <>
                {r.parent.name}
                <br />
                <Typography.Text type="secondary">
                  {t.channels[r.channel]}: {r.target}
                </Typography.Text>
              </>
            ),
          },
          {
            key: 'status',
            title: t.status,
            width: 260,
            render: (_, r) => (
              <Flex vertical gap={4} align="start">
                <Tag color={COLORS[r.status]} data-status={r.status}>
                  {t.statuses[r.status]}
                </Tag>
                {r.sent_at && <Typography.Text type="secondary">{formatDateTime(r.sent_at)}</Typography.Text>}
                {r.status === 'pending' && r.next_at && (
                  <Typography.Text type="secondary">{t.next(formatDateTime(r.next_at), r.attempts)}</Typography.Text>
                )}
                {r.error && r.status !== 'sent' && r.status !== 'kept' && (
                  <Typography.Text type="danger">{t.error(r.attempts, r.error)}</Typography.Text>
                )}
                {r.status === 'failed' && (
                  <Button
                    size="small"
                    loading={retry.isPending && retry.variables === r.id}
                    onClick={() => void again(r.id)}
                  >
                    {t.retry}
                  </Button>
                )}
              </Flex>
            ),
          },
        ]}
      />
    </Card>
  );
}
