import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccessToken } from '@tamaq/contract/auth';
import { Ok } from '@tamaq/contract/common';
import { commonErrorResponses, ErrorBody, ValidationErrorBody } from '@tamaq/contract/errors';
import { InvitationCodeParams, InvitationConfirm, InvitationCreate, InvitationInfo } from '@tamaq/contract/invitations';
import type { Role } from '@tamaq/contract/roles';
import { rolesFor } from '@tamaq/contract/routes';
import { actorOf } from '../../platform/auth/guard.ts';
import { limit } from '../../platform/rate-limit.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createInvitationsService } from './invitations.service.ts';

const tags = ['invitations'];
const MINUTE = 60_000;

/** The screens that show the invite modal: users (spec 1 §2.10), pupils of a class and all pupils (§2.12). */
const INVITE_ROLES: readonly Role[] = [
  ...new Set([...rolesFor('/users'), ...rolesFor('/classroom/:classroomId/users'), ...rolesFor('/pupils')]),
];

/** Mails per admin, so a stolen session cannot flood strangers' mailboxes. */
const INVITE_LIMIT = limit(30, 60 * MINUTE, (request) => `parent-invite|${request.actor?.userId ?? request.ip}`);
/** Password guesses of an existing parent account, per address (like the login). */
const CONFIRM_LIMIT = limit(10, MINUTE, (request) => `parent-invite-confirm|${request.ip}`);
const LOOKUP_LIMIT = limit(60, MINUTE, (request) => `parent-invite-get|${request.ip}`);

export const invitationsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const invitations = createInvitationsService(platform);

  app.post(
    '/api/users/parent/invitation',
    {
      config: { access: INVITE_ROLES, rateLimit: INVITE_LIMIT },
      schema: {
        tags,
        summary: 'Пригласить родителя ученика: письмо со ссылкой на 7 дней',
        body: InvitationCreate,
        response: { 200: Ok, ...commonErrorResponses, 404: ErrorBody, 503: ErrorBody },
      },
    },
    (request) => invitations.invite(actorOf(request), request.body, request),
  );

  app.get(
    '/api/users/parent/invitation/:code',
    {
      config: { access: 'public', rateLimit: LOOKUP_LIMIT },
      schema: {
        tags,
        summary: 'Приглашение по коду ссылки: кому и для какого ребёнка',
        params: InvitationCodeParams,
        response: { 200: InvitationInfo, 404: ErrorBody, 429: ErrorBody },
      },
    },
    (request) => invitations.get(request.params.code),
  );

  app.post(
    '/api/users/parent/invitation/confirm',
    {
      config: { access: 'public', rateLimit: CONFIRM_LIMIT },
      schema: {
        tags,
        summary: 'Принять приглашение: учётная запись родителя и связь с ребёнком; ответ — токен',
        body: InvitationConfirm,
        response: {
          200: AccessToken,
          401: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          422: ValidationErrorBody,
          429: ErrorBody,
        },
      },
    },
    (request) => invitations.confirm(request.body),
  );
};
