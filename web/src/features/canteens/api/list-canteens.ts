import type { CanteenList } from '@tamaq/contract/canteens';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface CanteensParams {
  query: string;
  limit: number;
  offset: number;
}

/** Every canteen query starts with this key: saves and deletes refresh them all. */
export const canteensKey = ['canteens'] as const;

export const listCanteens = (params: CanteensParams, signal?: AbortSignal) =>
  api.get<CanteenList>('/api/canteens', { ...params }, { signal });

export const canteensQuery = (params: CanteensParams) =>
  queryOptions({
    queryKey: [...canteensKey, 'list', params] as const,
    queryFn: ({ signal }) => listCanteens(params, signal),
    placeholderData: keepPreviousData,
  });

export const useCanteens = (params: CanteensParams) => useQuery(canteensQuery(params));
