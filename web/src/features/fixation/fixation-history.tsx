import type { Fixation, FixationList } from '@tamaq/contract/fixations';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { DataTable } from '../../ui/data-table.tsx';
import type { ListParams } from '../../ui/use-list-params.ts';

/**
 * A scanning screen's visit history. Typing in the search re-renders the screen on every key: the
 * table (the heavy part) is kept as it is until its own inputs change, so the keys of a scan reach
 * the scanner hook without delay.
 */
export function useFixationHistoryTable(
  columns: TableColumnsType<Fixation>,
  history: UseQueryResult<FixationList>,
  list: ListParams,
) {
  const { data, isFetching, isPlaceholderData, error, refetch } = history;
  const { limit, offset, setOffset, debouncedQuery } = list;
  return useMemo(
    () => (
      <DataTable<Fixation>
        columns={columns}
        rowKey="id"
        rows={data?.rows}
        total={data?.total}
        loading={isFetching && (isPlaceholderData || !data)}
        limit={limit}
        offset={offset}
        onPageChange={setOffset}
        error={error}
        onRetry={() => void refetch()}
        emptyText={debouncedQuery ? undefined : i18n.fixation.history.empty}
        data-testid="fixation-history"
      />
    ),
    [columns, data, isFetching, isPlaceholderData, error, refetch, limit, offset, setOffset, debouncedQuery],
  );
}
