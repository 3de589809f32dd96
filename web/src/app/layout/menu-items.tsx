import type { MenuProps } from 'antd';
import { Link } from 'react-router';
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

/** The entry to highlight: the exact page, else the entry whose path the page continues. */
export function activeHref(pathname: string, hrefs: string[]): string | undefined {
  if (hrefs.includes(pathname)) return pathname;
  return hrefs.filter((h) => pathname.startsWith(`${h}/`)).sort((a, b) => b.length - a.length)[0];
}
