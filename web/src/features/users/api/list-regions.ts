import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export const listRegions = (signal?: AbortSignal) => callEndpoint('reference', 'regions', {}, { signal });

/** A reference list seeded at start: it does not change while the app is open. */
export const regionsQuery = queryOptions({
  queryKey: ['regions'] as const,
  queryFn: ({ signal }) => listRegions(signal),
  staleTime: Infinity,
});

export const useRegions = (enabled = true) => useQuery({ ...regionsQuery, enabled });
