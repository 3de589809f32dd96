import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Watch } from '@tamaq/contract/watches';
import { App, Card, Flex, Input, Space, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { ru } from '../../i18n/ru.ts';
import { ConfirmDelete } from '../../ui/confirm-delete.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { useDeleteWatch } from './api/delete-watch.ts';
import { useWatches } from './api/list-watches.ts';
import { compactDays, daysOf } from './days.ts';

const t = ru.catalogs.watches;
const a = ru.catalogs.actions;

/** Spec 1 §2.16: duty schedules with search and delete; days shown as ranges ("1–5, 10"). */
export function WatchesListPage() {
  const { message } = App.useApp();
  const list = useListParams();
  const { data, isFetching, error, refetch } = useWatches({
    query: list.debouncedQuery,
    limit: list.limit,
    offset: list.offset,
  });
  const remove = useDeleteWatch();

  const columns: TableColumnsType<Watch> = [
    {
      key: 'name',
      title: t.name,
      render: (_, row) => <Link to={`/watch/${row.id}`}>{row.name}</Link>,
    },
    {
      key: 'days',
      title: t.days,
      render: (_, row) => {
        const days = daysOf(row.days);
        return (
          <span data-testid="watch-days">
            {compactDays(days)} <Typography.Text type="secondary">({t.daysCount(days.length)})</Typography.Text>
          </span>
        );
      },
    },
    {
      key: 'actions',
      title: a.actions,
      width: 110,
      render: (_, row) => (
        <Space size={0}>
          <LinkButton type="text" icon={<EditOutlined />} to={`/watch/${row.id}`} aria-label={a.edit} title={a.edit} />
          <ConfirmDelete
            title={t.confirmDelete}
            onConfirm={async () => {
              await remove.mutateAsync(row.id);
              void message.success(t.deleted);
            }}
          />
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t.title}
      data-testid="watches-page"
      extra={
        <LinkButton type="primary" icon={<PlusOutlined />} to="/watch/create">
          {t.add}
        </LinkButton>
      }
    >
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t.search}
          aria-label={t.search}
          value={list.query}
          onChange={(e) => list.setQuery(e.target.value)}
          style={{ maxWidth: 360 }}
        />
      </Flex>
      <DataTable<Watch>
        columns={columns}
        rowKey="id"
        rows={data?.rows}
        total={data?.total}
        loading={isFetching}
        limit={list.limit}
        offset={list.offset}
        onPageChange={list.setOffset}
        error={error}
        onRetry={() => void refetch()}
        emptyText={list.debouncedQuery ? undefined : t.empty}
      />
    </Card>
  );
}
