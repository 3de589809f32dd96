import type { ProfileUpdateBody } from '@tamaq/contract/profile';
import { useQueryClient } from '@tanstack/react-query';
import { setToken } from '../../../lib/session.ts';
import { profileKey } from '../../../lib/profile.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export const updateProfile = (body: ProfileUpdateBody) => callEndpoint('profile', 'update', { body });

/**
 * docs/product.md "States" "update, reload, then refresh the token": the answer already carries the fresh token
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
