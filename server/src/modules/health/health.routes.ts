import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@tamaq/contract/constants';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';

export const healthRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  bindEndpoint(app, ENDPOINTS.platform.health, async (_request, reply) => {
    const disk = await platform.disk.state();
    try {
      await platform.database.exec('select 1');
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: 'down', disk, version: APP_VERSION });
    }
    // The database answers but can write nothing: not a server to send scans to.
    if (disk === 'full')
      return reply.code(503).send({ status: 'unavailable', database: 'up', disk, version: APP_VERSION });
    return { status: 'ok' as const, database: 'up' as const, disk, version: APP_VERSION };
  });
};
