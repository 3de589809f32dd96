import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@tamaq/contract/constants';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';

export const healthRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  bindEndpoint(app, ENDPOINTS.platform.health, async (_request, reply) => {
    try {
      await platform.database.exec('select 1');
      return { status: 'ok' as const, database: 'up' as const, version: APP_VERSION };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: 'down', version: APP_VERSION });
    }
  });
};
