import type { FixationList } from '@tamaq/contract/fixations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface FixationsParams {
  canteenId: number | undefined;
  fixationCategoryId?: number | undefined;
  query?: string | undefined;
  limit: number;
  offset: number;
}

/** Every canteen history query starts with this key: a scan or a delete refreshes them all. */
export const fixationsKey = ['fixations', 'canteen'] as const;

export const listFixations = (params: FixationsParams, signal?: AbortSignal) =>
  api.get<FixationList>('/api/fixations', { ...params }, { signal });

export const fixationsQuery = (params: FixationsParams) =>
  queryOptions({
    queryKey: [...fixationsKey, params] as const,
    queryFn: ({ signal }) => listFixations(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useFixations = (params: FixationsParams) =>
  useQuery({ ...fixationsQuery(params), enabled: params.canteenId !== undefined });
