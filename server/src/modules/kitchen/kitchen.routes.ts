import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { actorOf } from '../../platform/auth/guard.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createKitchenService } from './kitchen.service.ts';

export const kitchenRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const kitchen = createKitchenService(platform);
  bindEndpoint(app, ENDPOINTS.kitchen.count, (request) => kitchen.count(actorOf(request), request.query));
  bindEndpoint(app, ENDPOINTS.kitchen.restrictedRule, (request) =>
    kitchen.setRestrictedRule(actorOf(request), request.body),
  );
};
