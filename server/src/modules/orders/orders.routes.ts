import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrorResponses, ErrorBody } from '@tamaq/contract/errors';
import {
  Cashbox,
  CashboxQuery,
  CashierDay,
  CashierDayQuery,
  DishSales,
  DishSalesDownloadQuery,
  DishSalesQuery,
  Order,
  OrderCreate,
  OrderDishesGone,
  OrderPricesChanged,
  OrderVoid,
  OrdersDownloadQuery,
  OrdersQuery,
  OrdersReport,
} from '@tamaq/contract/orders';
import { id, z } from '@tamaq/contract/zod';
import { rolesFor } from '@tamaq/contract/routes';
import { asBuilt } from '../../platform/http/as-built.ts';
import { actorOf, FILE_LINK } from '../../platform/auth/guard.ts';
import { idempotencyKey } from '../../platform/http/idempotency.ts';
import { sendXlsx } from '../../platform/spreadsheet.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createOrdersService } from './orders.service.ts';

const tags = ['orders'];
const xlsx = {
  description: 'Книга Excel (xlsx)',
  content: {
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
      schema: z.any().meta({ type: 'string', format: 'binary' }),
    },
  },
};

/** Spec 2 §7: the cashbox's data, placing an order, and the orders report, as the spec names them. */
export const ordersRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const service = createOrdersService(platform);

  app.get(
    '/api/products/cashbox',
    {
      config: { access: rolesFor('/cashbox') },
      serializerCompiler: asBuilt,
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
      serializerCompiler: asBuilt,
      schema: {
        tags,
        summary:
          'Заказ на кассе: цены считает сервер, cost строки — цена, которую видел кассир (иначе 409 с ценами); Idempotency-Key — один заказ на повтор',
        body: OrderCreate,
        response: { 200: Order, 404: OrderDishesGone, 409: OrderPricesChanged, ...commonErrorResponses },
      },
    },
    (request) => service.create(actorOf(request), request.body, idempotencyKey(request)),
  );

  app.post(
    '/api/orders/:id/void',
    {
      config: { access: rolesFor('/cashbox') },
      serializerCompiler: asBuilt,
      schema: {
        tags,
        summary:
          'Отмена заказа с причиной: администратор — любой заказ, кассир — свой в день продажи; заказ остаётся в списке, но не в итогах',
        params: z.object({ id: id() }),
        body: OrderVoid,
        response: { 200: Order, 404: ErrorBody, 409: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => service.voidOrder(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/orders/day',
    {
      config: { access: rolesFor('/cashbox') },
      serializerCompiler: asBuilt,
      schema: {
        tags,
        summary:
          'Кассовый день: заказы дня (и отменённые), по кассирам, наличные к сдаче; кассир видит свои, администратор — любого кассира',
        querystring: CashierDayQuery,
        response: { 200: CashierDay, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => service.day(actorOf(request), request.query),
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

  app.get(
    '/api/orders/dishes',
    {
      config: { access: rolesFor('/orders') },
      schema: {
        tags,
        summary: 'Продажи по блюдам за период: порции, заказы, сумма (без отменённых заказов)',
        querystring: DishSalesQuery,
        response: { 200: DishSales, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => service.dishSales(actorOf(request), request.query),
  );

  app.get(
    '/api/orders/dishes/download',
    {
      config: { access: rolesFor('/orders'), tokenInQuery: FILE_LINK, heavy: true },
      schema: {
        tags,
        summary: 'Продажи по блюдам в Excel; токен можно передать в ?token=',
        querystring: DishSalesDownloadQuery,
        response: { 200: xlsx, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const file = await service.dishSalesDownload(actorOf(request), request.query);
      return sendXlsx(reply, file.fileName, file.body);
    },
  );

  app.get(
    '/api/orders/download',
    {
      config: { access: rolesFor('/orders'), tokenInQuery: FILE_LINK, heavy: true },
      schema: {
        tags,
        summary: 'Отчёт по заказам в Excel: те же заказы и итоги; токен можно передать в ?token=',
        querystring: OrdersDownloadQuery,
        response: { 200: xlsx, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const file = await service.download(actorOf(request), request.query);
      return sendXlsx(reply, file.fileName, file.body);
    },
  );
};
