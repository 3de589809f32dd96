import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminSummary, OutboxList, OutboxQuery } from '@tamaq/contract/admin';
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

  app.get(
    '/api/admin/outbox',
    {
      config: { access: rolesFor('/admin/outbox') },
      schema: {
        tags: ['admin'],
        summary: 'Исходящие письма: все письма сервера, новые сверху; без SMTP_URL они ждут здесь',
        querystring: OutboxQuery,
        response: { 200: OutboxList, ...commonErrorResponses },
      },
    },
    (request) => repo.outbox(request.query),
  );
};
