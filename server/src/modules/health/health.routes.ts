import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Health } from '@tamaq/contract/health';
import { APP_VERSION } from '@tamaq/contract/constants';
import type { ModuleOptions } from '../../platform/platform.ts';

export const healthRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { tags: ['platform'], summary: 'Сервер и база данных доступны', response: { 200: Health, 503: Health } },
    },
    async (_request, reply) => {
      try {
        await platform.database.exec('select 1');
        return { status: 'ok' as const, database: 'up' as const, version: APP_VERSION };
      } catch {
        return reply.code(503).send({ status: 'unavailable', database: 'down', version: APP_VERSION });
      }
    },
  );
};
