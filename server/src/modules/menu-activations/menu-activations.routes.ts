import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Ok } from '@tamaq/contract/common';
import { commonErrorResponses, ErrorBody } from '@tamaq/contract/errors';
import {
  ActivatedMenu,
  ActivatedMenuList,
  ActivatedMenuListQuery,
  MenuActivate,
  MenuActivationRemove,
} from '@tamaq/contract/menu-activations';
import { rolesFor } from '@tamaq/contract/routes';
import { actorOf } from '../../platform/auth/guard.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createMenuActivationsService } from './menu-activations.service.ts';

const tags = ['menus'];
const access = rolesFor('/activated/menus');

/** Spec 2 §7 "Menus and activated menus": the activation calls, paths and names as the spec writes them. */
export const menuActivationsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const activations = createMenuActivationsService(platform);

  app.get(
    '/api/activated/menus',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Активированные меню (новые сверху); today_day — день меню сегодня',
        querystring: ActivatedMenuListQuery,
        response: { 200: ActivatedMenuList, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => activations.list(actorOf(request), request.query),
  );

  app.post(
    '/api/activated/menu/activate',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Активировать меню для школы с даты: free_food или paid_food',
        body: MenuActivate,
        response: { 200: ActivatedMenu, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => activations.activate(actorOf(request), request.body),
  );

  app.put(
    '/api/activated/menu/remove',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Снять активацию',
        body: MenuActivationRemove,
        response: { 200: Ok, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => activations.remove(actorOf(request), request.body),
  );
};
