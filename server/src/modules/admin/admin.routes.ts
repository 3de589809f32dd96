import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminSummary } from '@tamaq/contract/admin';
import { commonErrorResponses } from '@tamaq/contract/errors';
import { rolesFor } from '@tamaq/contract/routes';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createAdminRepository } from './admin.repository.ts';

/** The super admin's dashboard: nothing to decide, so the route reads the repository. */
export const adminRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const repo = createAdminRepository(platform.db);

  app.get(
    '/api/admin/summary',
    {
      config: { access: rolesFor('/admin') },
      schema: {
        tags: ['admin'],
        summary: 'Панель супер администратора: организации, школы, ученики, карты, посещения за сегодня',
        response: { 200: AdminSummary, ...commonErrorResponses },
      },
    },
    () => repo.summary(platform.now()),
  );
};
