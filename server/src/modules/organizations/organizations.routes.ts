import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrorResponses, ErrorBody } from '@tamaq/contract/errors';
import { IdParams } from '@tamaq/contract/common';
import {
  Organization,
  OrganizationCreate,
  OrganizationList,
  OrganizationListQuery,
  OrganizationUpdate,
} from '@tamaq/contract/organizations';
import { rolesFor } from '@tamaq/contract/routes';
import { actorOf } from '../../platform/auth/guard.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createOrganizationsService } from './organizations.service.ts';

const tags = ['organizations'];

export const organizationsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const organizations = createOrganizationsService(platform);

  app.get(
    '/api/organizations',
    {
      config: { access: rolesFor('/organizations') },
      schema: {
        tags,
        summary: 'Организации: поиск по названию и БИН',
        querystring: OrganizationListQuery,
        response: { 200: OrganizationList, ...commonErrorResponses },
      },
    },
    (request) => organizations.list(request.query),
  );

  app.get(
    '/api/organization/:id',
    {
      config: { access: rolesFor('/organization/:id') },
      schema: {
        tags,
        summary: 'Организация',
        params: IdParams,
        response: { 200: Organization, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => organizations.get(request.params.id),
  );

  app.post(
    '/api/organization',
    {
      config: { access: rolesFor('/organization/create') },
      schema: {
        tags,
        summary: 'Новая организация вместе с её администратором',
        body: OrganizationCreate,
        response: { 200: Organization, ...commonErrorResponses },
      },
    },
    (request) => organizations.create(actorOf(request), request.body),
  );

  app.put(
    '/api/organization',
    {
      config: { access: rolesFor('/organization/:id') },
      schema: {
        tags,
        summary: 'Изменение организации (тип не меняется); отключение завершает сеансы её пользователей',
        body: OrganizationUpdate,
        response: { 200: Organization, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => organizations.update(actorOf(request), request.body),
  );
};
