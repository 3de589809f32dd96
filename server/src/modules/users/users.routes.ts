import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { idempotencyKey } from '../../platform/http/idempotency.ts';
import { actorOf, FILE_LINK } from '../../platform/auth/guard.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { requestLanguage } from '../../platform/http/answer-language.ts';
import { readUpload, sendSheet, sendTemplate, sendXlsxReport } from '../../platform/spreadsheet.ts';
import { createUsersCategoryService } from './users-category.service.ts';
import { createUsersExportService } from './users-export.service.ts';
import { createUsersImportService } from './users-import.service.ts';
import { createUsersService } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const users = createUsersService(platform);
  // Imports and exports run on the heavy pool, one per user at a time (`heavy` routes).
  const heavy = { ...platform, db: platform.database.heavy };
  const imports = createUsersImportService(heavy);
  const exports = createUsersExportService(heavy);
  const categories = createUsersCategoryService(platform);
  const e = ENDPOINTS.users;

  bindEndpoint(app, e.list, (request) => users.list(actorOf(request), request.query));
  bindEndpoint(
    app,
    e.template,
    async (request, reply) => sendTemplate(reply, await imports.template(actorOf(request), request.query)),
    { tokenInQuery: FILE_LINK },
  );
  bindEndpoint(
    app,
    e.upload,
    async (request) =>
      imports.import(actorOf(request), request.query, await readUpload(request), requestLanguage(request)),
    { heavy: true },
  );
  bindEndpoint(
    app,
    e.rejectedRows,
    async (request, reply) =>
      sendSheet(
        reply,
        await imports.rejectedRows(
          actorOf(request),
          request.query,
          await readUpload(request),
          requestLanguage(request),
        ),
      ),
    { heavy: true },
  );
  bindEndpoint(
    app,
    e.export,
    async (request, reply) => {
      const file = await exports.pupils(actorOf(request), request.query);
      return sendXlsxReport(reply, file.fileName, file.sheet);
    },
    { tokenInQuery: FILE_LINK, heavy: true },
  );
  bindEndpoint(app, e.setFoodCategory, (request) => categories.set(actorOf(request), request.body));
  bindEndpoint(app, e.get, (request) => users.get(actorOf(request), request.params.id));
  bindEndpoint(app, e.create, (request) => users.create(actorOf(request), request.body, idempotencyKey(request)));
  bindEndpoint(app, e.update, (request) => users.update(actorOf(request), request.body));
  bindEndpoint(app, e.remove, (request) => users.remove(actorOf(request), request.params.id));
};
