import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { actorOf } from '../../platform/auth/guard.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createSchoolsService } from './schools.service.ts';

export const schoolsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const schools = createSchoolsService(platform);
  const e = ENDPOINTS.schools;
  bindEndpoint(app, e.list, (request) => schools.list(actorOf(request), request.query));
  bindEndpoint(app, e.get, (request) => schools.get(actorOf(request), request.params.id));
  bindEndpoint(app, e.settings, (request) => schools.settings(actorOf(request), request.params.id));
  bindEndpoint(app, e.create, (request) => schools.create(actorOf(request), request.body));
  bindEndpoint(app, e.update, (request) => schools.update(actorOf(request), request.body));
  bindEndpoint(app, e.remove, (request) => schools.remove(actorOf(request), request.params.id));
};
