import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, Ok } from '@tamaq/contract/common';
import { commonErrorResponses, ErrorBody } from '@tamaq/contract/errors';
import {
  CURRENT_CATEGORY_ROLES,
  FIXATION_CATEGORY_LIST_ROLES,
  CurrentFixationCategories,
  FixationCategory,
  FixationCategoryCreate,
  FixationCategoryList,
  FixationCategoryListQuery,
  FixationCategoryUpdate,
} from '@tamaq/contract/fixation-categories';
import { rolesFor } from '@tamaq/contract/routes';
import { actorOf } from '../../platform/auth/guard.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createFixationCategoriesService } from './fixation-categories.service.ts';

const tags = ['fixation-categories'];
const access = rolesFor('/fixation/categories');

export const fixationCategoriesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const categories = createFixationCategoriesService(platform);

  app.get(
    '/api/fixation/categories',
    {
      config: { access: FIXATION_CATEGORY_LIST_ROLES },
      schema: {
        tags,
        summary: 'Категории фиксации (по позиции, затем по времени начала)',
        querystring: FixationCategoryListQuery,
        response: { 200: FixationCategoryList, ...commonErrorResponses },
      },
    },
    (request) => categories.list(actorOf(request), request.query),
  );

  app.get(
    '/api/fixation/current/categories',
    {
      config: { access: CURRENT_CATEGORY_ROLES },
      schema: {
        tags,
        summary: 'Категории, в окно которых попадает текущее время организации',
        response: { 200: CurrentFixationCategories, ...commonErrorResponses },
      },
    },
    (request) => categories.current(actorOf(request)),
  );

  app.get(
    '/api/fixation/category/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Категория фиксации',
        params: IdParams,
        response: { 200: FixationCategory, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => categories.get(actorOf(request), request.params.id),
  );

  app.post(
    '/api/fixation/category',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Новая категория фиксации: время ЧЧ:ММ, окна категорий не пересекаются',
        body: FixationCategoryCreate,
        response: { 200: FixationCategory, ...commonErrorResponses },
      },
    },
    (request) => categories.create(actorOf(request), request.body),
  );

  app.put(
    '/api/fixation/category',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Изменение категории фиксации',
        body: FixationCategoryUpdate,
        response: { 200: FixationCategory, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => categories.update(actorOf(request), request.body),
  );

  app.delete(
    '/api/fixation/category/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Удаление категории фиксации (в архив: посещения сохраняются)',
        params: IdParams,
        response: { 200: Ok, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => categories.remove(actorOf(request), request.params.id),
  );
};
