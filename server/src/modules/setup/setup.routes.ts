import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { actorOf } from '../../platform/auth/guard.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createSetupService } from './setup.service.ts';

export const setupRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const setup = createSetupService(platform);
  bindEndpoint(app, ENDPOINTS.setup.progress, (request) => setup.progress(actorOf(request)));
};
