import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { actorOf } from '../../platform/auth/guard.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createUserPasswordService } from './user-password.service.ts';

export const userPasswordRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const service = createUserPasswordService(platform);
  bindEndpoint(app, ENDPOINTS['user-password'].set, (request) => service.set(actorOf(request), request.body));
};
