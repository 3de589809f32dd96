import type { InvitationInfo } from '@tamaq/contract/invitations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { NO_TOKEN } from './no-token.ts';

export const getInvitation = (code: string, signal?: AbortSignal) =>
  api.get<InvitationInfo>(`/api/users/parent/invitation/${encodeURIComponent(code)}`, undefined, {
    signal,
    headers: NO_TOKEN,
  });

export const invitationKey = (code: string) => ['invitation', code] as const;

export const invitationQuery = (code: string) =>
  queryOptions({ queryKey: invitationKey(code), queryFn: ({ signal }) => getInvitation(code, signal) });

/** The invitation of a link; `enabled` false for a code that cannot be one (no call at all). */
export const useInvitation = (code: string, enabled: boolean) => useQuery({ ...invitationQuery(code), enabled });
