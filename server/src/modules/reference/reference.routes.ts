import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@tamaq/contract/errors';
import { Region, RoleItem } from '@tamaq/contract/profile';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createReferenceRepository } from './reference.repository.ts';

/** Reference lists seeded at start (roles, regions): nothing to decide, so the routes read the repository. */
export const referenceRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const reference = createReferenceRepository(platform.db);

  app.get(
    '/api/users/roles',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['reference'],
        summary: 'Роли пользователей',
        response: { 200: z.array(RoleItem), 401: ErrorBody },
      },
    },
    () => reference.roles(),
  );

  app.get(
    '/api/regions',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['reference'],
        summary: 'Регионы Казахстана',
        response: { 200: z.array(Region), 401: ErrorBody },
      },
    },
    () => reference.regions(),
  );
};
