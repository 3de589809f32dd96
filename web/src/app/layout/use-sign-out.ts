import { useNavigate } from 'react-router';
import { clearToken } from '../../lib/session.ts';

/**
 * Spec 1 §2.3: sign-out clears the token and opens login. Navigating first keeps the guard of the
 * current page from seeing the empty session and remembering that page as a place to return to.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    await navigate('/login', { replace: true });
    clearToken();
  };
}
