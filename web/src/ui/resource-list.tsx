import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Card, Flex, Input, Space, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ru } from '../i18n/ru.ts';
import type { Resource } from '../lib/resource.ts';
import { ConfirmDelete } from './confirm-delete.tsx';
import { DataTable } from './data-table.tsx';
import { LinkButton } from './link-button.tsx';
import { useListParams } from './use-list-params.ts';

const a = ru.catalogs.actions;

/** The texts every catalogue screen has (see `ru-catalogs.ts`). */
export interface ResourceListTexts {
  title: string;
  search: string;
  add: string;
  name: string;
  confirmDelete: string;
  deleted: string;
  empty: string;
}

export interface ResourceListProps<Row extends { id: number; name: string }> {
  resource: Pick<Resource<Row, never, never>, 'useList' | 'useRemove'>;
  texts: ResourceListTexts;
  /** The form's path without the id: '/canteen' gives '/canteen/create' and '/canteen/3'. */
  formPath: string;
  /** The columns between the name (a link to the form) and the row actions. */
  columns: TableColumnsType<Row>;
  /** Columns before the name (a position, say). */
  leading?: TableColumnsType<Row>;
  testId: string;
  /** Filters beside the search box. */
  filters?: ReactNode;
  /** False hides the add button and the deletes (a user locked to one school, say). */
  canAdd?: boolean;
  canDelete?: boolean;
  /** Actions of a row between its edit link and its delete. */
  rowActions?: (row: Row) => ReactNode;
  actionsWidth?: number;
  searchWidth?: number;
}

/**
 * A catalogue's list screen: title and add button, the search (200 ms debounce, kept in the URL
 * with the page), the rows with the name linking to the form, paging, and per row an edit link
 * and a delete that asks first and shows the server's reason when it refuses.
 */
export function ResourceList<Row extends { id: number; name: string }>({
  resource,
  texts: t,
  formPath,
  columns,
  leading = [],
  testId,
  filters,
  canAdd = true,
  canDelete = true,
  rowActions,
  actionsWidth = 110,
  searchWidth = 360,
}: ResourceListProps<Row>) {
  const { message } = App.useApp();
  const list = useListParams();
  const { data, isFetching, error, refetch } = resource.useList({
    query: list.debouncedQuery,
    limit: list.limit,
    offset: list.offset,
  });
  const remove = resource.useRemove();

  const all: TableColumnsType<Row> = [
    ...leading,
    { key: 'name', title: t.name, render: (_, row) => <Link to={`${formPath}/${row.id}`}>{row.name}</Link> },
    ...columns,
    {
      key: 'actions',
      title: a.actions,
      width: actionsWidth,
      render: (_, row) => (
        <Space size={0}>
          <LinkButton
            type="text"
            icon={<EditOutlined />}
            to={`${formPath}/${row.id}`}
            aria-label={a.edit}
            title={a.edit}
          />
          {rowActions?.(row)}
          {canDelete && (
            <ConfirmDelete
              title={t.confirmDelete}
              onConfirm={async () => {
                await remove.mutateAsync(row.id);
                void message.success(t.deleted);
              }}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t.title}
      data-testid={testId}
      extra={
        canAdd && (
          <LinkButton type="primary" icon={<PlusOutlined />} to={`${formPath}/create`}>
            {t.add}
          </LinkButton>
        )
      }
    >
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t.search}
          aria-label={t.search}
          value={list.query}
          onChange={(e) => list.setQuery(e.target.value)}
          style={{ maxWidth: searchWidth }}
        />
        {filters}
      </Flex>
      <DataTable<Row>
        columns={all}
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
