import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrorResponses, ErrorBody } from '@tamaq/contract/errors';
import { Cashbox, CashboxQuery, Order, OrderCreate, OrdersQuery, OrdersReport } from '@tamaq/contract/orders';
import { rolesFor } from '@tamaq/contract/routes';
import { actorOf } from '../../platform/auth/guard.ts';
import { idempotencyKey } from '../../platform/http/idempotency.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createOrdersService } from './orders.service.ts';

const tags = ['orders'];

/** Spec 2 §7: the cashbox's data, placing an order, and the orders report, as the spec names them. */
export const ordersRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const service = createOrdersService(platform);

  app.get(
    '/api/products/cashbox',
    {
      config: { access: rolesFor('/cashbox') },
      schema: {
        tags,
        summary: 'Касса: избранное школы за 30 дней и платное меню сегодняшнего дня по категориям',
        querystring: CashboxQuery,
        response: { 200: Cashbox, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => service.cashbox(actorOf(request), request.query),
  );

  app.post(
    '/api/order',
    {
      config: { access: rolesFor('/cashbox') },
      schema: {
        tags,
        summary: 'Заказ на кассе: цены считает сервер; Idempotency-Key — один заказ на повтор',
        body: OrderCreate,
        response: { 200: Order, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => service.create(actorOf(request), request.body, idempotencyKey(request)),
  );

  app.get(
    '/api/orders',
    {
      config: { access: rolesFor('/orders') },
      schema: {
        tags,
        summary: 'Отчёт по заказам за период (по 10): заказы, сумма, продано блюд',
        querystring: OrdersQuery,
        response: { 200: OrdersReport, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => service.report(actorOf(request), request.query),
  );
};
