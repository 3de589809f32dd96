import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { actorOf } from '../../platform/auth/guard.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createDishesService } from './dishes.service.ts';

export const dishesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const dishes = createDishesService(platform);
  const e = ENDPOINTS.dishes;
  bindEndpoint(app, e.list, (request) => dishes.list(actorOf(request), request.query));
  bindEndpoint(app, e.get, (request) => dishes.get(actorOf(request), request.params.id));
  bindEndpoint(app, e.menus, (request) => dishes.menus(actorOf(request), request.params.id));
  bindEndpoint(app, e.create, (request) => dishes.create(actorOf(request), request.body));
  bindEndpoint(app, e.update, (request) => dishes.update(actorOf(request), request.body));
  bindEndpoint(app, e.remove, (request) => dishes.remove(actorOf(request), request.params.id));
};
