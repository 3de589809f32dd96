import type { RoleItem } from '@tamaq/contract/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const listRoles = (signal?: AbortSignal) => api.get<RoleItem[]>('/api/users/roles', undefined, { signal });

/** A reference list seeded at start: it does not change while the app is open. */
export const rolesQuery = queryOptions({
  queryKey: ['roles'] as const,
  queryFn: ({ signal }) => listRoles(signal),
  staleTime: Infinity,
});

export const useRoles = (enabled = true) => useQuery({ ...rolesQuery, enabled });
