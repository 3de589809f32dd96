import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { actorOf } from '../../platform/auth/guard.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createCalendarService } from './calendar.service.ts';

export const calendarRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const calendar = createCalendarService(platform);
  const e = ENDPOINTS.calendar;
  bindEndpoint(app, e.year, (request) => calendar.year(actorOf(request), request.query));
  bindEndpoint(app, e.create, (request) => calendar.create(actorOf(request), request.body));
  bindEndpoint(app, e.update, (request) => calendar.update(actorOf(request), request.body));
  bindEndpoint(app, e.remove, (request) => calendar.remove(actorOf(request), request.params.id));
  bindEndpoint(app, e.week, (request) => calendar.week(actorOf(request), request.body));
};
