import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersKey } from './list-users.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export const getUser = (id: number, signal?: AbortSignal) =>
  callEndpoint('users', 'get', { params: { id } }, { signal });

export const userKey = (id: number) => [...usersKey, 'detail', id] as const;

export const userQuery = (id: number) =>
  queryOptions({ queryKey: userKey(id), queryFn: ({ signal }) => getUser(id, signal) });

export const useUser = (id: number | null) => useQuery({ ...userQuery(id ?? 0), enabled: id !== null });
