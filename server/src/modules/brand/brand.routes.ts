import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Brand, BRANDS } from '@tamaq/contract/brand';
import type { ModuleOptions } from '../../platform/platform.ts';

/** The brand of the host the page was opened on (`BRANDS=host=brand,...`), the default one otherwise. */
export const brandRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  app.get(
    '/api/brand',
    {
      config: { access: 'public' },
      schema: { tags: ['platform'], summary: 'Бренд по имени хоста', response: { 200: Brand } },
    },
    async (request) => {
      const host = request.hostname.split(':')[0]!.toLowerCase();
      return BRANDS[platform.config.brands[host] ?? 'tamaq'];
    },
  );
};
