import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrorResponses, ErrorBody } from '@tamaq/contract/errors';
import {
  CanteenManualQuery,
  CanteenManualSave,
  MANUAL_MESSAGES,
  ManualList,
  ManualSaveResult,
  manualMessages,
  SchoolManualQuery,
  SchoolManualSave,
} from '@tamaq/contract/manual-fixations';
import { rolesFor } from '@tamaq/contract/routes';
import { actorOf } from '../../platform/auth/guard.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createManualFixationsRepository } from './manual-fixations.repository.ts';
import { createManualFixationsService } from './manual-fixations.service.ts';

const CANTEEN_MANUAL = rolesFor('/fixation/manual');
const SCHOOL_MANUAL = rolesFor('/school/fixation/manual');

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
  const saved = { 200: ManualSaveResult, 409: ErrorBody, ...commonErrorResponses };

  app.get(
    '/api/fixation/manual',
    {
      config: { access: CANTEEN_MANUAL },
      schema: {
        tags: ['fixations'],
        summary: 'Ручная отметка в столовой: список на дату и категорию',
        querystring: CanteenManualQuery,
        response: { 200: ManualList, ...commonErrorResponses },
      },
    },
    (request) => service.canteenList(actorOf(request), request.query),
  );

  app.post(
    '/api/fixation/manual',
    {
      config: { access: CANTEEN_MANUAL },
      schema: {
        tags: ['fixations'],
        summary: 'Ручная отметка в столовой: сохранить отмеченных',
        body: CanteenManualSave,
        response: saved,
      },
    },
    (request) => service.canteenSave(actorOf(request), request.body),
  );

  app.get(
    '/api/school/fixation/manual',
    {
      config: { access: SCHOOL_MANUAL },
      attachValidation: true,
      schema: {
        tags: ['fixations'],
        summary: 'Ручная отметка питания учеников: список на дату',
        querystring: SchoolManualQuery,
        response: { 200: ManualList, ...commonErrorResponses },
      },
    },
    (request) => {
      refuseInvalid(request);
      return service.schoolList(actorOf(request), request.query);
    },
  );

  app.post(
    '/api/school/fixation/manual',
    {
      config: { access: SCHOOL_MANUAL },
      attachValidation: true,
      schema: {
        tags: ['fixations'],
        summary: 'Ручная отметка питания учеников: сохранить отмеченных',
        body: SchoolManualSave,
        response: saved,
      },
    },
    (request) => {
      refuseInvalid(request);
      return service.schoolSave(actorOf(request), request.body);
    },
  );
};
