import type { OrganizationList } from '@tamaq/contract/organizations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface OrganizationsParams {
  query?: string | undefined;
  limit: number;
  offset: number;
}

/** Every organization query starts with this key: a save invalidates them all. */
export const organizationsKey = ['organizations'] as const;

export const getOrganizations = (params: OrganizationsParams, signal?: AbortSignal) =>
  api.get<OrganizationList>('/api/organizations', { ...params }, { signal });

export const organizationsQuery = (params: OrganizationsParams) =>
  queryOptions({
    queryKey: [...organizationsKey, 'list', params],
    queryFn: ({ signal }) => getOrganizations(params, signal),
    // The old page stays on screen while the next one loads, instead of an empty table.
    placeholderData: keepPreviousData,
  });

export const useOrganizations = (params: OrganizationsParams) => useQuery(organizationsQuery(params));
