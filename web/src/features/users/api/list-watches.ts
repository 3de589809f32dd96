import type { WatchList } from '@tamaq/contract/watches';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const listWatchOptions = (signal?: AbortSignal) =>
  api.get<WatchList>('/api/watches', { limit: 1000 }, { signal });

/** The Admin's watch picker on the user form. */
export const watchOptionsQuery = queryOptions({
  queryKey: ['watches', 'options'] as const,
  queryFn: ({ signal }) => listWatchOptions(signal),
  staleTime: 30_000,
});

export const useWatchOptions = (enabled: boolean) => useQuery({ ...watchOptionsQuery, enabled });
