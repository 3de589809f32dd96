import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { actorOf, FILE_LINK } from '../../platform/auth/guard.ts';
import { sendXlsxReport } from '../../platform/spreadsheet.ts';
import { idempotencyKey } from '../../platform/http/idempotency.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createSchoolsService } from '../schools/schools.service.ts';
import { createBookLoansService } from './book-loans.service.ts';
import { createOverdueNotices } from './overdue-notices.ts';

export const bookLoansRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const schools = createSchoolsService(platform);
  const loans = createBookLoansService(platform, schools);
  const notices = createOverdueNotices(platform, schools);
  const e = ENDPOINTS['book-loans'];
  bindEndpoint(app, e.student, (request) => loans.student(actorOf(request), request.query));
  bindEndpoint(app, e.autocomplete, (request) => loans.autocomplete(actorOf(request), request.query));
  bindEndpoint(app, e.reader, (request) => loans.reader(actorOf(request), request.body));
  bindEndpoint(app, e.subscribe, (request) => loans.subscribe(actorOf(request), request.body.schoolId));
  bindEndpoint(app, e.byBarcode, (request) => loans.byBarcode(actorOf(request), request.query));
  bindEndpoint(app, e.issue, (request) => loans.issue(actorOf(request), request.body, idempotencyKey(request)));
  bindEndpoint(app, e.renew, (request) => loans.renew(actorOf(request), request.body, idempotencyKey(request)));
  bindEndpoint(app, e.takeBack, (request) => loans.takeBack(actorOf(request), request.body, idempotencyKey(request)));
  bindEndpoint(app, e.checkIn, (request) => loans.checkIn(actorOf(request), request.body));
  bindEndpoint(app, e.settings, (request) => loans.settings(actorOf(request), request.query));
  bindEndpoint(app, e.saveSettings, (request) => loans.saveSettings(actorOf(request), request.body));
  bindEndpoint(app, e.onHand, (request) => loans.onHand(actorOf(request), request.query));
  bindEndpoint(
    app,
    e.onHandExport,
    async (request, reply) => {
      const file = await loans.onHandSheet(actorOf(request), request.query);
      return sendXlsxReport(reply, file.fileName, file.sheet);
    },
    { tokenInQuery: FILE_LINK, heavy: true },
  );
  bindEndpoint(app, e.notices, (request) => notices.list(actorOf(request), request.query));
};
