import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrorResponses, ErrorBody } from '@tamaq/contract/errors';
import {
  isFlagOn,
  CanteenReportQuery,
  CategoryReport,
  ClassReportQuery,
  FixationReport,
  SchoolReportQuery,
  SchoolStatistics,
  StatisticsQuery,
  AnomalyQuery,
  AnomalyReport,
  WalletReport,
  WalletReportQuery,
} from '@tamaq/contract/reports';
import { rolesFor } from '@tamaq/contract/routes';
import { actorOf, type QueryToken } from '../../platform/auth/guard.ts';
import { asBuilt, sendJsonParts } from '../../platform/http/as-built.ts';
import { sendXlsxReport } from '../../platform/spreadsheet.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createReportsService } from './reports.service.ts';

/** The .xlsx of a report (`?export=1`) opens as a link; the spec's client puts its session token in it. */
const specExport: QueryToken = { session: true, file: (q) => isFlagOn(q.export) };
/** Ours: a download token only. */
const ownExport: QueryToken = { file: (q) => isFlagOn(q.export) };

const tags = ['reports'];

/**
 * Spec 2 §7 "Reports", as the spec names them. With `export` a report is its .xlsx (the same rows
 * and totals), and the token may ride in the query: the spec's client downloads by navigating.
 */
export const reportsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  // Reports run on the heavy pool: however many are built at once, scans keep the main pool.
  const service = createReportsService({ ...platform, db: platform.database.heavy });

  app.get(
    '/api/report/fixations',
    {
      serializerCompiler: asBuilt,
      config: { access: rolesFor('/report/fixations'), tokenInQuery: specExport, heavy: true },
      schema: {
        tags,
        summary: 'Отчёт столовой: люди × дни за период по категориям фиксации; export=1 — то же в Excel',
        querystring: CanteenReportQuery,
        response: { 200: FixationReport, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      if (!request.query.export) return service.canteen(actor, request.query);
      const file = await service.canteenXlsx(actor, request.query);
      return sendXlsxReport(reply, file.fileName, file.sheet);
    },
  );

  app.get(
    '/api/report/category/fixations',
    {
      serializerCompiler: asBuilt,
      config: { access: rolesFor('/report/category/fixations'), tokenInQuery: specExport, heavy: true },
      schema: {
        tags,
        summary: 'Отчёт по категориям: категории фиксации × дни за период; export=1 — то же в Excel',
        querystring: CanteenReportQuery,
        response: { 200: CategoryReport, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      if (!request.query.export) return service.byCategory(actor, request.query);
      const file = await service.byCategoryXlsx(actor, request.query);
      return sendXlsxReport(reply, file.fileName, file.sheet);
    },
  );

  app.get(
    '/api/report/school/fixations',
    {
      serializerCompiler: asBuilt,
      config: { access: rolesFor('/report/school/fixations'), tokenInQuery: specExport, heavy: true },
      schema: {
        tags,
        summary: 'Отчёт по школе: ученики × дни за период (школа в canteenId); export=1 — то же в Excel',
        querystring: SchoolReportQuery,
        response: { 200: FixationReport, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      if (!request.query.export) return sendJsonParts(reply, await service.schoolJson(actor, request.query));
      const file = await service.schoolXlsx(actor, request.query);
      return sendXlsxReport(reply, file.fileName, file.sheet);
    },
  );

  app.get(
    '/api/report/school/classrooms/fixations',
    {
      serializerCompiler: asBuilt,
      config: { access: rolesFor('/report/school/classroom/fixations'), tokenInQuery: specExport, heavy: true },
      schema: {
        tags,
        summary: 'Отчёт по классам: классы и категории питания × дни за период; export=1 — то же в Excel',
        querystring: ClassReportQuery,
        response: { 200: CategoryReport, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      if (!request.query.export) return service.byClass(actor, request.query);
      const file = await service.byClassXlsx(actor, request.query);
      return sendXlsxReport(reply, file.fileName, file.sheet);
    },
  );

  app.get(
    '/api/report/school/social-wallet',
    {
      serializerCompiler: asBuilt,
      config: { access: rolesFor('/report/school/social-wallet'), tokenInQuery: ownExport, heavy: true },
      schema: {
        tags,
        summary: 'Сверка социального кошелька за месяц: положено, получено, не получили, сумма; export=1 — Excel',
        querystring: WalletReportQuery,
        response: { 200: WalletReport, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      if (!request.query.export) return service.wallet(actor, request.query);
      const file = await service.walletXlsx(actor, request.query);
      return sendXlsxReport(reply, file.fileName, file.sheet);
    },
  );

  app.get(
    '/api/report/anomalies',
    {
      config: { access: rolesFor('/report/anomalies'), heavy: true },
      schema: {
        tags,
        summary:
          'Аномалии за период: карта в двух местах за 10 минут, визитов больше, чем учеников, ручные отметки вне времени питания',
        querystring: AnomalyQuery,
        response: { 200: AnomalyReport, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => service.anomalies(actorOf(request), request.query),
  );

  app.get(
    '/api/report/school/statistics',
    {
      config: { access: rolesFor('/report/school/statistics'), heavy: true },
      schema: {
        tags,
        summary: 'Статистика школ за период: родители, ученики, соцкошелёк, положено и выдано порций',
        querystring: StatisticsQuery,
        response: { 200: SchoolStatistics, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => service.statistics(actorOf(request), request.query),
  );
};
