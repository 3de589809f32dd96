import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createReferenceRepository } from './reference.repository.ts';

/** Reference lists seeded at start (roles, regions): nothing to decide, so the routes read the repository. */
export const referenceRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const reference = createReferenceRepository(platform.db);
  bindEndpoint(app, ENDPOINTS.reference.roles, () => reference.roles());
  bindEndpoint(app, ENDPOINTS.reference.regions, () => reference.regions());
};
