import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { REPEAT_SCAN_WINDOW_MS } from '@tamaq/contract/fixations';
import { actorOf } from '../../platform/auth/guard.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import { ValidationError } from '../../platform/http/errors.ts';
import { idempotencyKey } from '../../platform/http/idempotency.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createFixationsRepository } from './fixations.repository.ts';
import { createFixationsService } from './fixations.service.ts';
import { createKitchenService } from '../kitchen/kitchen.service.ts';
import { schoolChannel } from '@tamaq/contract/live';
import { createRepeatGuard } from './repeat-guard.ts';
import { createScanWindows } from './scan-windows.repository.ts';

export const fixationsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const repo = createFixationsRepository(platform.db);
  const kitchen = createKitchenService(platform);
  const service = createFixationsService({
    db: platform.db,
    repo,
    repeat: createRepeatGuard(
      platform.redis,
      REPEAT_SCAN_WINDOW_MS,
      () => platform.now().getTime(),
      createScanWindows(platform.db),
    ),
    now: platform.now,
    publish: (channel, message) => platform.realtime.publish(channel, message),
    onRecorded: () => platform.metrics.visitsRecorded.inc({ kind: 'scan' }),
    dayDishes: (schoolId, date) => kitchen.dayDishes(schoolId, date),
  });
  const e = ENDPOINTS.fixations;
  // A scan's answer is written as the service built it: every millisecond counts at the queue.
  const asBuilt = { asBuilt: true };

  bindEndpoint(
    app,
    e.recordCanteen,
    (request) => service.recordCanteen(actorOf(request), request.body, idempotencyKey(request)),
    asBuilt,
  );
  bindEndpoint(
    app,
    e.recordSchool,
    (request) => service.recordSchool(actorOf(request), request.body, idempotencyKey(request)),
    asBuilt,
  );
  bindEndpoint(app, e.list, (request) => {
    const q = request.query;
    return service.list(
      {
        ...(q.canteenId ? { canteenId: q.canteenId } : {}),
        ...(q.fixationCategoryId ? { fixationCategoryId: q.fixationCategoryId } : {}),
        ...(q.query ? { query: q.query } : {}),
      },
      scopeFor(request),
      q,
    );
  });
  bindEndpoint(app, e.schoolList, (request) => {
    const q = request.query;
    return service.list(
      { ...(q.schoolId ? { schoolId: q.schoolId } : {}), ...(q.query ? { query: q.query } : {}) },
      scopeFor(request),
      q,
    );
  });
  bindEndpoint(app, e.canteenToday, (request) => service.canteenToday(actorOf(request), request.query.canteenId));
  bindEndpoint(app, e.schoolToday, (request) => service.schoolToday(actorOf(request), request.query.schoolId));
  bindEndpoint(app, e.schoolPace, (request) => service.schoolPace(actorOf(request), request.query.schoolId));
  bindEndpoint(app, e.remove, async (request) => {
    await service.remove(actorOf(request), request.params.id, 'canteen');
    return { success: true as const };
  });
  bindEndpoint(app, e.schoolRemove, async (request) => {
    await service.remove(actorOf(request), request.params.id, 'school');
    return { success: true as const };
  });
  bindEndpoint(app, e.subscribe, async (request) => {
    const actor = actorOf(request);
    const school = await repo.school(request.body.schoolId, scopeFor(request));
    if (!school) throw ValidationError.field('schoolId', 'Школа не найдена');
    const channel = schoolChannel(school.id);
    return { channel, ticket: platform.tickets.issue(actor, channel), port: platform.config.livePort, path: '/ws' };
  });
};

const scopeFor = (request: FastifyRequest) => scopeOf(actorOf(request));
