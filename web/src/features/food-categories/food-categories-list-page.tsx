import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { FoodCategory } from '@tamaq/contract/food-categories';
import { App, Card, Flex, Input, Space, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { ru } from '../../i18n/ru.ts';
import { ConfirmDelete } from '../../ui/confirm-delete.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { useDeleteFoodCategory } from './api/delete-food-category.ts';
import { useFoodCategories } from './api/list-food-categories.ts';
import { FoodTypeTag } from './food-type-tag.tsx';
import { formatCost } from './money.ts';

const t = ru.catalogs.foodCategories;
const a = ru.catalogs.actions;

/** Spec 2 "Food categories": name, daily cost and type, with search, add, edit and delete. */
export function FoodCategoriesListPage() {
  const { message } = App.useApp();
  const list = useListParams();
  const { data, isFetching, error, refetch } = useFoodCategories({
    query: list.debouncedQuery,
    limit: list.limit,
    offset: list.offset,
  });
  const remove = useDeleteFoodCategory();

  const columns: TableColumnsType<FoodCategory> = [
    {
      key: 'name',
      title: t.name,
      render: (_, row) => <Link to={`/food/category/${row.id}`}>{row.name}</Link>,
    },
    {
      key: 'cost',
      title: t.costColumn,
      align: 'right',
      width: 170,
      render: (_, row) => (
        <span data-testid="food-cost" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {formatCost(row.cost, t.currency)}
        </span>
      ),
    },
    { key: 'type', title: t.type, width: 220, render: (_, row) => <FoodTypeTag type={row.type} /> },
    {
      key: 'actions',
      title: a.actions,
      width: 110,
      render: (_, row) => (
        <Space size={0}>
          <LinkButton
            type="text"
            icon={<EditOutlined />}
            to={`/food/category/${row.id}`}
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
      data-testid="food-categories-page"
      extra={
        <LinkButton type="primary" icon={<PlusOutlined />} to="/food/category/create">
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
      <DataTable<FoodCategory>
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
