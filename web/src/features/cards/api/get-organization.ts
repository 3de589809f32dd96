import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** The organization whose cards the super admin opened, for the title. */
export const getOrganization = (id: number, signal?: AbortSignal) =>
  callEndpoint('organizations', 'get', { params: { id } }, { signal });

export const organizationQuery = (id: number) =>
  queryOptions({ queryKey: ['organizations', 'one', id], queryFn: ({ signal }) => getOrganization(id, signal) });

export const useOrganization = (id: number) => useQuery(organizationQuery(id));
