import type { Module, Role } from './role-list.ts';

/**
 * Every endpoint's method and path, zod-free: the web's first download (the sign-in page) may call
 * by name without loading zod. `endpoints.ts` gives each entry its schemas, roles and summary; the
 * server binds a handler to that, the web calls it by group and name (`web/src/lib/endpoint-client.ts`).
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface Route {
  method: Method;
  /** `/api/...`, path parameters as `:name`. */
  path: string;
}

/** Who may call an endpoint: nobody in particular, any signed-in user, or the listed roles. */
export type Access = 'public' | 'authenticated' | readonly Role[];
export type { Module };

export const PATHS = {
  canteens: {
    list: { method: 'GET', path: '/api/canteens' },
    get: { method: 'GET', path: '/api/canteen/:id' },
    create: { method: 'POST', path: '/api/canteen' },
    update: { method: 'PUT', path: '/api/canteen' },
    remove: { method: 'DELETE', path: '/api/canteen/:id' },
  },
} as const satisfies Record<string, Record<string, Route>>;

export type Group = keyof typeof PATHS;
export type EndpointName<G extends Group> = keyof (typeof PATHS)[G] & string;

/** The path with its `:name` parameters filled in (each encoded). */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:(\w+)/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: the parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}
