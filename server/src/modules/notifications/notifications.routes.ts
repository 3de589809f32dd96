import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { actorOf } from '../../platform/auth/guard.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createNotificationsService } from './notifications.service.ts';

export const notificationsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const notifications = createNotificationsService(platform);
  const e = ENDPOINTS.notifications;
  bindEndpoint(app, e.ofChild, (request) => notifications.ofChild(actorOf(request), request.params.id));
  bindEndpoint(app, e.settings, (request) => notifications.settings(actorOf(request)));
  bindEndpoint(app, e.saveSettings, (request) => notifications.saveSettings(actorOf(request), request.body));
  bindEndpoint(app, e.deliveries, (request) => notifications.deliveries(request.query));
  bindEndpoint(app, e.retry, (request) => notifications.retry(actorOf(request), request.params.id));
  bindEndpoint(app, e.devices, (request) => notifications.devices(actorOf(request)));
  bindEndpoint(app, e.addDevice, (request) => notifications.addDevice(actorOf(request), request.body));
  bindEndpoint(app, e.removeDevice, (request) => notifications.removeDevice(actorOf(request), request.params.id));
  bindEndpoint(app, e.telegram, (request) => notifications.telegram(actorOf(request)));
  bindEndpoint(app, e.linkTelegram, (request) => notifications.linkTelegram(actorOf(request)));
  bindEndpoint(app, e.removeTelegram, (request) => notifications.removeTelegram(actorOf(request), request.params.id));
  bindEndpoint(app, e.choose, (request) => notifications.choose(actorOf(request), request.params.id, request.body));
};
