import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

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
  callEndpoint('fixations', 'list', { query: params }, { signal });

export const fixationsQuery = (params: FixationsParams) =>
  queryOptions({
    queryKey: [...fixationsKey, params] as const,
    queryFn: ({ signal }) => listFixations(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useFixations = (params: FixationsParams) =>
  useQuery({ ...fixationsQuery(params), enabled: params.canteenId !== undefined });
