import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { actorOf } from '../../platform/auth/guard.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createFoodsService } from './foods.service.ts';

export const foodsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const foods = createFoodsService(platform);
  const e = ENDPOINTS.foods;
  bindEndpoint(app, e.list, (request) => foods.list(actorOf(request), request.query));
  bindEndpoint(app, e.get, (request) => foods.get(actorOf(request), request.params.id));
  bindEndpoint(app, e.create, (request) => foods.create(actorOf(request), request.body));
  bindEndpoint(app, e.update, (request) => foods.update(actorOf(request), request.body));
  bindEndpoint(app, e.prices, (request) => foods.prices(actorOf(request), request.params.id));
  bindEndpoint(app, e.setPrice, (request) => foods.setPrice(actorOf(request), request.params.id, request.body));
  bindEndpoint(app, e.remove, (request) => foods.remove(actorOf(request), request.params.id));
  bindEndpoint(app, e.losses, (request) => foods.losses(actorOf(request)));
  bindEndpoint(app, e.setLoss, (request) => foods.setLoss(actorOf(request), request.body));
};
