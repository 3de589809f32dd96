import type { Organization } from '@tamaq/contract/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { organizationsKey } from './get-organizations.ts';

export const getOrganization = (id: number, signal?: AbortSignal) =>
  api.get<Organization>(`/api/organization/${id}`, undefined, { signal });

export const organizationKey = (id: number) => [...organizationsKey, 'one', id] as const;

export const organizationQuery = (id: number) =>
  queryOptions({ queryKey: organizationKey(id), queryFn: ({ signal }) => getOrganization(id, signal) });

export const useOrganization = (id: number | null) => useQuery({ ...organizationQuery(id ?? 0), enabled: id !== null });
