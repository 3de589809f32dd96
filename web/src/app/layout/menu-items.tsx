import type { MenuProps } from 'antd';
import { ROUTE_ROLES, ROUTE_SECTION, type GuardedRoute } from '@tamaq/contract/routes';
import { Link, matchRoutes } from 'react-router';
import type { NavEntry, NavLink } from './nav-model.ts';

type Items = NonNullable<MenuProps['items']>;

// Each entry is a real <a href>, so a middle click opens a new tab and tests can read the hrefs.
const linkItem = (l: NavLink) => ({
  key: l.to,
  label: (
    <Link to={l.to} data-testid="nav-link">
      {l.label}
    </Link>
  ),
});

export const toMenuItems = (entries: NavEntry[]): Items =>
  entries.map((e) =>
    e.kind === 'link'
      ? linkItem(e)
      : {
          key: `group:${e.key}`,
          label: <span data-testid={`nav-group-${e.key}`}>{e.label}</span>,
          children: e.children.map(linkItem),
        },
  );

const GUARDED = Object.keys(ROUTE_ROLES).map((path) => ({ path }));

/**
 * The entry to highlight: the page itself when it is an entry, else the section the route map puts
 * its screen in ('/canteen/3' is a canteen form: «Столовые»), never a mere path prefix
 * ('/fixation/category/2' is not «Фиксация»).
 */
export function activeHref(pathname: string, hrefs: string[]): string | undefined {
  if (hrefs.includes(pathname)) return pathname;
  // matchRoutes ranks static segments first: '/school/fixation' is not the school form '/school/:id'.
  const route = matchRoutes(GUARDED, pathname)?.[0]?.route.path as GuardedRoute | undefined;
  for (let r = route; r; r = ROUTE_SECTION[r]) if (hrefs.includes(r)) return r;
  return undefined;
}
