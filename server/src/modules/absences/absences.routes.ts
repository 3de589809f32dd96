import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { actorOf, FILE_LINK } from '../../platform/auth/guard.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { readUpload, sendSheet, sendTemplate } from '../../platform/spreadsheet.ts';
import { requestLanguage } from '../../platform/http/answer-language.ts';
import { createAbsencesService } from './absences.service.ts';

export const absencesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const absences = createAbsencesService(platform);
  const e = ENDPOINTS.absences;
  bindEndpoint(app, e.list, (request) => absences.list(actorOf(request), request.query));
  bindEndpoint(app, e.save, (request) => absences.save(actorOf(request), request.body));
  bindEndpoint(
    app,
    e.upload,
    async (request) =>
      absences.importFile(actorOf(request), request.query, await readUpload(request), requestLanguage(request)),
    { heavy: true },
  );
  bindEndpoint(
    app,
    e.rejectedRows,
    async (request, reply) =>
      sendSheet(
        reply,
        await absences.rejectedRows(
          actorOf(request),
          request.query.schoolId,
          await readUpload(request),
          requestLanguage(request),
        ),
      ),
    { heavy: true },
  );
  bindEndpoint(app, e.template, async (_request, reply) => sendTemplate(reply, absences.template()), {
    tokenInQuery: FILE_LINK,
  });
};
