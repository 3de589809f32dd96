import type { WatchList } from '@tamaq/contract/watches';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface WatchesParams {
  query: string;
  limit: number;
  offset: number;
}

/** Every watch query starts with this key: saves and deletes refresh them all. */
export const watchesKey = ['watches'] as const;

export const listWatches = (params: WatchesParams, signal?: AbortSignal) =>
  api.get<WatchList>('/api/watches', { ...params }, { signal });

export const watchesQuery = (params: WatchesParams) =>
  queryOptions({
    queryKey: [...watchesKey, 'list', params] as const,
    queryFn: ({ signal }) => listWatches(params, signal),
    placeholderData: keepPreviousData,
  });

export const useWatches = (params: WatchesParams) => useQuery(watchesQuery(params));
