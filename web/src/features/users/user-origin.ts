/**
 * Where the user form returns after saving (docs/product.md "User form"): the list that opened it, carried in the
 * `from` query parameter so a reload keeps it. Only paths of the app are accepted, never another site.
 */
export const FROM = 'from';

const safe = (path: string | null | undefined): string | null =>
  path && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') ? path : null;

/** The list to go back to: `from`, else the class's pupils in a class context, else /users. */
export function returnPath(search: URLSearchParams, classroomId: number | null): string {
  return safe(search.get(FROM)) ?? (classroomId !== null ? `/classroom/${classroomId}/users` : '/users');
}

/** A form link that remembers the list (with its search and page) it was opened from. */
export function withFrom(path: string, from: string): string {
  return `${path}?${new URLSearchParams({ [FROM]: from }).toString()}`;
}
