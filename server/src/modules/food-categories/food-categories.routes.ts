import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, Ok } from '@tamaq/contract/common';
import { commonErrorResponses, ErrorBody } from '@tamaq/contract/errors';
import {
  FOOD_CATEGORY_LIST_ROLES,
  FoodCategory,
  FoodCategoryCreate,
  FoodCategoryList,
  FoodCategoryListQuery,
  FoodCategoryUpdate,
} from '@tamaq/contract/food-categories';
import { rolesFor } from '@tamaq/contract/routes';
import { actorOf } from '../../platform/auth/guard.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createFoodCategoriesService } from './food-categories.service.ts';

const tags = ['food-categories'];
const access = rolesFor('/food/categories');

export const foodCategoriesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const categories = createFoodCategoriesService(platform);

  app.get(
    '/api/food/categories',
    {
      config: { access: FOOD_CATEGORY_LIST_ROLES },
      schema: {
        tags,
        summary: 'Категории питания: стоимость в день (тг.) и тип (sw — социальный кошелёк)',
        querystring: FoodCategoryListQuery,
        response: { 200: FoodCategoryList, ...commonErrorResponses },
      },
    },
    (request) => categories.list(actorOf(request), request.query),
  );

  app.get(
    '/api/food/category/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Категория питания',
        params: IdParams,
        response: { 200: FoodCategory, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => categories.get(actorOf(request), request.params.id),
  );

  app.post(
    '/api/food/category',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Новая категория питания: cost — число или строка, не больше 2 знаков после запятой',
        body: FoodCategoryCreate,
        response: { 200: FoodCategory, ...commonErrorResponses },
      },
    },
    (request) => categories.create(actorOf(request), request.body),
  );

  app.put(
    '/api/food/category',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Изменение категории питания; смена типа переносит даты социального кошелька учеников',
        body: FoodCategoryUpdate,
        response: { 200: FoodCategory, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => categories.update(actorOf(request), request.body),
  );

  app.delete(
    '/api/food/category/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Удаление категории питания (в архив); отказ 409, пока она назначена ученикам',
        params: IdParams,
        response: { 200: Ok, 404: ErrorBody, 409: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => categories.remove(actorOf(request), request.params.id),
  );
};
