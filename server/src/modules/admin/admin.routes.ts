import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createAdminRepository } from './admin.repository.ts';
import { backupState } from '../backup/backup-state.ts';

export const adminRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const repo = createAdminRepository(platform.db);
  const e = ENDPOINTS.admin;
  bindEndpoint(app, e.summary, async () => {
    const backups = await backupState(platform.db, platform.config, platform.now());
    return {
      ...(await repo.summary(platform.now())),
      notices: [...platform.notices.list(), ...backups.notices],
      backup: backups.backup,
    };
  });
  bindEndpoint(app, e.outbox, (request) => repo.outbox(request.query));
};
