import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { actorOf } from '../../platform/auth/guard.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createCanteensService } from './canteens.service.ts';

export const canteensRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const canteens = createCanteensService(platform);
  const e = ENDPOINTS.canteens;
  bindEndpoint(app, e.list, (request) => canteens.list(actorOf(request), request.query));
  bindEndpoint(app, e.get, (request) => canteens.get(actorOf(request), request.params.id));
  bindEndpoint(app, e.create, (request) => canteens.create(actorOf(request), request.body));
  bindEndpoint(app, e.update, (request) => canteens.update(actorOf(request), request.body));
  bindEndpoint(app, e.remove, (request) => canteens.remove(actorOf(request), request.params.id));
};
