import type { Organization } from '@tamaq/contract/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The organization whose cards the super admin opened, for the title. */
export const getOrganization = (id: number, signal?: AbortSignal) =>
  api.get<Organization>(`/api/organization/${id}`, undefined, { signal });

export const organizationQuery = (id: number) =>
  queryOptions({ queryKey: ['organizations', 'one', id], queryFn: ({ signal }) => getOrganization(id, signal) });

export const useOrganization = (id: number) => useQuery(organizationQuery(id));
