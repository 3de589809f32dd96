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
};
