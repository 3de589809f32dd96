import type { Role } from '@tamaq/contract/roles';

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** The list's role filter: a role, or `none` for people without one. */
export type RoleFilter = Role | 'none';

export interface UsersParams {
  query: string;
  limit: number;
  offset: number;
  classroomId?: number | null;
  schoolId?: number | null;
  organizationId?: number | null;
  isPupils?: boolean;
  /** A role's name, or 'none' for people without one. */
  role?: RoleFilter | null;
}

/** Every user query starts with this key, so a write refreshes the lists and the forms. */
export const usersKey = ['users'] as const;

export const listUsers = ({ isPupils, ...params }: UsersParams, signal?: AbortSignal) =>
  callEndpoint(
    'users',
    'list',
    { query: { ...params, role: params.role ?? undefined, isPupils: isPupils ? 1 : undefined } },
    { signal },
  );

export const usersQuery = (params: UsersParams) =>
  queryOptions({
    queryKey: [...usersKey, 'list', params] as const,
    queryFn: ({ signal }) => listUsers(params, signal),
    // The next page or search keeps showing the old rows under the spinner instead of an empty table.
    placeholderData: keepPreviousData,
  });

export const useUsers = (params: UsersParams) => useQuery(usersQuery(params));
