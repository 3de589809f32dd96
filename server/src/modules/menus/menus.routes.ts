import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, Ok } from '@tamaq/contract/common';
import { commonErrorResponses, ErrorBody } from '@tamaq/contract/errors';
import {
  Menu,
  MenuCopy,
  MenuCreate,
  MenuDayCopy,
  MenuDishesAdd,
  MenuDishRemove,
  MenuList,
  MenuListQuery,
  MenuUpdate,
} from '@tamaq/contract/menus';
import { rolesFor } from '@tamaq/contract/routes';
import { actorOf } from '../../platform/auth/guard.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createMenusService } from './menus.service.ts';

const tags = ['menus'];
const access = rolesFor('/menus');

/** Spec 2 §7 "Menus and activated menus": the menu calls, paths and names as the spec writes them. */
export const menusRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const menus = createMenusService(platform);
  const one = { 200: Menu, 404: ErrorBody, ...commonErrorResponses };

  app.get(
    '/api/menus',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Меню',
        querystring: MenuListQuery,
        response: { 200: MenuList, ...commonErrorResponses },
      },
    },
    (request) => menus.list(actorOf(request), request.query),
  );

  app.get(
    '/api/menu/:id',
    {
      config: { access },
      schema: { tags, summary: 'Меню с блюдами по дням и режимам', params: IdParams, response: one },
    },
    (request) => menus.get(actorOf(request), request.params.id),
  );

  app.post(
    '/api/menu',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Новое меню: название, дни (1–366), режимы питания "1,3"',
        body: MenuCreate,
        response: { 200: Menu, ...commonErrorResponses },
      },
    },
    (request) => menus.create(actorOf(request), request.body),
  );

  app.put(
    '/api/menu',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Изменение меню (блюда убранных дней и режимов удаляются)',
        body: MenuUpdate,
        response: one,
      },
    },
    (request) => menus.update(actorOf(request), request.body),
  );

  app.delete(
    '/api/menu/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Удаление меню; отказ 409, пока оно активировано',
        params: IdParams,
        response: { 200: Ok, 404: ErrorBody, 409: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => menus.remove(actorOf(request), request.params.id),
  );

  app.post(
    '/api/menu/:id/copy',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Копия меню под новым названием: те же дни, режимы и блюда',
        params: IdParams,
        body: MenuCopy,
        response: one,
      },
    },
    (request) => menus.copy(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/menu/:id/days/copy',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Блюда одного дня (все режимы) в другие дни меню: добавить или заменить (replace)',
        params: IdParams,
        body: MenuDayCopy,
        response: one,
      },
    },
    (request) => menus.copyDay(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/menu/product',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Блюда в день и режим меню: product_id или product_ids',
        body: MenuDishesAdd,
        response: one,
      },
    },
    (request) => menus.addDishes(actorOf(request), request.body),
  );

  app.put(
    '/api/menu/product',
    {
      config: { access },
      schema: { tags, summary: 'Убрать блюдо из дня и режима меню', body: MenuDishRemove, response: one },
    },
    (request) => menus.removeDish(actorOf(request), request.body),
  );
};
