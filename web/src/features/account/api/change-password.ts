import type { PasswordChangeBody } from '@tamaq/contract/profile';
import { setToken } from '../../../lib/session.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export const changePassword = (body: PasswordChangeBody) => callEndpoint('profile', 'changePassword', { body });

/** The change ends every other session; this one continues on the token the answer carries. */
export async function changePasswordAndKeepSession(body: PasswordChangeBody): Promise<void> {
  const { access_token } = await changePassword(body);
  setToken(access_token);
}
