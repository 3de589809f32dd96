import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrorResponses, ErrorBody } from '@tamaq/contract/errors';
import {
  CanteenFixationCreate,
  CanteenFixationListQuery,
  Fixation,
  FixationIdParams,
  FixationList,
  REPEAT_SCAN_WINDOW_MS,
  ScanRefusal,
  SchoolFixationCreate,
  SchoolFixationListQuery,
  SchoolFixationSubscribe,
  CanteenTodayQuery,
  SchoolPace,
  SchoolTodayQuery,
  TodayCount,
} from '@tamaq/contract/fixations';
import { LiveTicket, Ok } from '@tamaq/contract/common';
import { rolesFor } from '@tamaq/contract/routes';
import { actorOf } from '../../platform/auth/guard.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { ValidationError } from '../../platform/http/errors.ts';
import { asBuilt } from '../../platform/http/as-built.ts';
import { idempotencyKey } from '../../platform/http/idempotency.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createFixationsRepository } from './fixations.repository.ts';
import { createFixationsService, schoolChannel } from './fixations.service.ts';
import { createRepeatGuard } from './repeat-guard.ts';

const SCHOOL_SCREEN = rolesFor('/school/fixation');
const CANTEEN_SCREEN = rolesFor('/fixation');
// Spec 1 §6: the education admin may delete school visits; the kindergarten admin is theirs.
const SCHOOL_DELETE = ['EducationAdmin', 'EducationKindergartenAdmin'] as const;

export const fixationsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const repo = createFixationsRepository(platform.db);
  const service = createFixationsService({
    db: platform.db,
    repo,
    repeat: createRepeatGuard(platform.redis, REPEAT_SCAN_WINDOW_MS, () => platform.now().getTime()),
    now: platform.now,
    publish: (channel, message) => platform.realtime.publish(channel, message),
    onRecorded: () => platform.metrics.visitsRecorded.inc({ kind: 'scan' }),
  });
  const answers = { 200: Fixation, 404: ErrorBody, 409: ScanRefusal, ...commonErrorResponses };

  app.post(
    '/api/fixation',
    {
      config: { access: CANTEEN_SCREEN },
      serializerCompiler: asBuilt,
      schema: {
        tags: ['fixations'],
        summary: 'Записать посещение столовой по карте',
        body: CanteenFixationCreate,
        response: answers,
      },
    },
    (request) => service.recordCanteen(actorOf(request), request.body, idempotencyKey(request)),
  );

  app.post(
    '/api/school/fixation',
    {
      config: { access: SCHOOL_SCREEN },
      serializerCompiler: asBuilt,
      schema: {
        tags: ['fixations'],
        summary: 'Записать питание ученика по карте',
        body: SchoolFixationCreate,
        response: answers,
      },
    },
    (request) => service.recordSchool(actorOf(request), request.body, idempotencyKey(request)),
  );

  app.get(
    '/api/fixations',
    {
      config: { access: CANTEEN_SCREEN },
      schema: {
        tags: ['fixations'],
        summary: 'История посещений столовой',
        querystring: CanteenFixationListQuery,
        response: { 200: FixationList, ...commonErrorResponses },
      },
    },
    (request) => {
      const q = request.query;
      return service.list(
        {
          ...(q.canteenId ? { canteenId: q.canteenId } : {}),
          ...(q.fixationCategoryId ? { fixationCategoryId: q.fixationCategoryId } : {}),
          ...(q.query ? { query: q.query } : {}),
        },
        scopeFor(request),
        q,
      );
    },
  );

  app.get(
    '/api/school/fixations',
    {
      config: { access: SCHOOL_SCREEN },
      schema: {
        tags: ['fixations'],
        summary: 'Питание учеников школы',
        querystring: SchoolFixationListQuery,
        response: { 200: FixationList, ...commonErrorResponses },
      },
    },
    (request) => {
      const q = request.query;
      return service.list(
        { ...(q.schoolId ? { schoolId: q.schoolId } : {}), ...(q.query ? { query: q.query } : {}) },
        scopeFor(request),
        q,
      );
    },
  );

  app.get(
    '/api/fixation/today',
    {
      config: { access: CANTEEN_SCREEN },
      schema: {
        tags: ['fixations'],
        summary: 'Сегодня: сколько поели из тех, кому положено (столовая)',
        querystring: CanteenTodayQuery,
        response: { 200: TodayCount, ...commonErrorResponses },
      },
    },
    (request) => service.canteenToday(actorOf(request), request.query.canteenId),
  );

  app.get(
    '/api/school/fixation/today',
    {
      config: { access: SCHOOL_SCREEN },
      schema: {
        tags: ['fixations'],
        summary: 'Сегодня: сколько учеников поели из тех, кому положено',
        querystring: SchoolTodayQuery,
        response: { 200: TodayCount, ...commonErrorResponses },
      },
    },
    (request) => service.schoolToday(actorOf(request), request.query.schoolId),
  );

  app.get(
    '/api/school/fixation/pace',
    {
      config: { access: SCHOOL_SCREEN },
      schema: {
        tags: ['fixations'],
        summary: 'Темп очереди: сканов за минуту и за 10 минут, текущий класс и его время',
        querystring: SchoolTodayQuery,
        response: { 200: SchoolPace, ...commonErrorResponses },
      },
    },
    (request) => service.schoolPace(actorOf(request), request.query.schoolId),
  );

  app.delete(
    '/api/fixation/:id',
    {
      config: { access: CANTEEN_SCREEN },
      schema: {
        tags: ['fixations'],
        summary: 'Удалить посещение столовой',
        params: FixationIdParams,
        response: { 200: Ok, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    async (request) => {
      await service.remove(actorOf(request), request.params.id, 'canteen');
      return { success: true as const };
    },
  );

  app.delete(
    '/api/school/fixation/:id',
    {
      config: { access: SCHOOL_DELETE },
      schema: {
        tags: ['fixations'],
        summary: 'Удалить питание ученика',
        params: FixationIdParams,
        response: { 200: Ok, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    async (request) => {
      await service.remove(actorOf(request), request.params.id, 'school');
      return { success: true as const };
    },
  );

  app.post(
    '/api/school/fixation/subscribe',
    {
      config: { access: SCHOOL_SCREEN },
      schema: {
        tags: ['fixations'],
        summary: 'Подписка на живой список питания школы',
        body: SchoolFixationSubscribe,
        response: {
          200: LiveTicket,
          ...commonErrorResponses,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const school = await repo.school(request.body.schoolId, scopeFor(request));
      if (!school) throw ValidationError.field('schoolId', 'Школа не найдена');
      const channel = schoolChannel(school.id);
      return {
        channel,
        ticket: platform.tickets.issue(actor, channel),
        port: platform.config.wsPort,
        path: '/ws',
      };
    },
  );
};

const scopeFor = (request: FastifyRequest) => scopeOf(actorOf(request));
