import { withQuery, type Query } from './api-client.ts';
import { getToken } from './session.ts';

/**
 * A link the browser downloads by itself (an xlsx export or template): it cannot send the bearer
 * header, so the token travels in the query, as spec 1 §7 does for the classes export.
 */
export const downloadHref = (path: string, query: Query = {}): string =>
  withQuery(path, { ...query, token: getToken() ?? undefined });
