import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { ERROR_MESSAGES } from '@tamaq/contract/errors';
import { actorOf } from '../../platform/auth/guard.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import { requestLanguage } from '../../platform/http/answer-language.ts';
import { HttpError, tooManyRequests } from '../../platform/http/errors.ts';
import { byIpAndEmail, emailOf, failureLimits, limit } from '../../platform/rate-limit.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createAuthService } from './auth.service.ts';
import { downloadToken } from './session.ts';
import { createSignInSources, type KnownSources } from './sign-in-sources.repository.ts';

const MINUTE = 60_000;
/**
 * Password spraying: wrong sign-ins from one address across e-mails (one password tried on many
 * accounts), and on one account across addresses (many machines guessing one password). Only
 * failures count, so a school's staff signing in behind one address in the morning is never slowed.
 * They hold back the failing sources, not the account's owner: a browser that signed in to the
 * account before passes both, an address it signed in from before passes the account's
 * (docs/rules.md "Sign-in under attack").
 */
const BY_ADDRESS = 'login-failed-address';
const BY_ACCOUNT = 'login-failed-account';
const SPRAYING_LIMITS = [
  { name: BY_ADDRESS, max: 30, timeWindowMs: 15 * MINUTE, key: (r: FastifyRequest) => r.ip },
  { name: BY_ACCOUNT, max: 20, timeWindowMs: 15 * MINUTE, key: emailOf },
] as const;
/** The browser's own cookie: random, kept a year, sent to the sign-in calls only; stored hashed. */
export const DEVICE_COOKIE = 'tamaq_device';
const DEVICE_VALUE = /^[A-Za-z0-9_-]{32}$/;
const DEVICE_MAX_AGE_S = 365 * 86_400;
const deviceOf = (request: FastifyRequest): string | null => {
  const value = request.cookies[DEVICE_COOKIE];
  return value && DEVICE_VALUE.test(value) ? createHash('sha256').update(value).digest('hex') : null;
};
/** Code guesses per address and e-mail (each code also dies after 5 wrong tries). */
const CODE_CHECK_LIMIT = limit(20, MINUTE, byIpAndEmail);
/** Mails sent per address, so nobody fills strangers' mailboxes from one machine. */
const CODE_SEND_LIMIT = limit(20, 10 * MINUTE);

export const authRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const auth = createAuthService(platform);
  const spraying = failureLimits(app, SPRAYING_LIMITS);
  const sources = createSignInSources(platform.db);
  const e = ENDPOINTS.auth;
  const secureCookie = platform.config.publicUrl.startsWith('https:');

  /** Whether this request's browser and address signed in to the e-mail's account before; once a request. */
  const knownOf = new WeakMap<FastifyRequest, Promise<KnownSources>>();
  const known = (request: FastifyRequest) => {
    let answer = knownOf.get(request);
    if (!answer) {
      answer = sources.known(emailOf(request), deviceOf(request), request.ip);
      knownOf.set(request, answer);
    }
    return answer;
  };
  /**
   * Password guesses per address and e-mail; a browser that signed in to the account before counts
   * on its own, so guesses from its address (a school's one address behind a proxy) do not hold it.
   */
  const LOGIN_LIMIT = limit(10, MINUTE, async (request) =>
    (await known(request)).device ? `${byIpAndEmail(request)}|${deviceOf(request)}` : byIpAndEmail(request),
  );

  bindEndpoint(
    app,
    e.login,
    async (request, reply) => {
      const over = await spraying.over(request);
      if (over.size) {
        const from = await known(request);
        if (from.device) over.clear();
        if (from.address) over.delete(BY_ACCOUNT);
        if (over.size) throw tooManyRequests(Math.max(...over.values()));
      }
      let signedIn: Awaited<ReturnType<typeof auth.login>>;
      try {
        signedIn = await auth.login(request.body);
      } catch (err) {
        // A disabled organization's 401 follows a right password: not a guess.
        if (err instanceof HttpError && err.message === ERROR_MESSAGES.badCredentials) await spraying.failed(request);
        throw err;
      }
      let device = request.cookies[DEVICE_COOKIE];
      if (!device || !DEVICE_VALUE.test(device)) device = randomBytes(24).toString('base64url');
      void reply.setCookie(DEVICE_COOKIE, device, {
        path: '/api/auth',
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookie,
        maxAge: DEVICE_MAX_AGE_S,
      });
      await sources.remember(signedIn.userId, createHash('sha256').update(device).digest('hex'), request.ip);
      return signedIn.answer;
    },
    { rateLimit: LOGIN_LIMIT },
  );
  bindEndpoint(app, e.refresh, (request) => auth.refresh(actorOf(request)));
  bindEndpoint(app, e.logout, async (request) => {
    await platform.sessions.end(actorOf(request).sessionId);
    return { success: true as const };
  });
  bindEndpoint(app, e.downloadToken, (request) => downloadToken(platform.sessions, actorOf(request)));
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
  bindEndpoint(app, e.confirmSetup, (request) => auth.confirmSetup(request.body), { rateLimit: CODE_CHECK_LIMIT });
};
