import type { AccessToken } from '@tamaq/contract/auth';
import type { ProfileUpdateBody } from '@tamaq/contract/profile';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { setToken } from '../../../lib/session.ts';
import { profileKey } from '../../../lib/profile.ts';

export const updateProfile = (body: ProfileUpdateBody) => api.put<AccessToken>('/api/profile', body);

/**
 * Spec 1 §4 "update, reload, then refresh the token": the answer already carries the fresh token
 * (it holds the new name), which is stored before the profile is read again.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return async (body: ProfileUpdateBody) => {
    const { access_token } = await updateProfile(body);
    setToken(access_token);
    await queryClient.invalidateQueries({ queryKey: profileKey });
  };
}
