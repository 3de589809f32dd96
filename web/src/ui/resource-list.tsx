import { ContentName } from './content-name.tsx';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Space, type TableColumnsType } from 'antd';
import { useCallback, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { i18n } from '../i18n/texts.ts';
import type { Resource } from '../lib/resource.ts';
import { useSession } from '../lib/use-session.ts';
import { ConfirmDelete } from './confirm-delete.tsx';
import { DataTable } from './data-table.tsx';
import { LinkButton } from './link-button.tsx';
import { SchoolSelect, schoolOptionsQuery } from './school-select.tsx';
import { useListParams } from './use-list-params.ts';
import { SearchField } from './search-field.tsx';

const a = i18n.catalogs.actions;

/** The texts every catalogue screen has (see `ru-catalogs.ts`). */
export interface ResourceListTexts {
  title: string;
  search: string;
  add: string;
  name: string;
  confirmDelete: string;
  deleted: string;
  empty: string;
  /** A per-school list before a school is chosen. */
  chooseSchoolFirst?: string;
}

type Named = { id: number; name: string };

export interface ResourceListProps<Row extends Named> {
  resource: Pick<Resource<Row, never, never>, 'useList' | 'useRemove'>;
  texts: ResourceListTexts;
  /** The form's path without the id: '/canteen' gives '/canteen/create' and '/canteen/3'. */
  formPath: string;
  /** The columns between the name and the row actions. */
  columns: TableColumnsType<Row>;
  /** Columns before the name (a position, say). */
  leading?: TableColumnsType<Row>;
  testId: string;
  /** False hides the add button and the deletes (a user locked to one school, say). */
  canAdd?: boolean;
  canDelete?: boolean;
  /** Where a row's name leads (its form by default), with the link's tooltip. */
  nameLink?: (row: Row) => { to: string; title?: string };
  /** A row's form, when it is not `formPath/id`. */
  editPath?: (row: Row) => string;
  /** The edit link's accessible name, when a row's own differs from 'Изменить'. */
  editLabel?: (row: Row) => string;
  /** The question before a row is deleted, when it says more than `texts.confirmDelete` (what goes with it). */
  deleteQuestion?: (row: Row) => ReactNode;
  /** Actions of a row between its edit link and its delete. */
  rowActions?: (row: Row) => ReactNode;
  actionsWidth?: number;
  searchWidth?: number;
  /**
   * A resource of one school: the school picker (none for a user locked to a school), the list sent
   * with `schoolId`, and the form's paths '{formPath}/{schoolId}/create' and '/{schoolId}/{id}'.
   */
  perSchool?: boolean;
  /** Buttons at the right of the search (an import, an export), given the list's school. */
  toolbar?: (schoolId: number | null) => ReactNode;
  /** Filters the list always carries (the category of a category's dishes, say). */
  filters?: Record<string, number | string>;
  /** Above the card (a breadcrumb back to the parent list). */
  header?: ReactNode;
}

/**
 * The school of a per-school list: the profile's own when it is locked to one (no picker, docs/product.md
 * §2.20), else the URL's `schoolId`, else the first school — without writing it to the URL, so that
 * the back button does not land on a page that picks the school again.
 */
export function useListSchool(enabled: boolean, urlSchoolId: string | undefined) {
  const locked = useSession()?.school ?? null;
  const options = useQuery({ ...schoolOptionsQuery(), enabled: enabled && locked === null });
  if (!enabled) return { schoolId: undefined, locked: false, loading: false };
  if (locked !== null) return { schoolId: locked, locked: true, loading: false };
  const fromUrl = Number(urlSchoolId);
  const chosen = Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : (options.data?.rows[0]?.id ?? null);
  return { schoolId: chosen, locked: false, loading: options.isLoading };
}

/**
 * A catalogue's list screen: title and add button, the search (200 ms debounce, kept in the URL
 * with the page and the school), the rows with the name linking to the form, paging, and per row an
 * edit link and a delete that asks first and shows the server's reason when it refuses.
 */
export function ResourceList<Row extends Named>(props: ResourceListProps<Row>) {
  const { resource, texts: t, formPath, columns, leading = [], testId, canAdd = true, canDelete = true } = props;
  const navigate = useNavigate();
  const {
    nameLink,
    editPath,
    editLabel,
    rowActions,
    deleteQuestion,
    actionsWidth = 110,
    searchWidth = 360,
    perSchool = false,
    toolbar,
    filters,
    header,
  } = props;
  const { message } = App.useApp();
  const list = useListParams();
  const school = useListSchool(perSchool, list.params.schoolId);
  const { setParam } = list;
  const chooseSchool = useCallback((id: number | null) => setParam('schoolId', id), [setParam]);
  const { data, isFetching, error, refetch } = resource.useList({
    ...filters,
    ...(perSchool ? { schoolId: school.schoolId } : {}),
    query: list.debouncedQuery,
    limit: list.limit,
    offset: list.offset,
  });
  const remove = resource.useRemove();
  const base = perSchool ? `${formPath}/${school.schoolId}` : formPath;
  const edit = editPath ?? ((row: Row) => `${base}/${row.id}`);
  const link = nameLink ?? ((row: Row): { to: string; title?: string } => ({ to: edit(row) }));

  const all: TableColumnsType<Row> = [
    ...leading,
    {
      key: 'name',
      title: t.name,
      render: (_, row) => {
        const { to, title } = link(row);
        return (
          <Link to={to} title={title}>
            <ContentName value={row} />
          </Link>
        );
      },
    },
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
            to={edit(row)}
            aria-label={editLabel?.(row) ?? a.edit}
            title={a.edit}
          />
          {rowActions?.(row)}
          {canDelete && (
            <ConfirmDelete
              title={deleteQuestion?.(row) ?? t.confirmDelete}
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
  const noSchool = perSchool && school.schoolId === null;

  const card = (
    <Card
      title={t.title}
      data-testid={testId}
      extra={
        canAdd && (
          <LinkButton type="primary" icon={<PlusOutlined />} to={noSchool ? '.' : `${base}/create`} disabled={noSchool}>
            {t.add}
          </LinkButton>
        )
      }
    >
      <Flex gap={12} wrap align="start" style={{ marginBottom: 16 }}>
        {perSchool && !school.locked && <SchoolSelect value={school.schoolId ?? null} onChange={chooseSchool} />}
        <SearchField
          allowClear
          label={t.search}
          value={list.query}
          onChange={(e) => list.setQuery(e.target.value)}
          style={{ maxWidth: searchWidth }}
        />
        {toolbar && (
          <>
            <div style={{ flex: 1 }} />
            {toolbar(school.schoolId ?? null)}
          </>
        )}
      </Flex>
      {noSchool && !school.loading ? (
        <Alert type="info" showIcon title={t.chooseSchoolFirst} />
      ) : (
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
          emptyText={
            list.debouncedQuery ? undefined : canAdd ? (
              // An empty list offers the one action that fills it.
              <Flex vertical align="center" gap={12} data-testid="empty-with-action">
                <span>{t.empty}</span>
                <Button icon={<PlusOutlined />} onClick={() => void navigate(`${base}/create`)}>
                  {t.add}
                </Button>
              </Flex>
            ) : (
              t.empty
            )
          }
        />
      )}
    </Card>
  );
  return header ? (
    <Flex vertical gap={16}>
      {header}
      {card}
    </Flex>
  ) : (
    card
  );
}
