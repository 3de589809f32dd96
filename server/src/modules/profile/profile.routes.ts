import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { actorOf } from '../../platform/auth/guard.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import { requestLanguage } from '../../platform/http/answer-language.ts';
import { byIpAndEmail, limit } from '../../platform/rate-limit.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createAccountRemovalService } from './account-removal.service.ts';
import { createProfileService } from './profile.service.ts';

const MINUTE = 60_000;
/** Guesses of the current password, per signed-in user. */
const PASSWORD_LIMIT = limit(10, MINUTE, (request) => `password|${request.actor?.userId ?? request.ip}`);
const CODE_CHECK_LIMIT = limit(20, MINUTE, byIpAndEmail);
const CODE_SEND_LIMIT = limit(20, 10 * MINUTE);

export const profileRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const profile = createProfileService(platform);
  const removal = createAccountRemovalService(platform);
  const e = ENDPOINTS.profile;

  bindEndpoint(app, e.get, (request) => profile.get(actorOf(request)));
  bindEndpoint(app, e.update, (request) => profile.update(actorOf(request), request.body));
  bindEndpoint(app, e.language, (request) => profile.setLanguage(actorOf(request), request.body));
  bindEndpoint(app, e.changePassword, (request) => profile.changePassword(actorOf(request), request.body), {
    rateLimit: PASSWORD_LIMIT,
  });
  bindEndpoint(app, e.requestRemoval, (request) => removal.request(request.body, requestLanguage(request)), {
    rateLimit: CODE_SEND_LIMIT,
  });
  bindEndpoint(app, e.confirmRemoval, (request) => removal.confirm(request.body), { rateLimit: CODE_CHECK_LIMIT });
};
