import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { actorOf, FILE_LINK } from '../../platform/auth/guard.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import { idempotencyKey } from '../../platform/http/idempotency.ts';
import { sendSheet } from '../../platform/spreadsheet.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createOrdersService } from './orders.service.ts';

/** The cashbox's data, placing and voiding an order, the cashier's day and the orders reports. */
export const ordersRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const service = createOrdersService(platform);
  const e = ENDPOINTS.orders;
  const asBuilt = { asBuilt: true };
  const file = { tokenInQuery: FILE_LINK, heavy: true };
  bindEndpoint(app, e.cashbox, (request) => service.cashbox(actorOf(request), request.query), asBuilt);
  bindEndpoint(
    app,
    e.create,
    (request) => service.create(actorOf(request), request.body, idempotencyKey(request)),
    asBuilt,
  );
  bindEndpoint(app, e.void, (request) => service.voidOrder(actorOf(request), request.params.id, request.body), asBuilt);
  bindEndpoint(app, e.day, (request) => service.day(actorOf(request), request.query), asBuilt);
  bindEndpoint(app, e.report, (request) => service.report(actorOf(request), request.query));
  bindEndpoint(app, e.dishSales, (request) => service.dishSales(actorOf(request), request.query));
  bindEndpoint(
    app,
    e.dishSalesDownload,
    async (request, reply) => {
      return sendSheet(reply, await service.dishSalesDownload(actorOf(request), request.query));
    },
    file,
  );
  bindEndpoint(
    app,
    e.download,
    async (request, reply) => {
      return sendSheet(reply, await service.download(actorOf(request), request.query));
    },
    file,
  );
};
