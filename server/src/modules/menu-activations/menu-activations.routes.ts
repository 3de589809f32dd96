import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { actorOf } from '../../platform/auth/guard.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createMenuActivationsService } from './menu-activations.service.ts';

export const menuActivationsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const activations = createMenuActivationsService(platform);
  const e = ENDPOINTS['menu-activations'];
  bindEndpoint(app, e.list, (request) => activations.list(actorOf(request), request.query));
  bindEndpoint(app, e.activate, (request) => activations.activate(actorOf(request), request.body));
  bindEndpoint(app, e.remove, (request) => activations.remove(actorOf(request), request.body));
  bindEndpoint(app, e.days, (request) => activations.days(actorOf(request), request.query));
};
