import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { actorOf } from '../../platform/auth/guard.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createRatingsService } from './ratings.service.ts';

export const ratingsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const ratings = createRatingsService(platform);
  bindEndpoint(app, ENDPOINTS.ratings.list, (request) => ratings.list(actorOf(request), request.query));
};
