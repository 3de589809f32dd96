import { DEFAULT_TIME_ZONE } from '@tamaq/contract/constants';

import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from './endpoint-client.ts';

export const getProfile = () => callEndpoint('profile', 'get', {});

export const profileKey = ['profile'] as const;
export const profileQuery = queryOptions({ queryKey: profileKey, queryFn: getProfile });

/** The signed-in user; the layout reads it for the name and the organization's modules. */
export const useProfile = (enabled = true) => useQuery({ ...profileQuery, enabled });

/** The organization's time zone: the clock its visits and meal times are shown in, on any PC. */
export function useOrganizationTimeZone(): string {
  return useProfile().data?.organization?.time_zone ?? DEFAULT_TIME_ZONE;
}
