import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccessToken,
  CodeSent,
  DownloadToken,
  EmailBody,
  EmailCodeBody,
  LoginBody,
  RecoveryConfirmBody,
  RegisterBody,
} from '@tamaq/contract/auth';
import { ERROR_MESSAGES, ErrorBody, ValidationErrorBody } from '@tamaq/contract/errors';
import { actorOf } from '../../platform/auth/guard.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { byIpAndEmail, emailOf, failureLimits, limit } from '../../platform/rate-limit.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createAuthService } from './auth.service.ts';
import { downloadToken } from './session.ts';

const tags = ['auth'];
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

const errors = { 401: ErrorBody, 422: ValidationErrorBody, 429: ErrorBody } as const;

export const authRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const auth = createAuthService(platform);
  const spraying = failureLimits(app, SPRAYING_LIMITS);

  app.post(
    '/api/auth/login',
    {
      config: { access: 'public', rateLimit: LOGIN_LIMIT },
      schema: { tags, summary: 'Вход по e-mail и паролю', body: LoginBody, response: { 200: AccessToken, ...errors } },
    },
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
  );

  app.post(
    '/api/auth/refresh',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Новый токен текущего пользователя', response: { 200: AccessToken, 401: ErrorBody } },
    },
    (request) => auth.refresh(actorOf(request)),
  );

  app.post(
    '/api/auth/download-token',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Короткий токен для ссылок на скачивание (только ?token=, не заголовок)',
        response: { 200: DownloadToken, 401: ErrorBody },
      },
    },
    (request) => downloadToken(platform.tokens, actorOf(request)),
  );

  app.post(
    '/api/auth/register',
    {
      config: { access: 'public', rateLimit: CODE_SEND_LIMIT },
      schema: {
        tags,
        summary: 'Регистрация, шаг 1: письмо с кодом',
        body: RegisterBody,
        response: { 200: CodeSent, 422: ValidationErrorBody, 429: ErrorBody },
      },
    },
    (request) => auth.startSignup(request.body),
  );

  app.put(
    '/api/auth/register',
    {
      config: { access: 'public', rateLimit: CODE_CHECK_LIMIT },
      schema: {
        tags,
        summary: 'Регистрация, шаг 2: код → новая организация и её администратор',
        body: EmailCodeBody,
        response: { 200: AccessToken, 422: ValidationErrorBody, 429: ErrorBody },
      },
    },
    (request) => auth.confirmSignup(request.body),
  );

  app.post(
    '/api/auth/password/recovery',
    {
      config: { access: 'public', rateLimit: CODE_SEND_LIMIT },
      schema: {
        tags,
        summary: 'Восстановление пароля, шаг 1: письмо с кодом',
        body: EmailBody,
        response: { 200: CodeSent, ...errors },
      },
    },
    (request) => auth.startRecovery(request.body),
  );

  app.put(
    '/api/auth/password/recovery',
    {
      config: { access: 'public', rateLimit: CODE_CHECK_LIMIT },
      schema: {
        tags,
        summary: 'Восстановление пароля, шаг 2: код и новый пароль',
        body: RecoveryConfirmBody,
        response: { 200: AccessToken, ...errors },
      },
    },
    (request) => auth.confirmRecovery(request.body),
  );
};
