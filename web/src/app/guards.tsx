import type { Role } from '@tamaq/contract/roles';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPath } from '../features/account/return-to.ts';
import { useSession } from '../lib/use-session.ts';

/** Sends a visitor without a valid session to /login, remembering the page to come back to. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const { pathname, search } = useLocation();
  if (!session) return <Navigate to={loginPath(pathname + search)} replace />;
  return children;
}

/**
 * Spec 1 §2.1: a route opens only for a signed-in user whose token role is in the route's list;
 * anyone else is sent to login (told why, when they were signed in).
 */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const session = useSession();
  const { pathname, search } = useLocation();
  if (!session) return <Navigate to={loginPath(pathname + search)} replace />;
  if (!roles.includes(session.role)) return <Navigate to={loginPath(pathname + search, true)} replace />;
  return children;
}
