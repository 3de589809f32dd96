import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export const listRoles = (signal?: AbortSignal) => callEndpoint('reference', 'roles', {}, { signal });

/** A reference list seeded at start: it does not change while the app is open. */
export const rolesQuery = queryOptions({
  queryKey: ['roles'] as const,
  queryFn: ({ signal }) => listRoles(signal),
  staleTime: Infinity,
});

export const useRoles = (enabled = true) => useQuery({ ...rolesQuery, enabled });
