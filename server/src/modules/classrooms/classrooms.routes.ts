import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { actorOf, FILE_LINK } from '../../platform/auth/guard.ts';
import { requestLanguage } from '../../platform/http/answer-language.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { readUpload, sendSheet, sendTemplate } from '../../platform/spreadsheet.ts';
import { createSchoolsService } from '../schools/schools.service.ts';
import { createClassroomsService } from './classrooms.service.ts';

export const classroomsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const classrooms = createClassroomsService(platform, createSchoolsService(platform));
  const e = ENDPOINTS.classrooms;

  bindEndpoint(app, e.list, (request) => classrooms.list(actorOf(request), request.query));
  bindEndpoint(app, e.get, (request) => classrooms.get(actorOf(request), request.params.id));
  bindEndpoint(app, e.create, (request) => classrooms.create(actorOf(request), request.body));
  bindEndpoint(app, e.update, (request) => classrooms.update(actorOf(request), request.body));
  bindEndpoint(app, e.remove, (request) => classrooms.remove(actorOf(request), request.params.id));
  bindEndpoint(app, e.promote, (request) => classrooms.promote(actorOf(request), request.body));
  bindEndpoint(
    app,
    e.upload,
    async (request) =>
      classrooms.importFile(actorOf(request), request.query, await readUpload(request), requestLanguage(request)),
    { heavy: true },
  );
  bindEndpoint(
    app,
    e.rejectedRows,
    async (request, reply) =>
      sendSheet(
        reply,
        await classrooms.rejectedRows(
          actorOf(request),
          request.query.schoolId,
          await readUpload(request),
          requestLanguage(request),
        ),
      ),
    { heavy: true },
  );
  bindEndpoint(
    app,
    e.template,
    async (request, reply) => {
      return sendTemplate(reply, await classrooms.template(actorOf(request)));
    },
    { tokenInQuery: FILE_LINK },
  );
  bindEndpoint(
    app,
    e.download,
    async (request, reply) => {
      return sendSheet(reply, await classrooms.download(actorOf(request), request.query.schoolId));
    },
    // The spec's client puts its session token in the pupil list's link.
    { tokenInQuery: { session: true }, heavy: true },
  );
};
