import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { actorOf } from '../../platform/auth/guard.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createCardsService } from './cards.service.ts';

export const cardsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const cards = createCardsService(platform);
  const e = ENDPOINTS.cards;
  bindEndpoint(app, e.list, (request) => cards.list(actorOf(request), request.query));
  bindEndpoint(app, e.search, (request) => cards.search(actorOf(request), request.query.number));
  bindEndpoint(app, e.ofUser, (request) => cards.cardsOf(actorOf(request), request.query.userId));
  bindEndpoint(app, e.give, (request) => cards.link(actorOf(request), request.body));
  bindEndpoint(app, e.take, (request) => cards.unlink(actorOf(request), request.query));
  bindEndpoint(app, e.link, (request) => cards.register(actorOf(request), request.body));
  bindEndpoint(app, e.status, (request) => cards.setStatus(actorOf(request), request.body));
};
