import type { User } from '@tamaq/contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { usersKey } from './list-users.ts';

export const getUser = (id: number, signal?: AbortSignal) => api.get<User>(`/api/user/${id}`, undefined, { signal });

export const userKey = (id: number) => [...usersKey, 'detail', id] as const;

export const userQuery = (id: number) =>
  queryOptions({ queryKey: userKey(id), queryFn: ({ signal }) => getUser(id, signal) });

export const useUser = (id: number | null) => useQuery({ ...userQuery(id ?? 0), enabled: id !== null });
