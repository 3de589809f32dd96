import { useNavigate } from 'react-router';
import { clearToken } from '../../lib/session.ts';

/**
 * Spec 1 §2.3: sign-out clears the token and opens login. The login page is rendered synchronously
 * first, so the guard of the page being left never sees the empty session and never remembers that
 * page as one to return to.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    await navigate('/login', { replace: true, flushSync: true });
    clearToken();
  };
}
