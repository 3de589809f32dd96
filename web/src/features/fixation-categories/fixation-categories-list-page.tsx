import { ClockCircleOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { FixationCategory } from '@tamaq/contract/fixation-categories';
import { App, Card, Flex, Input, Space, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { ru } from '../../i18n/ru.ts';
import { ConfirmDelete } from '../../ui/confirm-delete.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { useDeleteFixationCategory } from './api/delete-fixation-category.ts';
import { useFixationCategories } from './api/list-fixation-categories.ts';

const t = ru.catalogs.fixationCategories;
const a = ru.catalogs.actions;

/** Spec 1 §2.19: meal-time categories in list order (position, then start time), with search and delete. */
export function FixationCategoriesListPage() {
  const { message } = App.useApp();
  const list = useListParams();
  const { data, isFetching, error, refetch } = useFixationCategories({
    query: list.debouncedQuery,
    limit: list.limit,
    offset: list.offset,
  });
  const remove = useDeleteFixationCategory();

  const columns: TableColumnsType<FixationCategory> = [
    { key: 'position', title: t.position, dataIndex: 'position', width: 100, align: 'right' },
    {
      key: 'name',
      title: t.name,
      render: (_, row) => <Link to={`/fixation/category/${row.id}`}>{row.name}</Link>,
    },
    {
      key: 'time',
      title: t.time,
      render: (_, row) => (
        <Space size={6} data-testid="category-window" style={{ fontVariantNumeric: 'tabular-nums' }}>
          <ClockCircleOutlined />
          {`${row.time_start}–${row.time_finish}`}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: a.actions,
      width: 110,
      render: (_, row) => (
        <Space size={0}>
          <LinkButton
            type="text"
            icon={<EditOutlined />}
            to={`/fixation/category/${row.id}`}
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
      data-testid="fixation-categories-page"
      extra={
        <LinkButton type="primary" icon={<PlusOutlined />} to="/fixation/category/create">
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
      <DataTable<FixationCategory>
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
