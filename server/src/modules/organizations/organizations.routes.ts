import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { actorOf } from '../../platform/auth/guard.ts';
import { requestLanguage } from '../../platform/http/answer-language.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createOrganizationsService } from './organizations.service.ts';

export const organizationsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const organizations = createOrganizationsService(platform);
  const e = ENDPOINTS.organizations;
  bindEndpoint(app, e.list, (request) => organizations.list(request.query));
  bindEndpoint(app, e.get, (request) => organizations.get(request.params.id));
  bindEndpoint(app, e.create, (request) =>
    organizations.create(actorOf(request), request.body, request, requestLanguage(request)),
  );
  bindEndpoint(app, e.update, (request) => organizations.update(actorOf(request), request.body));
  bindEndpoint(app, e.admins, (request) => organizations.admins(request.params.id));
  bindEndpoint(app, e.inviteAdmin, (request) =>
    organizations.inviteAdmin(
      actorOf(request),
      request.params.id,
      request.params.userId,
      request,
      requestLanguage(request),
    ),
  );
};
