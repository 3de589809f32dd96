import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { MANUAL_MESSAGES, manualMessages } from '@tamaq/contract/manual-fixations';
import { actorOf } from '../../platform/auth/guard.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createManualFixationsRepository } from './manual-fixations.repository.ts';
import { createManualFixationsService } from './manual-fixations.service.ts';

/**
 * The school filter's "choose a class or a category" is a schema rule: its message is reworded here
 * for a kindergarten admin, whose classes are groups (the schema itself cannot know the caller).
 */
function refuseInvalid(request: FastifyRequest): void {
  const err = request.validationError as (Error & { validation?: { message?: string }[] }) | undefined;
  if (!err) return;
  const words = manualMessages(request.actor?.role);
  for (const issue of err.validation ?? []) {
    if (issue.message === MANUAL_MESSAGES.classroomOrCategory) issue.message = words.classroomOrCategory;
  }
  throw err;
}

export const manualFixationsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const service = createManualFixationsService({
    db: platform.db,
    repo: createManualFixationsRepository(platform.db),
    now: platform.now,
    publish: (channel, message) => platform.realtime.publish(channel, message),
    onRecorded: (n) => platform.metrics.visitsRecorded.inc({ kind: 'manual' }, n),
  });
  const e = ENDPOINTS['manual-fixations'];
  const ownValidation = { ownValidation: true };
  bindEndpoint(app, e.canteenList, (request) => service.canteenList(actorOf(request), request.query));
  bindEndpoint(app, e.canteenSave, (request) => service.canteenSave(actorOf(request), request.body));
  bindEndpoint(
    app,
    e.schoolList,
    (request) => {
      refuseInvalid(request);
      return service.schoolList(actorOf(request), request.query);
    },
    ownValidation,
  );
  bindEndpoint(
    app,
    e.schoolSave,
    (request) => {
      refuseInvalid(request);
      return service.schoolSave(actorOf(request), request.body);
    },
    ownValidation,
  );
};
