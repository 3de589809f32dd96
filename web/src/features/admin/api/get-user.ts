import type { UserRef } from '@tamaq/contract/cards';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The user whose password is set: only the name is needed here (GET /api/user/{id} answers more). */
export const getUser = (id: number, signal?: AbortSignal) => api.get<UserRef>(`/api/user/${id}`, undefined, { signal });

export const userKey = (id: number) => ['admin', 'user', id] as const;
export const userQuery = (id: number) =>
  queryOptions({ queryKey: userKey(id), queryFn: ({ signal }) => getUser(id, signal) });

export const useUser = (id: number) => useQuery(userQuery(id));
