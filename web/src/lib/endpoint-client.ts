import { fillPath, PATHS, type EndpointName, type Group, type Route } from '@tamaq/contract/api-paths';
// Types only: the schemas (and zod) stay out of the web's bundles; the paths come from the zod-free table.
import type { CallAnswer, CallInput, Endpoints } from '@tamaq/contract/endpoints';
import { api, type Query, type RequestOptions } from './api-client.ts';

/**
 * Calls a contract endpoint by its group and name, its input and answer typed from the declaration:
 * `callEndpoint('canteens', 'get', { params: { id } })`. No path or answer type is written here.
 */
export function callEndpoint<G extends Group, N extends EndpointName<G>>(
  group: G,
  name: N,
  input: CallInput<Endpoints[G][N]>,
  opts?: RequestOptions,
): Promise<CallAnswer<Endpoints[G][N]>> {
  const route = PATHS[group][name] as Route;
  const given = input as { params?: Record<string, string | number>; query?: Query; body?: unknown };
  const url = fillPath(route.path, given.params);
  type A = CallAnswer<Endpoints[G][N]>;
  switch (route.method) {
    case 'GET':
      return api.get<A>(url, given.query, opts);
    case 'DELETE':
      return api.delete<A>(url, given.query, opts);
    case 'POST':
      return api.post<A>(url, given.body, opts);
    case 'PUT':
      return api.put<A>(url, given.body, opts);
  }
}
