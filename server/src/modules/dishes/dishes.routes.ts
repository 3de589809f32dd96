import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, Ok } from '@tamaq/contract/common';
import { Dish, DishCreate, DishList, DishListQuery, DishMenus, DishUpdate } from '@tamaq/contract/dishes';
import { commonErrorResponses, ErrorBody } from '@tamaq/contract/errors';
import { rolesFor } from '@tamaq/contract/routes';
import { actorOf } from '../../platform/auth/guard.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createDishesService } from './dishes.service.ts';

const tags = ['dishes'];
const access = rolesFor('/products/:categoryId');

/** Spec 2 §7 "Dish categories and dishes": the dish calls, paths as the spec writes them. */
export const dishesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const dishes = createDishesService(platform);

  app.get(
    '/api/products',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Блюда (по категории: categoryId; поиск по названию: query)',
        querystring: DishListQuery,
        response: { 200: DishList, ...commonErrorResponses },
      },
    },
    (request) => dishes.list(actorOf(request), request.query),
  );

  app.get(
    '/api/product/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Блюдо',
        params: IdParams,
        response: { 200: Dish, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => dishes.get(actorOf(request), request.params.id),
  );

  app.get(
    '/api/product/:id/menus',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Меню, в которых есть блюдо (спрашивается перед удалением)',
        params: IdParams,
        response: { 200: DishMenus, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => dishes.menus(actorOf(request), request.params.id),
  );

  app.post(
    '/api/product',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Новое блюдо (цена в тенге, точно: "450.50")',
        body: DishCreate,
        response: { 200: Dish, ...commonErrorResponses },
      },
    },
    (request) => dishes.create(actorOf(request), request.body),
  );

  app.put(
    '/api/product',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Изменение блюда',
        body: DishUpdate,
        response: { 200: Dish, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => dishes.update(actorOf(request), request.body),
  );

  app.delete(
    '/api/product/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Удаление блюда (в архив: меню и заказы хранят ссылку)',
        params: IdParams,
        response: { 200: Ok, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => dishes.remove(actorOf(request), request.params.id),
  );
};
