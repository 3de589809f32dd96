import type { AccessToken } from '@tamaq/contract/auth';
import type { PasswordChangeBody } from '@tamaq/contract/profile';
import { api } from '../../../lib/api-client.ts';
import { setToken } from '../../../lib/session.ts';

export const changePassword = (body: PasswordChangeBody) => api.put<AccessToken>('/api/profile/password', body);

/** The change ends every other session; this one continues on the token the answer carries. */
export async function changePasswordAndKeepSession(body: PasswordChangeBody): Promise<void> {
  const { access_token } = await changePassword(body);
  setToken(access_token);
}
