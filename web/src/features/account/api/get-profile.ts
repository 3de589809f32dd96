import type { Profile } from '@tamaq/contract/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getProfile = () => api.get<Profile>('/api/profile');

export const profileKey = ['profile'] as const;
export const profileQuery = queryOptions({ queryKey: profileKey, queryFn: getProfile });

/** The signed-in user; the layout reads it for the name and the organization's modules. */
export const useProfile = (enabled = true) => useQuery({ ...profileQuery, enabled });
