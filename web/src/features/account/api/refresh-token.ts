import type { AccessToken } from '@tamaq/contract/auth';
import { api } from '../../../lib/api-client.ts';
import { setToken } from '../../../lib/session.ts';

export const refreshToken = () => api.post<AccessToken>('/api/auth/refresh');

/** Swaps the stored token for a fresh one; a 401 is handled by the api client (back to login). */
export async function refreshStoredToken(): Promise<void> {
  const { access_token } = await refreshToken();
  setToken(access_token);
}
