import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { actorOf } from '../../platform/auth/guard.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createMenusService } from './menus.service.ts';

export const menusRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const menus = createMenusService(platform);
  const e = ENDPOINTS.menus;
  bindEndpoint(app, e.list, (request) => menus.list(actorOf(request), request.query));
  bindEndpoint(app, e.get, (request) => menus.get(actorOf(request), request.params.id));
  bindEndpoint(app, e.create, (request) => menus.create(actorOf(request), request.body));
  bindEndpoint(app, e.update, (request) => menus.update(actorOf(request), request.body));
  bindEndpoint(app, e.remove, (request) => menus.remove(actorOf(request), request.params.id));
  bindEndpoint(app, e.copy, (request) => menus.copy(actorOf(request), request.params.id, request.body));
  bindEndpoint(app, e.copyDay, (request) => menus.copyDay(actorOf(request), request.params.id, request.body));
  bindEndpoint(app, e.addDishes, (request) => menus.addDishes(actorOf(request), request.body));
  bindEndpoint(app, e.removeDish, (request) => menus.removeDish(actorOf(request), request.body));
  bindEndpoint(app, e.orderDishes, (request) => menus.orderDishes(actorOf(request), request.body));
};
