import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { isFlagOn } from '@tamaq/contract/reports';
import { actorOf, type QueryToken } from '../../platform/auth/guard.ts';
import { sendJsonParts } from '../../platform/http/as-built.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import { sendXlsxReport } from '../../platform/spreadsheet.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createReportsService } from './reports.service.ts';

/** The .xlsx of a report (`?export=1`) opens as a link; the spec's client puts its session token in it. */
const specExport: QueryToken = { session: true, file: (q) => isFlagOn(q.export) };
/** Ours: a download token only. */
const ownExport: QueryToken = { file: (q) => isFlagOn(q.export) };

/**
 * The reports, as the spec names them. With `export` a report is its .xlsx (the same rows and
 * totals), and the token may ride in the query: the spec's client downloads by navigating.
 */
export const reportsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  // Reports run on the heavy pool: however many are built at once, scans keep the main pool.
  const service = createReportsService({ ...platform, db: platform.database.heavy });
  const e = ENDPOINTS.reports;
  const spec = { asBuilt: true, heavy: true, tokenInQuery: specExport };

  bindEndpoint(
    app,
    e.canteen,
    async (request, reply) => {
      const actor = actorOf(request);
      if (!request.query.export) return service.canteen(actor, request.query);
      const file = await service.canteenXlsx(actor, request.query);
      return sendXlsxReport(reply, file.fileName, file.sheet);
    },
    spec,
  );
  bindEndpoint(
    app,
    e.byCategory,
    async (request, reply) => {
      const actor = actorOf(request);
      if (!request.query.export) return service.byCategory(actor, request.query);
      const file = await service.byCategoryXlsx(actor, request.query);
      return sendXlsxReport(reply, file.fileName, file.sheet);
    },
    spec,
  );
  bindEndpoint(
    app,
    e.school,
    async (request, reply) => {
      const actor = actorOf(request);
      if (!request.query.export) return sendJsonParts(reply, await service.schoolJson(actor, request.query));
      const file = await service.schoolXlsx(actor, request.query);
      return sendXlsxReport(reply, file.fileName, file.sheet);
    },
    spec,
  );
  bindEndpoint(
    app,
    e.byClass,
    async (request, reply) => {
      const actor = actorOf(request);
      if (!request.query.export) return service.byClass(actor, request.query);
      const file = await service.byClassXlsx(actor, request.query);
      return sendXlsxReport(reply, file.fileName, file.sheet);
    },
    spec,
  );
  bindEndpoint(
    app,
    e.wallet,
    async (request, reply) => {
      const actor = actorOf(request);
      if (!request.query.export) return service.wallet(actor, request.query);
      const file = await service.walletXlsx(actor, request.query);
      return sendXlsxReport(reply, file.fileName, file.sheet);
    },
    { asBuilt: true, heavy: true, tokenInQuery: ownExport },
  );
  bindEndpoint(app, e.anomalies, (request) => service.anomalies(actorOf(request), request.query), { heavy: true });
  bindEndpoint(app, e.statistics, (request) => service.statistics(actorOf(request), request.query), { heavy: true });
};
