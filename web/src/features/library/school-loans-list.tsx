import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Typography } from 'antd';
import { useCallback, type ReactNode } from 'react';
import type { CallAnswer, Endpoints } from '@tamaq/contract/endpoints';
import { PATHS } from '@tamaq/contract/api-paths';
import { callRoute } from '../../lib/endpoint-client.ts';
import type { TableColumnsType } from 'antd';
import { DataTable } from '../../ui/data-table.tsx';
import { useListSchool } from '../../ui/resource-list.tsx';
import { SchoolSelect } from '../../ui/school-select.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { SearchField } from '../../ui/search-field.tsx';

/** The library's lists of one school's loans in the contract. */
type LoansList = 'onHand' | 'notices';
type RowOf<N extends LoansList> = CallAnswer<Endpoints['book-loans'][N]>['rows'][number];

interface Props<N extends LoansList> {
  testId: string;
  title: string;
  about?: ReactNode;
  texts: { search: string; chooseSchoolFirst: string; empty: string };
  /** The list call: `{total, rows}` for `schoolId`, `query`, `limit`, `offset`. */
  endpoint: N;
  columns: TableColumnsType<RowOf<N>>;
  /** More of the list's query (filters of this list), kept in the address by the caller. */
  extraQuery?: Record<string, string | number | undefined>;
  /** Filters and actions beside the search, for the school shown. */
  toolbar?: (schoolId: number | null) => ReactNode;
  /** Said instead of `texts.empty` while a filter narrows the list. */
  filteredEmpty?: string;
}

/**
 * A library list of one school's loans (on hand, overdue notices): the school picker unless the
 * user is locked to one, a search, and the table with pages; the search and page are in the address.
 */
export function SchoolLoansList<N extends LoansList>({
  testId,
  title,
  about,
  texts,
  endpoint,
  columns,
  extraQuery,
  toolbar,
  filteredEmpty,
}: Props<N>) {
  const list = useListParams();
  const school = useListSchool(true, list.params.schoolId);
  const { setParam } = list;
  const chooseSchool = useCallback((id: number | null) => setParam('schoolId', id), [setParam]);
  const params = {
    schoolId: school.schoolId,
    query: list.debouncedQuery,
    limit: list.limit,
    offset: list.offset,
    ...extraQuery,
  };
  const filtered = Object.values(extraQuery ?? {}).some((v) => v !== undefined);
  const rows = useQuery({
    queryKey: ['books', endpoint, params] as const,
    queryFn: ({ signal }) =>
      callRoute<CallAnswer<Endpoints['book-loans'][N]>>(PATHS['book-loans'][endpoint], { query: params }, { signal }),
    enabled: school.schoolId !== null,
    placeholderData: keepPreviousData,
  });
  const noSchool = school.schoolId === null;
  return (
    <Card title={title} data-testid={testId}>
      {about && <Typography.Paragraph type="secondary">{about}</Typography.Paragraph>}
      <Flex gap={12} wrap align="start" style={{ marginBottom: 16 }}>
        {!school.locked && <SchoolSelect value={school.schoolId ?? null} onChange={chooseSchool} />}
        <SearchField
          allowClear
          label={texts.search}
          value={list.query}
          onChange={(e) => list.setQuery(e.target.value)}
          style={{ maxWidth: 420 }}
        />
        {toolbar?.(school.schoolId ?? null)}
      </Flex>
      {noSchool && !school.loading ? (
        <Alert type="info" showIcon title={texts.chooseSchoolFirst} />
      ) : (
        <DataTable<RowOf<N>>
          rowKey="id"
          rows={rows.data?.rows}
          total={rows.data?.total}
          loading={rows.isFetching}
          limit={list.limit}
          offset={list.offset}
          onPageChange={list.setOffset}
          error={rows.error}
          onRetry={() => void rows.refetch()}
          emptyText={list.debouncedQuery ? undefined : filtered ? filteredEmpty : texts.empty}
          columns={columns}
        />
      )}
    </Card>
  );
}
