import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createAdminRepository } from './admin.repository.ts';

export const adminRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const repo = createAdminRepository(platform.db);
  const e = ENDPOINTS.admin;
  bindEndpoint(app, e.summary, async () => ({
    ...(await repo.summary(platform.now())),
    notices: platform.notices.list(),
  }));
  bindEndpoint(app, e.outbox, (request) => repo.outbox(request.query));
};
