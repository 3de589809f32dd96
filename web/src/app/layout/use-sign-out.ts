import { useNavigate } from 'react-router';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { clearToken, getToken } from '../../lib/session.ts';

/**
 * docs/product.md "Navigation": sign-out ends the session on the server (its tokens stop working
 * there, a copy of the token included), clears the token and opens login. The server is told with the
 * token it had, without waiting for its answer: a bad network must not keep a person signed in. The
 * login page is rendered synchronously first, so the guard of the page being left never sees the
 * empty session and never remembers that page as one to return to. That happens after the current
 * event handler: Enter on the menu item runs inside the menu's keydown handler, which must not see its
 * menu unmounted half-way.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return () =>
    new Promise<void>((resolve, reject) => {
      const token = getToken();
      if (token) {
        callEndpoint('auth', 'logout', {}, { headers: { Authorization: `Bearer ${token}` } }).catch(() => {});
      }
      window.setTimeout(() => {
        Promise.resolve(navigate('/login', { replace: true, flushSync: true }))
          .then(() => {
            clearToken();
            resolve();
          })
          .catch(reject);
      }, 0);
    });
}
