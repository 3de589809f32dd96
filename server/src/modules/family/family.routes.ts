import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { actorOf } from '../../platform/auth/guard.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createFamilyService } from './family.service.ts';

export const familyRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const family = createFamilyService(platform);
  const e = ENDPOINTS.family;
  bindEndpoint(app, e.children, (request) => family.children(actorOf(request)));
  bindEndpoint(app, e.meals, (request) => family.meals(actorOf(request), request.params.id, request.query));
  bindEndpoint(app, e.menu, (request) => family.menu(actorOf(request), request.params.id, request.query));
  bindEndpoint(app, e.record, (request) => family.record(actorOf(request), request.params.id));
  bindEndpoint(app, e.restrictions, (request) => family.restrictions(actorOf(request), request.params.id));
  bindEndpoint(app, e.setRestrictions, (request) =>
    family.setRestrictions(actorOf(request), request.params.id, request.body),
  );
  bindEndpoint(app, e.pupil, (request) => family.pupil(actorOf(request), request.params.id));
  bindEndpoint(app, e.confirmRestrictions, (request) =>
    family.confirmRestrictions(actorOf(request), request.params.id, request.body),
  );
  bindEndpoint(app, e.unlinkParent, (request) => family.unlinkParent(actorOf(request), request.params));
  bindEndpoint(app, e.rate, (request) => family.rate(actorOf(request), request.params, request.body));
  bindEndpoint(app, e.studentToday, (request) => family.studentToday(actorOf(request)));
  bindEndpoint(app, e.studentRate, (request) => family.studentRate(actorOf(request), request.params, request.body));
  bindEndpoint(app, e.books, (request) => family.books(actorOf(request), request.params.id));
  bindEndpoint(app, e.days, (request) => family.days(actorOf(request), request.params.id, request.query));
};
