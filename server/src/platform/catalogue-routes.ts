import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CATALOGUES, type CatalogueGroup } from '@tamaq/contract/catalogues';
import type { Ok } from '@tamaq/contract/common';
import { ENDPOINTS, type Endpoint } from '@tamaq/contract/endpoints';
import type { Actor } from './auth/actors.ts';
import { actorOf } from './auth/guard.ts';
import type { CatalogueQuery } from './catalogue.ts';
import type { Db } from './db/client.ts';
import { bindEndpoint } from './http/endpoint.ts';
import type { ModuleOptions } from './platform.ts';

/** The calls of a catalogue's service (`createCatalogue` gives them). */
export interface CatalogueService {
  list(actor: Actor, query: CatalogueQuery): Promise<unknown>;
  get(actor: Actor, id: number): Promise<unknown>;
  create(actor: Actor, body: never): Promise<unknown>;
  update(actor: Actor, body: never): Promise<unknown>;
  remove(actor: Actor, id: number): Promise<Ok>;
}

/** What `server/src/modules/<group>/catalogue.ts` exports: its service, made for the platform. */
export interface CatalogueModule {
  createService(platform: { db: Db; now: () => Date }): CatalogueService;
}

/** A catalogue's module, found by convention: `modules/<group>/catalogue.ts`. */
export const loadCatalogue = (group: CatalogueGroup): Promise<CatalogueModule> =>
  import(`../modules/${group}/catalogue.ts`) as Promise<CatalogueModule>;

type Five = Record<'list' | 'get' | 'create' | 'update' | 'remove', Endpoint>;

/**
 * The routes of every catalogue of the contract's `catalogues.ts`: its five endpoints bound to its
 * service, each within the caller's role, organization and module as the declaration says.
 */
export const catalogueRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  for (const group of Object.keys(CATALOGUES) as CatalogueGroup[]) {
    const service = (await loadCatalogue(group)).createService(platform);
    const e = ENDPOINTS[group] as Five;
    const id = (request: { params: unknown }) => (request.params as { id: number }).id;
    // Each answer is checked against its endpoint's schema when it is sent, as every route's is.
    const answer = (made: Promise<unknown>) => made as Promise<never>;
    bindEndpoint(app, e.list, (r) => answer(service.list(actorOf(r), r.query as CatalogueQuery)));
    bindEndpoint(app, e.get, (r) => answer(service.get(actorOf(r), id(r))));
    bindEndpoint(app, e.create, (r) => answer(service.create(actorOf(r), r.body as never)));
    bindEndpoint(app, e.update, (r) => answer(service.update(actorOf(r), r.body as never)));
    bindEndpoint(app, e.remove, (r) => answer(service.remove(actorOf(r), id(r))));
  }
};
