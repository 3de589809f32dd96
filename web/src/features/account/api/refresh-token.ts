import { type RequestOptions } from '../../../lib/api-client.ts';
import { getToken, setToken } from '../../../lib/session.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export const refreshToken = (opts?: RequestOptions) => callEndpoint('auth', 'refresh', {}, opts);

/**
 * Swaps the stored token for a fresh one; a 401 is handled by the api client (back to login). The
 * answer is stored only if the session is still the one that asked: a sign-out, or another user's
 * sign-in, while the call was under way must not be undone by it.
 */
export async function refreshStoredToken(signal?: AbortSignal): Promise<void> {
  const sent = getToken();
  if (!sent) return;
  const { access_token } = await refreshToken(signal ? { signal } : undefined);
  if (signal?.aborted || getToken() !== sent) return;
  setToken(access_token);
}
