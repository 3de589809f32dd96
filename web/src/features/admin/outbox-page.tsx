import type { OutboxMail } from '@tamaq/contract/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Flex, Segmented, Tag, Typography } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { SearchField } from '../../ui/search-field.tsx';
import { SrOnly } from '../../ui/sr-only.tsx';

const t = i18n.orgs.outbox;
type Filter = '' | '1' | '0';

/**
 * '/admin/outbox': every mail the server wrote, for the super admin. Without a mail server it is
 * the only place a confirmation code or an invitation link can be read (the log names the
 * recipient and the subject only). A row opens to its text.
 */
export function OutboxPage() {
  const list = useListParams();
  const waiting = (list.params.waiting ?? '') as Filter;
  const params = {
    query: list.debouncedQuery,
    ...(waiting ? { waiting } : {}),
    limit: list.limit,
    offset: list.offset,
  };
  const rows = useQuery({
    queryKey: ['admin', 'outbox', params] as const,
    queryFn: ({ signal }) => callEndpoint('admin', 'outbox', { query: params }, { signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <Card title={t.title} data-testid="outbox-page">
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
          value={waiting}
          onChange={(v) => list.setParam('waiting', v)}
          options={[
            { label: t.all, value: '' },
            { label: t.waiting, value: '1' },
            { label: t.sent, value: '0' },
          ]}
        />
      </Flex>
      <DataTable<OutboxMail>
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
        expandable={{
          expandRowByClick: true,
          // The column of the open-close buttons has a name, as every column does.
          columnTitle: <SrOnly>{t.showText}</SrOnly>,
          expandedRowRender: (r) => (
            <Typography.Paragraph
              aria-label={t.showText}
              data-testid="outbox-text"
              copyable={{ text: r.text }}
              style={{ whiteSpace: 'pre-wrap', margin: 0, maxWidth: '60rem' }}
            >
              {r.text}
            </Typography.Paragraph>
          ),
        }}
        columns={[
          { key: 'when', title: t.when, width: 170, render: (_, r) => formatDateTime(r.created_at) },
          { key: 'to', title: t.to, render: (_, r) => r.to },
          { key: 'subject', title: t.subject, render: (_, r) => r.subject },
          {
            key: 'status',
            title: t.status,
            width: 130,
            render: (_, r) => (
              <Tag color={r.sent ? 'green' : 'orange'} data-sent={String(r.sent)}>
                {r.sent ? t.statusSent : t.statusWaiting}
              </Tag>
            ),
          },
        ]}
      />
    </Card>
  );
}
