import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { actorOf } from '../../platform/auth/guard.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createTechCardsService } from './tech-cards.service.ts';

export const techCardsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const cards = createTechCardsService(platform);
  const e = ENDPOINTS['tech-cards'];
  bindEndpoint(app, e.get, (request) => cards.get(actorOf(request), request.params.id, request.query));
  bindEndpoint(app, e.menu, (request) => cards.menuFigures(actorOf(request), request.params.id, request.query));
  bindEndpoint(app, e.layout, (request) => cards.layout(actorOf(request), request.params.id, request.query));
  bindEndpoint(app, e.save, (request) => cards.save(actorOf(request), request.params.id, request.body));
};
