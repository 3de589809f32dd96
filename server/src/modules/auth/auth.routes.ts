import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { ERROR_MESSAGES } from '@tamaq/contract/errors';
import { actorOf } from '../../platform/auth/guard.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import { requestLanguage } from '../../platform/http/answer-language.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { byIpAndEmail, emailOf, failureLimits, limit } from '../../platform/rate-limit.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createAuthService } from './auth.service.ts';
import { downloadToken } from './session.ts';

const MINUTE = 60_000;
/** Password guesses per address and e-mail. */
const LOGIN_LIMIT = limit(10, MINUTE, byIpAndEmail);
/**
 * Password spraying: wrong sign-ins from one address across e-mails (one password tried on many
 * accounts), and on one account across addresses (many machines guessing one password). Only
 * failures count, so a school's staff signing in behind one address in the morning is never slowed.
 */
const SPRAYING_LIMITS = [
  { name: 'login-failed-address', max: 30, timeWindowMs: 15 * MINUTE, key: (r: FastifyRequest) => r.ip },
  { name: 'login-failed-account', max: 20, timeWindowMs: 15 * MINUTE, key: emailOf },
] as const;
/** Code guesses per address and e-mail (each code also dies after 5 wrong tries). */
const CODE_CHECK_LIMIT = limit(20, MINUTE, byIpAndEmail);
/** Mails sent per address, so nobody fills strangers' mailboxes from one machine. */
const CODE_SEND_LIMIT = limit(20, 10 * MINUTE);

export const authRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const auth = createAuthService(platform);
  const spraying = failureLimits(app, SPRAYING_LIMITS);
  const e = ENDPOINTS.auth;

  bindEndpoint(
    app,
    e.login,
    async (request) => {
      await spraying.refuseIfOver(request);
      try {
        return await auth.login(request.body);
      } catch (err) {
        // A disabled organization's 401 follows a right password: not a guess.
        if (err instanceof HttpError && err.message === ERROR_MESSAGES.badCredentials) await spraying.failed(request);
        throw err;
      }
    },
    { rateLimit: LOGIN_LIMIT },
  );
  bindEndpoint(app, e.refresh, (request) => auth.refresh(actorOf(request)));
  bindEndpoint(app, e.downloadToken, (request) => downloadToken(platform.tokens, actorOf(request)));
  bindEndpoint(app, e.register, (request) => auth.startSignup(request.body, requestLanguage(request)), {
    rateLimit: CODE_SEND_LIMIT,
  });
  bindEndpoint(app, e.confirmRegister, (request) => auth.confirmSignup(request.body), { rateLimit: CODE_CHECK_LIMIT });
  bindEndpoint(app, e.recover, (request) => auth.startRecovery(request.body, requestLanguage(request)), {
    rateLimit: CODE_SEND_LIMIT,
  });
  bindEndpoint(app, e.confirmRecovery, (request) => auth.confirmRecovery(request.body), {
    rateLimit: CODE_CHECK_LIMIT,
  });
};
