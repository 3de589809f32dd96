import { fillPath, PATHS, type EndpointName, type Group, type Route } from '@tamaq/contract/api-paths';
// Types only: the schemas (and zod) stay out of the web's bundles; the paths come from the zod-free table.
import type { CallAnswer, CallInput, Endpoints } from '@tamaq/contract/endpoints';
import { api, withQuery, type Query, type RequestOptions } from './api-client.ts';

/**
 * Calls a contract endpoint by its group and name, its input and answer typed from the declaration:
 * `callEndpoint('canteens', 'get', { params: { id } })`. No path or answer type is written here.
 */
/** A call of a route with untyped input: for kits that call many groups' endpoints alike. */
export function callRoute<T>(
  route: Route,
  input: { params?: Record<string, string | number>; query?: Query; body?: unknown },
  opts?: RequestOptions,
): Promise<T> {
  const url = fillPath(route.path, input.params);
  switch (route.method) {
    case 'GET':
      return api.get<T>(url, input.query, opts);
    case 'DELETE':
      return api.delete<T>(url, input.query, opts);
    case 'POST':
      return api.post<T>(url, input.body, opts);
    case 'PUT':
      return api.put<T>(url, input.body, opts);
  }
}

export function callEndpoint<G extends Group, N extends EndpointName<G>>(
  group: G,
  name: N,
  input: CallInput<Endpoints[G][N]>,
  opts?: RequestOptions,
): Promise<CallAnswer<Endpoints[G][N]>> {
  return callRoute(PATHS[group][name] as Route, input as Parameters<typeof callRoute>[1], opts);
}

/**
 * The address of an endpoint with its params and query filled in: for what the browser sends by
 * itself (a file upload with its progress) or opens as a link (a download, given to `downloadHref`).
 */
export function endpointPath<G extends Group, N extends EndpointName<G>>(
  group: G,
  name: N,
  input: { params?: Record<string, string | number>; query?: Query } = {},
): string {
  const route = PATHS[group][name] as Route;
  return withQuery(fillPath(route.path, input.params), input.query ?? {});
}
