import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export const listOrganizationOptions = (signal?: AbortSignal) =>
  callEndpoint('organizations', 'list', { query: { limit: 1000 } }, { signal });

/** The super admin names the organization of a new user. */
export const organizationOptionsQuery = queryOptions({
  queryKey: ['organizations', 'options'] as const,
  queryFn: ({ signal }) => listOrganizationOptions(signal),
  staleTime: 60_000,
});

export const useOrganizationOptions = (enabled: boolean) => useQuery({ ...organizationOptionsQuery, enabled });
