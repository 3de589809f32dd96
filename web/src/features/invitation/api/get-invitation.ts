import { queryOptions, useQuery } from '@tanstack/react-query';
import { NO_TOKEN } from './no-token.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export const getInvitation = (code: string, signal?: AbortSignal) =>
  callEndpoint('invitations', 'get', { params: { code } }, { signal, headers: NO_TOKEN });

export const invitationKey = (code: string) => ['invitation', code] as const;

export const invitationQuery = (code: string) =>
  queryOptions({ queryKey: invitationKey(code), queryFn: ({ signal }) => getInvitation(code, signal) });

/** The invitation of a link; `enabled` false for a code that cannot be one (no call at all). */
export const useInvitation = (code: string, enabled: boolean) => useQuery({ ...invitationQuery(code), enabled });
