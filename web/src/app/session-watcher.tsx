import { PUBLIC_ROUTES } from '@tamaq/contract/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { matchPath, Outlet, useNavigate } from 'react-router';
import { loginPath } from '../features/account/return-to.ts';
import { brandQuery } from '../lib/brand.ts';
import { forgetKeptAnswers } from '../lib/kept-answers.ts';
import { UNAUTHORIZED_EVENT } from '../lib/api-client.ts';
import { useSession } from '../lib/use-session.ts';

const isPublic = (pathname: string) => PUBLIC_ROUTES.some((p) => matchPath(p, pathname));

/**
 * The root route: follows the session for the whole app. A refused token sends the user to login
 * (remembering the page); a change of user drops every cached answer of the previous one.
 */
export function SessionWatcher() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sub = useSession()?.sub ?? null;

  useEffect(() => {
    const onUnauthorized = () => {
      // Read at event time: the page may have changed since the listener was attached.
      const { pathname, search } = window.location;
      // A public page (a wrong password on /login with an old token stored) stays where it is.
      if (isPublic(pathname)) return;
      void navigate(loginPath(pathname + search), { replace: true });
    };
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  }, [navigate]);

  const previousSub = useRef(sub);
  useEffect(() => {
    if (previousSub.current === sub) return;
    previousSub.current = sub;
    // Another user's profile, lists or reports must never show, not even for a moment. The brand
    // belongs to the host, not to the user, and stays. Nor what the device kept for the page
    // opened offline.
    forgetKeptAnswers();
    void queryClient.resetQueries({ predicate: (q) => q.queryKey[0] !== brandQuery.queryKey[0] });
  }, [sub, queryClient]);

  return <Outlet />;
}
