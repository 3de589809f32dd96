import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** The user whose password is set: only the name is needed here (the user's card answers more). */
export const getUser = (id: number, signal?: AbortSignal) =>
  callEndpoint('users', 'get', { params: { id } }, { signal });

export const userKey = (id: number) => ['admin', 'user', id] as const;
export const userQuery = (id: number) =>
  queryOptions({ queryKey: userKey(id), queryFn: ({ signal }) => getUser(id, signal) });

export const useUser = (id: number) => useQuery(userQuery(id));
