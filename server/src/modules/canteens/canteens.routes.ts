import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Canteen,
  CANTEEN_LIST_ROLES,
  CanteenCreate,
  CanteenList,
  CanteenListQuery,
  CanteenUpdate,
} from '@tamaq/contract/canteens';
import { IdParams, Ok } from '@tamaq/contract/common';
import { commonErrorResponses, ErrorBody } from '@tamaq/contract/errors';
import { rolesFor } from '@tamaq/contract/routes';
import { actorOf } from '../../platform/auth/guard.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createCanteensService } from './canteens.service.ts';

const tags = ['canteens'];
const access = rolesFor('/canteens');

export const canteensRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const canteens = createCanteensService(platform);

  app.get(
    '/api/canteens',
    {
      config: { access: CANTEEN_LIST_ROLES },
      schema: {
        tags,
        summary: 'Столовые организации (поиск по названию и адресу)',
        querystring: CanteenListQuery,
        response: { 200: CanteenList, ...commonErrorResponses },
      },
    },
    (request) => canteens.list(actorOf(request), request.query),
  );

  app.get(
    '/api/canteen/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Столовая',
        params: IdParams,
        response: { 200: Canteen, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => canteens.get(actorOf(request), request.params.id),
  );

  app.post(
    '/api/canteen',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Новая столовая',
        body: CanteenCreate,
        response: { 200: Canteen, ...commonErrorResponses },
      },
    },
    (request) => canteens.create(actorOf(request), request.body),
  );

  app.put(
    '/api/canteen',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Изменение столовой',
        body: CanteenUpdate,
        response: { 200: Canteen, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => canteens.update(actorOf(request), request.body),
  );

  app.delete(
    '/api/canteen/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Удаление столовой (в архив: посещения сохраняются)',
        params: IdParams,
        response: { 200: Ok, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => canteens.remove(actorOf(request), request.params.id),
  );
};
