import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Classroom,
  ClassroomCreate,
  ClassroomDownloadQuery,
  ClassroomList,
  ClassroomListQuery,
  ClassroomPromote,
  ClassroomPromotion,
  ClassroomTemplateQuery,
  ClassroomUpdate,
  ClassroomUploadBody,
  ClassroomUploadQuery,
} from '@tamaq/contract/classrooms';
import { IdParams, Ok } from '@tamaq/contract/common';
import { ErrorBody, commonErrorResponses } from '@tamaq/contract/errors';
import { ImportResult } from '@tamaq/contract/imports';
import { rolesFor } from '@tamaq/contract/routes';
import { z } from '@tamaq/contract/zod';
import { actorOf, FILE_LINK } from '../../platform/auth/guard.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { readUpload, sendXlsx } from '../../platform/spreadsheet.ts';
import { createSchoolsService } from '../schools/schools.service.ts';
import { createClassroomsService } from './classrooms.service.ts';

const tags = ['classrooms'];
const ROLES = rolesFor('/classrooms');
/** Class pickers of other screens (users, pupils) are the super admin's too. */
const READ_ROLES = [...ROLES, 'SuperAdmin'] as const;
/** The list also feeds the school reports' class filter (the observer's too). */
const LIST_ROLES = [...new Set([...READ_ROLES, ...rolesFor('/report/school/fixations')])];
const xlsx = {
  description: 'Книга Excel (xlsx)',
  content: {
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
      schema: z.any().meta({ type: 'string', format: 'binary' }),
    },
  },
};

export const classroomsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const classrooms = createClassroomsService(platform, createSchoolsService(platform));

  app.get(
    '/api/classrooms',
    {
      config: { access: LIST_ROLES },
      schema: {
        tags,
        summary: 'Классы (группы): по школе, поиск по названию, естественный порядок (2 А до 10 А)',
        querystring: ClassroomListQuery,
        response: { 200: ClassroomList, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => classrooms.list(actorOf(request), request.query),
  );

  app.get(
    '/api/classroom/:id',
    {
      config: { access: READ_ROLES },
      schema: {
        tags,
        summary: 'Класс',
        params: IdParams,
        response: { 200: Classroom, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => classrooms.get(actorOf(request), request.params.id),
  );

  app.post(
    '/api/classroom',
    {
      config: { access: ROLES },
      schema: {
        tags,
        summary: 'Новый класс в школе',
        body: ClassroomCreate,
        response: { 200: Classroom, ...commonErrorResponses },
      },
    },
    (request) => classrooms.create(actorOf(request), request.body),
  );

  app.put(
    '/api/classroom',
    {
      config: { access: ROLES },
      schema: {
        tags,
        summary: 'Изменить класс (перенос в другую школу переносит и учеников)',
        body: ClassroomUpdate,
        response: { 200: Classroom, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => classrooms.update(actorOf(request), request.body),
  );

  app.delete(
    '/api/classroom/:id',
    {
      config: { access: ROLES },
      schema: {
        tags,
        summary: 'Удалить класс без учеников и истории питания',
        params: IdParams,
        response: { 200: Ok, 404: ErrorBody, 409: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => classrooms.remove(actorOf(request), request.params.id),
  );

  app.post(
    '/api/classrooms/promote',
    {
      config: { access: ROLES },
      schema: {
        tags,
        summary:
          'Перевод классов школы на следующий год: 2 А → 3 А, выпускные классы и их ученики в архив; check — только план',
        body: ClassroomPromote,
        response: { 200: ClassroomPromotion, 409: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => classrooms.promote(actorOf(request), request.body),
  );

  app.post(
    '/api/classroom/upload',
    {
      config: { access: ROLES, heavy: true },
      schema: {
        tags,
        summary: 'Импорт классов из Excel: всё или ничего, существующие названия пропускаются',
        consumes: ['multipart/form-data'],
        querystring: ClassroomUploadQuery,
        body: ClassroomUploadBody,
        response: { 200: ImportResult, 404: ErrorBody, 413: ErrorBody, ...commonErrorResponses },
      },
    },
    async (request) => classrooms.importFile(actorOf(request), request.query.schoolId, await readUpload(request)),
  );

  app.get(
    '/api/classrooms/template',
    {
      config: { access: ROLES, tokenInQuery: FILE_LINK },
      schema: {
        tags,
        summary: 'Шаблон импорта классов (xlsx); токен можно передать в ?token=',
        querystring: ClassroomTemplateQuery,
        response: { 200: xlsx, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const file = await classrooms.template(actorOf(request));
      return sendXlsx(reply, file.fileName, file.body);
    },
  );

  app.get(
    '/api/classrooms/download',
    {
      // The spec's client puts its session token in the pupil list's link.
      config: { access: ROLES, tokenInQuery: { session: true }, heavy: true },
      schema: {
        tags,
        summary: 'Классы школы в Excel: класс, учеников, дата создания; токен можно передать в ?token=',
        querystring: ClassroomDownloadQuery,
        response: { 200: xlsx, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const file = await classrooms.download(actorOf(request), request.query.schoolId);
      return sendXlsx(reply, file.fileName, file.body);
    },
  );
};
