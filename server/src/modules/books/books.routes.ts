import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { BookUploadQuery } from '@tamaq/contract/library';
import { actorOf, FILE_LINK } from '../../platform/auth/guard.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createSchoolsService } from '../schools/schools.service.ts';
import { readUploadParts, sendSheet, sendTemplate } from '../../platform/spreadsheet.ts';
import { requestLanguage } from '../../platform/http/answer-language.ts';
import { createBooksImport, createImportLabels } from './books-import.ts';
import { createBooksService } from './books.service.ts';

/** The library's books, their copies and histories, the import and its labels. */
export const booksRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const schools = createSchoolsService(platform);
  const books = createBooksService(platform, schools);
  // The import runs on the heavy pool, one per user at a time.
  const importer = createBooksImport(platform.database.heavy, schools);
  const importLabels = createImportLabels(platform.database.db, schools);
  const e = ENDPOINTS.books;

  bindEndpoint(app, e.list, (request) => books.list(actorOf(request), request.query));
  bindEndpoint(app, e.get, (request) => books.get(actorOf(request), request.params.id));
  bindEndpoint(app, e.create, (request) => books.create(actorOf(request), request.body));
  bindEndpoint(app, e.update, (request) => books.update(actorOf(request), request.body));
  bindEndpoint(app, e.remove, (request) => books.remove(actorOf(request), request.params.id));
  bindEndpoint(app, e.generateCopies, (request) => books.generate(actorOf(request), request.body));
  bindEndpoint(app, e.addCopy, (request) => books.addBarcode(actorOf(request), request.body));
  bindEndpoint(app, e.removeCopy, (request) => books.removeBarcode(actorOf(request), request.params.id));
  bindEndpoint(app, e.removeCopies, (request) => books.removeBarcodes(actorOf(request), request.body));
  bindEndpoint(app, e.history, (request) => books.history(actorOf(request), request.body));
  bindEndpoint(
    app,
    e.upload,
    async (request) => {
      const { file, fields } = await readUploadParts(request);
      // The spec sends `school_id` in the form; the shared import button sends it in the query.
      const fromForm = BookUploadQuery.safeParse({ school_id: fields.school_id });
      const schoolId = request.query.school_id ?? (fromForm.success ? fromForm.data.school_id : undefined);
      return importer.importFile(
        actorOf(request),
        schoolId,
        file,
        { copies: request.query.confirm_copies, plan: request.query.confirm_plan },
        request.query,
        requestLanguage(request),
      );
    },
    { heavy: true },
  );
  bindEndpoint(
    app,
    e.rejectedRows,
    async (request, reply) => {
      const { file, fields } = await readUploadParts(request);
      const fromForm = BookUploadQuery.safeParse({ school_id: fields.school_id });
      const schoolId = request.query.school_id ?? (fromForm.success ? fromForm.data.school_id : undefined);
      return sendSheet(reply, await importer.rejectedRows(actorOf(request), schoolId, file, requestLanguage(request)));
    },
    { heavy: true },
  );
  bindEndpoint(app, e.importLabels, (request) => importLabels(actorOf(request), request.params.id, request.query));
  bindEndpoint(app, e.template, async (_request, reply) => sendTemplate(reply, importer.template()), {
    tokenInQuery: FILE_LINK,
  });
};
