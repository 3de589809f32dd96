import type { Role } from '@tamaq/contract/roles';
import { canOpen, PUBLIC_ROUTES, ROUTE_ROLES, type GuardedRoute } from '@tamaq/contract/routes';
import { matchRoutes } from 'react-router';

/** Query parameters of /login that carry where to go back after sign-in. */
export const NEXT_PARAM = 'next';
export const DENIED_PARAM = 'denied';

/** The /login address that brings the user back to `from` (a path with its search). */
export function loginPath(from: string | null, denied = false): string {
  const q = new URLSearchParams();
  if (from && from !== '/' && isLocalPath(from)) q.set(NEXT_PARAM, from);
  if (denied) q.set(DENIED_PARAM, '1');
  const s = q.toString();
  return s ? `/login?${s}` : '/login';
}

// Only paths of this app: an absolute or protocol-relative URL in ?next= would be an open redirect.
const isLocalPath = (p: string) => p.startsWith('/') && !p.startsWith('//') && !p.startsWith('/\\');

const ROUTES = [...Object.keys(ROUTE_ROLES), ...PUBLIC_ROUTES].map((path) => ({ path }));

/**
 * Where to go after signing in as `role`: the remembered page when that role may open it (ranked the
 * way the router ranks, so /classroom/5/users is not taken for /classroom/:school/:id), else `/`.
 */
export function returnTarget(next: string | null, role: Role): string {
  if (!next || !isLocalPath(next)) return '/';
  const pathname = next.split(/[?#]/)[0] ?? '/';
  const match = matchRoutes(ROUTES, pathname)?.[0]?.route.path;
  if (!match) return '/';
  if ((PUBLIC_ROUTES as readonly string[]).includes(match)) return '/';
  return canOpen(role, match as GuardedRoute) ? next : '/';
}
