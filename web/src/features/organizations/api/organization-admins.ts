import type { AdminInvitation, OrganizationAdmins } from '@tamaq/contract/organizations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

const key = (organizationId: number) => ['organization-admins', organizationId];

/** The organization's admins: whether each has set a password, and until when the invitation holds. */
export const useOrganizationAdmins = (organizationId: number) =>
  useQuery({
    queryKey: key(organizationId),
    queryFn: ({ signal }) => callEndpoint('organizations', 'admins', { params: { id: organizationId } }, { signal }),
  });

/** A new invitation to an admin who has not set a password; the answer's admin replaces the listed one. */
export const useInviteAdmin = (organizationId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      callEndpoint('organizations', 'inviteAdmin', { params: { id: organizationId, userId } }),
    onSuccess: (sent: AdminInvitation) =>
      client.setQueryData(key(organizationId), (old: OrganizationAdmins | undefined) =>
        old ? { rows: old.rows.map((a) => (a.id === sent.admin.id ? sent.admin : a)) } : old,
      ),
  });
};
