import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, Ok } from '@tamaq/contract/common';
import {
  DishCategory,
  DishCategoryCreate,
  DishCategoryList,
  DishCategoryListQuery,
  DishCategoryUpdate,
} from '@tamaq/contract/dishes';
import { commonErrorResponses, ErrorBody } from '@tamaq/contract/errors';
import { rolesFor } from '@tamaq/contract/routes';
import { actorOf } from '../../platform/auth/guard.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createDishCategoriesService } from './dish-categories.service.ts';

const tags = ['dishes'];
const access = rolesFor('/categories');

/** Spec 2 §7 "Dish categories and dishes": the category calls, paths as the spec writes them. */
export const dishCategoriesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const categories = createDishCategoriesService(platform);

  app.get(
    '/api/categories',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Категории блюд',
        querystring: DishCategoryListQuery,
        response: { 200: DishCategoryList, ...commonErrorResponses },
      },
    },
    (request) => categories.list(actorOf(request), request.query),
  );

  app.get(
    '/api/category/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Категория блюд',
        params: IdParams,
        response: { 200: DishCategory, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => categories.get(actorOf(request), request.params.id),
  );

  app.post(
    '/api/category',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Новая категория блюд (в организации вызывающего)',
        body: DishCategoryCreate,
        response: { 200: DishCategory, ...commonErrorResponses },
      },
    },
    (request) => categories.create(actorOf(request), request.body),
  );

  app.put(
    '/api/category',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Изменение категории блюд',
        body: DishCategoryUpdate,
        response: { 200: DishCategory, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => categories.update(actorOf(request), request.body),
  );

  app.delete(
    '/api/category/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Удаление категории блюд (в архив); отказ 409, пока в ней есть блюда',
        params: IdParams,
        response: { 200: Ok, 404: ErrorBody, 409: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => categories.remove(actorOf(request), request.params.id),
  );
};
