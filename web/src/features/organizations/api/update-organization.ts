import type { Organization, OrganizationUpdate } from '@tamaq/contract/organizations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { organizationsKey } from './get-organizations.ts';

export const updateOrganization = (body: OrganizationUpdate) => api.put<Organization>('/api/organization', body);

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationsKey }),
  });
}
