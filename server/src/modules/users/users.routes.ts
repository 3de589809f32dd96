import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Ok } from '@tamaq/contract/common';
import { commonErrorResponses, ErrorBody } from '@tamaq/contract/errors';
import type { Role } from '@tamaq/contract/roles';
import { rolesFor } from '@tamaq/contract/routes';
import {
  BulkFoodCategory,
  BulkFoodCategoryResult,
  User,
  UserCreate,
  UserExportQuery,
  UserIdParams,
  UserImportResult,
  UserList,
  UserListQuery,
  UserTemplateQuery,
  UserUpdate,
  UserUploadBody,
  UserUploadQuery,
  USER_MESSAGES,
} from '@tamaq/contract/users';
import { z } from '@tamaq/contract/zod';
import { idempotencyKey } from '../../platform/http/idempotency.ts';
import { actorOf, FILE_LINK } from '../../platform/auth/guard.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { readUpload, sendXlsx, sendXlsxReport } from '../../platform/spreadsheet.ts';
import { createUsersCategoryService } from './users-category.service.ts';
import { createUsersExportService } from './users-export.service.ts';
import { createUsersImportService } from './users-import.service.ts';
import { createUsersService } from './users.service.ts';

const tags = ['users'];

/** The screens that call these endpoints: the users list, a class's pupils and the pupils list. */
const access: readonly Role[] = [
  ...new Set([...rolesFor('/users'), ...rolesFor('/classroom/:classroomId/users'), ...rolesFor('/pupils')]),
];

const errors = { ...commonErrorResponses, 404: ErrorBody };
const xlsx = z.any().meta({ type: 'string', format: 'binary' });

export const usersRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const users = createUsersService(platform);
  // Imports and exports run on the heavy pool, one per user at a time (`heavy` routes).
  const heavy = { ...platform, db: platform.database.heavy };
  const imports = createUsersImportService(heavy);
  const exports = createUsersExportService(heavy);
  const categories = createUsersCategoryService(platform);

  app.get(
    '/api/users',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Пользователи и ученики: поиск по ФИО, должности, ИИН или номеру карты',
        querystring: UserListQuery,
        response: { 200: UserList, ...errors },
      },
    },
    (request) => users.list(actorOf(request), request.query),
  );

  app.get(
    '/api/users/template',
    {
      config: { access, tokenInQuery: FILE_LINK },
      schema: {
        tags,
        summary: 'Шаблон импорта пользователей (xlsx); токен можно передать в ?token=',
        querystring: UserTemplateQuery,
        response: {
          200: {
            description: 'Таблица со столбцами импорта и строкой-примером',
            content: { 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: xlsx } },
          },
          ...commonErrorResponses,
        },
      },
    },
    async (request, reply) =>
      sendXlsx(reply, USER_MESSAGES.imports.templateFile, await imports.template(actorOf(request), request.query)),
  );

  app.post(
    '/api/users/upload',
    {
      config: { access, heavy: true },
      schema: {
        tags,
        summary: 'Импорт пользователей и учеников из Excel: всё или ничего, повторная загрузка обновляет по ИИН',
        consumes: ['multipart/form-data'],
        querystring: UserUploadQuery,
        body: UserUploadBody,
        response: { 200: UserImportResult, 413: ErrorBody, ...errors },
      },
    },
    async (request) => imports.import(actorOf(request), request.query, await readUpload(request)),
  );

  app.get(
    '/api/users/export',
    {
      config: { access, tokenInQuery: FILE_LINK, heavy: true },
      schema: {
        tags,
        summary: 'Ученики школы или класса в Excel (ссылка: токен в параметре token)',
        querystring: UserExportQuery,
        response: { 200: xlsx, ...errors },
      },
    },
    async (request, reply) => {
      const file = await exports.pupils(actorOf(request), request.query);
      return sendXlsxReport(reply, file.fileName, file.sheet);
    },
  );

  app.post(
    '/api/users/food-category',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Категория питания для многих учеников сразу (check: true — только показать, что изменится)',
        body: BulkFoodCategory,
        response: { 200: BulkFoodCategoryResult, ...errors },
      },
    },
    (request) => categories.set(actorOf(request), request.body),
  );

  app.get(
    '/api/user/:id',
    {
      config: { access },
      schema: { tags, summary: 'Пользователь', params: UserIdParams, response: { 200: User, ...errors } },
    },
    (request) => users.get(actorOf(request), request.params.id),
  );

  app.post(
    '/api/user',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Создать пользователя или ученика',
        body: UserCreate,
        response: { 200: User, ...errors },
      },
    },
    (request) => users.create(actorOf(request), request.body, idempotencyKey(request)),
  );

  app.put(
    '/api/user',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Изменить пользователя: не переданные поля не меняются, null очищает',
        body: UserUpdate,
        response: { 200: User, ...errors },
      },
    },
    (request) => users.update(actorOf(request), request.body),
  );

  app.delete(
    '/api/user/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Удалить пользователя (архив: история питания сохраняет имя, карты отвязываются)',
        params: UserIdParams,
        response: { 200: Ok, 409: ErrorBody, ...errors },
      },
    },
    (request) => users.remove(actorOf(request), request.params.id),
  );
};
