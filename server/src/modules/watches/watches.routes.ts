import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, Ok } from '@tamaq/contract/common';
import { commonErrorResponses, ErrorBody } from '@tamaq/contract/errors';
import { rolesFor } from '@tamaq/contract/routes';
import { Watch, WatchCreate, WatchList, WatchListQuery, WatchUpdate } from '@tamaq/contract/watches';
import { actorOf } from '../../platform/auth/guard.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createWatchesService } from './watches.service.ts';

const tags = ['watches'];
const access = rolesFor('/watches');

export const watchesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const watches = createWatchesService(platform);

  app.get(
    '/api/watches',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Графики дежурств (дни месяца через запятую)',
        querystring: WatchListQuery,
        response: { 200: WatchList, ...commonErrorResponses },
      },
    },
    (request) => watches.list(actorOf(request), request.query),
  );

  app.get(
    '/api/watch/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'График дежурств',
        params: IdParams,
        response: { 200: Watch, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => watches.get(actorOf(request), request.params.id),
  );

  app.post(
    '/api/watch',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Новый график: days — массив или строка "1,5,31"',
        body: WatchCreate,
        response: { 200: Watch, ...commonErrorResponses },
      },
    },
    (request) => watches.create(actorOf(request), request.body),
  );

  app.put(
    '/api/watch',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Изменение графика',
        body: WatchUpdate,
        response: { 200: Watch, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => watches.update(actorOf(request), request.body),
  );

  app.delete(
    '/api/watch/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Удаление графика (в архив); отказ 409, пока он назначен сотрудникам',
        params: IdParams,
        response: { 200: Ok, 404: ErrorBody, 409: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => watches.remove(actorOf(request), request.params.id),
  );
};
