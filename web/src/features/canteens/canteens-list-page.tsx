import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Canteen } from '@tamaq/contract/canteens';
import { App, Card, Flex, Input, Space, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { ru } from '../../i18n/ru.ts';
import { formatDate } from '../../lib/dates.ts';
import { ConfirmDelete } from '../../ui/confirm-delete.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { useDeleteCanteen } from './api/delete-canteen.ts';
import { useCanteens } from './api/list-canteens.ts';

const t = ru.catalogs.canteens;
const a = ru.catalogs.actions;

/** Spec 1 §2.18: the organization's canteens with search (200 ms debounce), add, edit and delete. */
export function CanteensListPage() {
  const { message } = App.useApp();
  const list = useListParams();
  const { data, isFetching, error, refetch } = useCanteens({
    query: list.debouncedQuery,
    limit: list.limit,
    offset: list.offset,
  });
  const remove = useDeleteCanteen();

  const columns: TableColumnsType<Canteen> = [
    {
      key: 'name',
      title: t.name,
      render: (_, row) => <Link to={`/canteen/${row.id}`}>{row.name}</Link>,
    },
    { key: 'address', title: t.address, dataIndex: 'address' },
    { key: 'description', title: t.description, dataIndex: 'description', render: (v: string | null) => v ?? '' },
    { key: 'created', title: a.created, width: 120, render: (_, row) => formatDate(row.created_at) },
    {
      key: 'actions',
      title: a.actions,
      width: 110,
      render: (_, row) => (
        <Space size={0}>
          <LinkButton
            type="text"
            icon={<EditOutlined />}
            to={`/canteen/${row.id}`}
            aria-label={a.edit}
            title={a.edit}
          />
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
      data-testid="canteens-page"
      extra={
        <LinkButton type="primary" icon={<PlusOutlined />} to="/canteen/create">
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
      <DataTable<Canteen>
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
