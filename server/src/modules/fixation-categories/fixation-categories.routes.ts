import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { actorOf } from '../../platform/auth/guard.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createFixationCategoriesService } from './fixation-categories.service.ts';

export const fixationCategoriesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const categories = createFixationCategoriesService(platform);
  const e = ENDPOINTS['fixation-categories'];
  bindEndpoint(app, e.list, (request) => categories.list(actorOf(request), request.query));
  bindEndpoint(app, e.current, (request) => categories.current(actorOf(request), request.query));
  bindEndpoint(app, e.get, (request) => categories.get(actorOf(request), request.params.id));
  bindEndpoint(app, e.create, (request) => categories.create(actorOf(request), request.body));
  bindEndpoint(app, e.update, (request) => categories.update(actorOf(request), request.body));
  bindEndpoint(app, e.remove, (request) => categories.remove(actorOf(request), request.params.id));
};
