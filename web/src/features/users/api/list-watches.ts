import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export const listWatchOptions = (signal?: AbortSignal) =>
  callEndpoint('watches', 'list', { query: { limit: 1000 } }, { signal });

/** The Admin's watch picker on the user form. */
export const watchOptionsQuery = queryOptions({
  queryKey: ['watches', 'options'] as const,
  queryFn: ({ signal }) => listWatchOptions(signal),
  staleTime: 30_000,
});

export const useWatchOptions = (enabled: boolean) => useQuery({ ...watchOptionsQuery, enabled });
