import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Ok } from '@tamaq/contract/common';
import { ErrorBody, commonErrorResponses } from '@tamaq/contract/errors';
import type { Role } from '@tamaq/contract/roles';
import { rolesFor } from '@tamaq/contract/routes';
import {
  School,
  SchoolCreate,
  SchoolIdParams,
  SchoolList,
  SchoolListQuery,
  SchoolSettings,
  SchoolUpdate,
} from '@tamaq/contract/schools';
import { actorOf } from '../../platform/auth/guard.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createSchoolsService } from './schools.service.ts';

const tags = ['schools'];

/** Many screens pick a school (fixation, cashbox, reports, library): all of them may read the list. */
export const SCHOOL_READ_ROLES: readonly Role[] = [
  'EducationAdmin',
  'EducationKindergartenAdmin',
  'EducationSocialTeacher',
  'EducationCashier',
  'EducationObserver',
  'EducationLibrarian',
  'SuperAdmin',
];
const WRITE_ROLES = rolesFor('/school/create');

export const schoolsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const schools = createSchoolsService(platform);

  app.get(
    '/api/schools',
    {
      config: { access: SCHOOL_READ_ROLES },
      schema: {
        tags,
        summary: 'Школы (детские сады) организации: поиск по названию, номеру, городу и адресу',
        querystring: SchoolListQuery,
        response: { 200: SchoolList, ...commonErrorResponses },
      },
    },
    (request) => schools.list(actorOf(request), request.query),
  );

  app.get(
    '/api/school/:id',
    {
      config: { access: SCHOOL_READ_ROLES },
      schema: {
        tags,
        summary: 'Школа',
        params: SchoolIdParams,
        response: { 200: School, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => schools.get(actorOf(request), request.params.id),
  );

  app.get(
    '/api/school/:id/settings',
    {
      config: { access: rolesFor('/school/:id/settings') },
      schema: {
        tags,
        summary: 'Настройки подключения турникета школы (только чтение)',
        params: SchoolIdParams,
        response: { 200: SchoolSettings, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => schools.settings(actorOf(request), request.params.id),
  );

  app.post(
    '/api/school',
    {
      config: { access: WRITE_ROLES },
      schema: {
        tags,
        summary: 'Новая школа в своей организации',
        body: SchoolCreate,
        response: { 200: School, ...commonErrorResponses },
      },
    },
    (request) => schools.create(actorOf(request), request.body),
  );

  app.put(
    '/api/school',
    {
      config: { access: WRITE_ROLES },
      schema: {
        tags,
        summary: 'Изменить школу',
        body: SchoolUpdate,
        response: { 200: School, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => schools.update(actorOf(request), request.body),
  );

  app.delete(
    '/api/school/:id',
    {
      config: { access: WRITE_ROLES },
      schema: {
        tags,
        summary: 'Удалить школу без классов, пользователей и истории питания',
        params: SchoolIdParams,
        response: { 200: Ok, 404: ErrorBody, 409: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => schools.remove(actorOf(request), request.params.id),
  );
};
