import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccessToken, CodeSent, EmailBody, EmailCodeBody } from '@tamaq/contract/auth';
import { Ok } from '@tamaq/contract/common';
import { ErrorBody, ValidationErrorBody } from '@tamaq/contract/errors';
import { PasswordChangeBody, Profile, ProfileUpdateBody } from '@tamaq/contract/profile';
import { rolesFor } from '@tamaq/contract/routes';
import { actorOf } from '../../platform/auth/guard.ts';
import { byIpAndEmail, limit } from '../../platform/rate-limit.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createAccountRemovalService } from './account-removal.service.ts';
import { createProfileService } from './profile.service.ts';

const tags = ['profile'];
const MINUTE = 60_000;
/** Guesses of the current password, per signed-in user. */
const PASSWORD_LIMIT = limit(10, MINUTE, (request) => `password|${request.actor?.userId ?? request.ip}`);
const CODE_CHECK_LIMIT = limit(20, MINUTE, byIpAndEmail);
const CODE_SEND_LIMIT = limit(20, 10 * MINUTE);

export const profileRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const profile = createProfileService(platform);
  const removal = createAccountRemovalService(platform);

  app.get(
    '/api/profile',
    {
      config: { access: rolesFor('/profile') },
      schema: { tags, summary: 'Текущий пользователь', response: { 200: Profile, 401: ErrorBody, 403: ErrorBody } },
    },
    (request) => profile.get(actorOf(request)),
  );

  app.put(
    '/api/profile',
    {
      config: { access: rolesFor('/profile') },
      schema: {
        tags,
        summary: 'Имя и фото текущего пользователя; ответ — новый токен',
        body: ProfileUpdateBody,
        response: { 200: AccessToken, 401: ErrorBody, 403: ErrorBody, 422: ValidationErrorBody },
      },
    },
    (request) => profile.update(actorOf(request), request.body),
  );

  app.put(
    '/api/profile/password',
    {
      config: { access: rolesFor('/password'), rateLimit: PASSWORD_LIMIT },
      schema: {
        tags,
        summary: 'Смена своего пароля: другие сеансы завершаются, ответ — новый токен',
        body: PasswordChangeBody,
        response: { 200: AccessToken, 401: ErrorBody, 403: ErrorBody, 422: ValidationErrorBody, 429: ErrorBody },
      },
    },
    (request) => profile.changePassword(actorOf(request), request.body),
  );

  app.post(
    '/api/profile/remove',
    {
      config: { access: 'public', rateLimit: CODE_SEND_LIMIT },
      schema: {
        tags,
        summary: 'Удаление аккаунта, шаг 1: письмо с кодом',
        body: EmailBody,
        response: { 200: CodeSent, 404: ErrorBody, 422: ValidationErrorBody, 429: ErrorBody },
      },
    },
    (request) => removal.request(request.body),
  );

  app.put(
    '/api/profile/remove',
    {
      config: { access: 'public', rateLimit: CODE_CHECK_LIMIT },
      schema: {
        tags,
        summary: 'Удаление аккаунта, шаг 2: код → личные данные удалены',
        body: EmailCodeBody,
        response: { 200: Ok, 404: ErrorBody, 422: ValidationErrorBody, 429: ErrorBody },
      },
    },
    (request) => removal.confirm(request.body),
  );
};
