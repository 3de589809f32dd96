import type { Organization, OrganizationCreate } from '@tamaq/contract/organizations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { organizationsKey } from './get-organizations.ts';

export const createOrganization = (body: OrganizationCreate) => api.post<Organization>('/api/organization', body);

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationsKey }),
  });
}
