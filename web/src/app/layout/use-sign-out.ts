import { useNavigate } from 'react-router';
import { clearToken } from '../../lib/session.ts';

/**
 * docs/product.md "Navigation": sign-out clears the token and opens login. The login page is rendered synchronously
 * first, so the guard of the page being left never sees the empty session and never remembers that
 * page as one to return to. That happens after the current event handler: Enter on the menu item
 * runs inside the menu's keydown handler, which must not see its menu unmounted half-way.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return () =>
    new Promise<void>((resolve, reject) => {
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
