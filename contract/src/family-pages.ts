/**
 * The family's pages: served as their own light web entry (`family.html`), not the staff app's
 * (docs/rules.md "The family's app"). Kept apart from the route map so that entry loads nothing more.
 */
export const FAMILY_PAGES = ['/download'] as const;

/** Whether `pathname` is one of the family's pages (the server sends their entry for it). */
export const isFamilyPage = (pathname: string): boolean =>
  (FAMILY_PAGES as readonly string[]).includes(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
