import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Card,
  CardLinkBody,
  CardList,
  CardListQuery,
  CardSearchQuery,
  CardStatusBody,
  CardSuggestions,
  UserCardBody,
  UserCardDeleteQuery,
  UserCards,
  UserCardsQuery,
} from '@tamaq/contract/cards';
import { Ok } from '@tamaq/contract/common';
import { commonErrorResponses, ErrorBody } from '@tamaq/contract/errors';
import type { Role } from '@tamaq/contract/roles';
import { rolesFor, type GuardedRoute } from '@tamaq/contract/routes';
import { actorOf } from '../../platform/auth/guard.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createCardsService } from './cards.service.ts';

const tags = ['cards'];
const anyOf = (...routes: GuardedRoute[]): readonly Role[] => [...new Set(routes.flatMap((r) => rolesFor(r)))];

/** The organization's cards (/cards) and the super admin's view of any organization's (/cards/:id). */
const CARD_LISTS = anyOf('/cards', '/cards/:id');
/** A user's cards, from the user list or from a class's pupils. */
const USER_CARDS = anyOf('/user/cards/:id', '/classroom/:classroomId/user/cards/:id');
/** Registering a number: from an organization's cards page or a user's. */
const REGISTER = anyOf('/cards/:id', '/user/cards/:id', '/classroom/:classroomId/user/cards/:id');

export const cardsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const cards = createCardsService(platform);
  const errors = { 404: ErrorBody, 409: ErrorBody, ...commonErrorResponses };

  app.get(
    '/api/cards',
    {
      config: { access: CARD_LISTS },
      schema: {
        tags,
        summary: 'Карты организации: поиск по номеру и держателю',
        querystring: CardListQuery,
        response: { 200: CardList, ...commonErrorResponses },
      },
    },
    (request) => cards.list(actorOf(request), request.query),
  );

  app.get(
    '/api/card/search',
    {
      config: { access: USER_CARDS },
      schema: {
        tags,
        summary: 'Подсказки: до 10 карт своей организации, чей номер начинается с введённого',
        querystring: CardSearchQuery,
        response: { 200: CardSuggestions, ...commonErrorResponses },
      },
    },
    (request) => cards.search(actorOf(request), request.query.number),
  );

  app.get(
    '/api/card/user',
    {
      config: { access: USER_CARDS },
      schema: {
        tags,
        summary: 'Карты пользователя',
        querystring: UserCardsQuery,
        response: { 200: UserCards, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => cards.cardsOf(actorOf(request), request.query.userId),
  );

  app.post(
    '/api/card/user',
    {
      config: { access: USER_CARDS },
      schema: {
        tags,
        summary: 'Привязать карту к пользователю; 409, если её держит другой',
        body: UserCardBody,
        response: { 200: Card, ...errors },
      },
    },
    (request) => cards.link(actorOf(request), request.body),
  );

  app.delete(
    '/api/card/user',
    {
      config: { access: USER_CARDS },
      schema: {
        tags,
        summary: 'Отвязать карту от пользователя',
        querystring: UserCardDeleteQuery,
        response: { 200: Ok, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => cards.unlink(actorOf(request), request.query),
  );

  app.post(
    '/api/card/link',
    {
      config: { access: REGISTER },
      schema: {
        tags,
        summary: 'Зарегистрировать номер карты в организации (номер уникален во всей системе)',
        body: CardLinkBody,
        response: { 200: Card, ...errors },
      },
    },
    (request) => cards.register(actorOf(request), request.body),
  );

  app.post(
    '/api/card/status',
    {
      config: { access: rolesFor('/cards') },
      schema: {
        tags,
        summary: 'Одноразовая (N) или безлимитная (Y) карта',
        body: CardStatusBody,
        response: { 200: Card, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => cards.setStatus(actorOf(request), request.body),
  );
};
