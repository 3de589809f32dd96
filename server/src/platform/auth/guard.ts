import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_MESSAGES } from '@tamaq/contract/errors';
import type { Module, Role } from '@tamaq/contract/roles';
import { moduleFor, rolesFor, type GuardedRoute } from '@tamaq/contract/routes';
import { forbidden, unauthorized } from '../http/errors.ts';
import type { ActorService, Actor } from './actors.ts';
import type { TokenService, TokenUse } from './tokens.ts';

/**
 * A route whose file answer a browser opens as a link, with the token in `?token=`. A token in the
 * query opens the file answer only, never JSON: a link is copied, kept in the history and seen by
 * proxies. A download token (10 minutes, links only) always; the session token only where the
 * spec's own client puts it in its links (`session`).
 */
export interface QueryToken {
  /** The session token is taken in the query too. */
  session?: boolean;
  /** Whether this request asks for the file (`?export=1`); without it the route answers a file always. */
  file?: (query: Record<string, unknown>) => boolean;
}

/** A download, template or export route: its answer is always a file, opened by a download token. */
export const FILE_LINK: QueryToken = {};

/** Who may call a route: nobody in particular, any signed-in user, or the listed roles. */
export type Access = 'public' | 'authenticated' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The organization's module the route belongs to: without it the route answers 403. */
    module?: Module;
    /** A download link opened by the browser cannot send a header: it carries `?token=` instead. */
    tokenInQuery?: QueryToken;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** Every /api route with who may call it, for the route-access test and the docs. */
    routeAccess: { method: string; url: string; access: Access; module?: Module; tags: readonly string[] }[];
  }
}

const bearer = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
};

/**
 * Who may call the calls of a screen, declared once: the screen's roles and, for a screen of a
 * module (the library), the module the organization must have.
 */
export const screenAccess = (route: GuardedRoute): { access: readonly Role[]; module?: Module } => {
  const module = moduleFor(route);
  return module ? { access: rolesFor(route), module } : { access: rolesFor(route) };
};

/** Reads the actor of a request that carries a token, for routes that take the token in the query. */
export async function actorFromToken(
  token: string | null,
  tokens: TokenService,
  actors: ActorService,
  use: TokenUse = 'session',
): Promise<Actor | null> {
  if (!token) return null;
  const payload = await tokens.verify(token, use);
  return payload ? actors.resolve(payload, use) : null;
}

/**
 * Authentication once for every `/api` route: each route must declare `config.access`, so a route
 * that forgets it fails at start instead of being open.
 */
export function registerGuard(app: FastifyInstance, tokens: TokenService, actors: ActorService): void {
  app.decorateRequest('actor', null);
  const routeAccess: FastifyInstance['routeAccess'] = [];
  app.decorate('routeAccess', routeAccess);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.method === 'HEAD' || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (access === undefined) throw new Error(`Route ${String(route.method)} ${route.url} declares no config.access`);
    const module = route.config?.module;
    const tags = (route.schema as { tags?: readonly string[] } | undefined)?.tags ?? [];
    for (const method of [route.method].flat()) {
      routeAccess.push({ method: String(method), url: route.url, access, tags, ...(module ? { module } : {}) });
    }
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined || access === 'public') return;
    const link = request.routeOptions.config?.tokenInQuery;
    const query = (request.query ?? {}) as Record<string, unknown>;
    const fromQuery = link && (link.file?.(query) ?? true) ? query.token : undefined;
    const header = bearer(request);
    const inQuery = typeof fromQuery === 'string' && fromQuery ? fromQuery : null;
    // A download token opens download links alone, never a call with the header.
    const actor = header
      ? await actorFromToken(header, tokens, actors)
      : ((await actorFromToken(inQuery, tokens, actors, 'download')) ??
        (link?.session ? await actorFromToken(inQuery, tokens, actors) : null));
    if (!actor) throw unauthorized();
    request.actor = actor;
    if (access !== 'authenticated' && !access.includes(actor.role)) throw forbidden();
    const module = request.routeOptions.config?.module;
    if (module && !actor.modules.includes(module)) throw forbidden(ERROR_MESSAGES.moduleOff);
  });
}

/** The actor of a guarded route (the guard has already refused requests without one). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}
