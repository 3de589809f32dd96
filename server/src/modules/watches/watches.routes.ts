import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { actorOf } from '../../platform/auth/guard.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createWatchesService } from './watches.service.ts';

export const watchesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const watches = createWatchesService(platform);
  const e = ENDPOINTS.watches;
  bindEndpoint(app, e.list, (request) => watches.list(actorOf(request), request.query));
  bindEndpoint(app, e.get, (request) => watches.get(actorOf(request), request.params.id));
  bindEndpoint(app, e.create, (request) => watches.create(actorOf(request), request.body));
  bindEndpoint(app, e.update, (request) => watches.update(actorOf(request), request.body));
  bindEndpoint(app, e.remove, (request) => watches.remove(actorOf(request), request.params.id));
};
