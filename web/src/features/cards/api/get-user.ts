import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** The card holder's name for the title (the user's card answers more). */
export const getUser = (id: number, signal?: AbortSignal) =>
  callEndpoint('users', 'get', { params: { id } }, { signal });

export const userKey = (id: number) => ['cards', 'holder', id] as const;
export const userQuery = (id: number) =>
  queryOptions({ queryKey: userKey(id), queryFn: ({ signal }) => getUser(id, signal) });

export const useUser = (id: number) => useQuery(userQuery(id));
