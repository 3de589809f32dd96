import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { actorOf } from '../../platform/auth/guard.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createNormsService } from './norms.service.ts';

export const normsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const norms = createNormsService(platform);
  const e = ENDPOINTS.norms;
  bindEndpoint(app, e.templates, () => norms.templates());
  bindEndpoint(app, e.list, (request) => norms.list(actorOf(request)));
  bindEndpoint(app, e.create, (request) => norms.create(actorOf(request), request.body));
  bindEndpoint(app, e.fromTemplate, (request) => norms.fromTemplate(actorOf(request), request.body.template));
  bindEndpoint(app, e.update, (request) => norms.update(actorOf(request), request.body));
  bindEndpoint(app, e.versions, (request) => norms.versions(actorOf(request), request.params.id));
  bindEndpoint(app, e.remove, (request) => norms.remove(actorOf(request), request.params.id));
  const rules = ENDPOINTS['menu-rules'];
  bindEndpoint(app, rules.get, (request) => norms.menuRules(actorOf(request)));
  bindEndpoint(app, rules.save, (request) => norms.saveMenuRules(actorOf(request), request.body));
  bindEndpoint(app, e.school, (request) =>
    norms.chooseForSchool(actorOf(request), request.body.school_id, request.body.norm_set_id),
  );
};
