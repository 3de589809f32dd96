import { useEffect } from 'react';
import { UNAUTHORIZED_EVENT } from '../lib/api-headers.ts';
import { callEndpoint } from '../lib/endpoint-client.ts';
import { forgetKeptAnswers } from '../lib/kept-answers.ts';
import { clearToken, getToken, onSessionChange, readToken } from '../lib/session.ts';

/**
 * The sign-in page that brings the parent back here (`?next=`, as the staff app's `loginPath`);
 * `denied` when the one signed in here may not open it.
 */
export function familyLoginPath(denied = false): string {
  const q = new URLSearchParams({ next: window.location.pathname + window.location.search });
  if (denied) q.set('denied', '1');
  return `/login?${q.toString()}`;
}

/**
 * Follows the session while the family's page is open: a token the server refuses sends the parent to
 * sign in again, and a sign-out or another sign-in (in another tab) loads the page again, which then
 * goes where that session belongs. What the device kept for the page opened offline is forgotten
 * with the session.
 */
export function useFamilySession(): void {
  useEffect(() => {
    const person = readToken()?.sub;
    const onUnauthorized = () => window.location.replace(familyLoginPath());
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    // A renewed token of the same person changes nothing here.
    const stop = onSessionChange(() => {
      if (readToken()?.sub === person) return;
      forgetKeptAnswers();
      window.location.reload();
    });
    return () => {
      window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
      stop();
    };
  }, []);
}

/**
 * Signs out: the server is told with the token it had (without waiting: a bad network must not keep
 * a parent signed in), the device forgets the session and what it kept, and the sign-in page opens.
 */
export function signOut(): void {
  const token = getToken();
  if (token) callEndpoint('auth', 'logout', {}, { headers: { Authorization: `Bearer ${token}` } }).catch(() => {});
  forgetKeptAnswers();
  clearToken();
  window.location.replace('/login');
}
