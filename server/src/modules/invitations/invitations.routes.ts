import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { actorOf } from '../../platform/auth/guard.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import { requestLanguage } from '../../platform/http/answer-language.ts';
import { limit } from '../../platform/rate-limit.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createInvitationsService } from './invitations.service.ts';

const MINUTE = 60_000;

/** Mails per admin, so a stolen session cannot flood strangers' mailboxes. */
const INVITE_LIMIT = limit(30, 60 * MINUTE, (request) => `parent-invite|${request.actor?.userId ?? request.ip}`);
/** Password guesses of an existing parent account, per address (like the login). */
const CONFIRM_LIMIT = limit(10, MINUTE, (request) => `parent-invite-confirm|${request.ip}`);
const LOOKUP_LIMIT = limit(60, MINUTE, (request) => `parent-invite-get|${request.ip}`);

export const invitationsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const invitations = createInvitationsService(platform);
  const e = ENDPOINTS.invitations;
  bindEndpoint(
    app,
    e.invite,
    (request) => invitations.invite(actorOf(request), request.body, request, requestLanguage(request)),
    {
      rateLimit: INVITE_LIMIT,
    },
  );
  bindEndpoint(app, e.get, (request) => invitations.get(request.params.code), { rateLimit: LOOKUP_LIMIT });
  bindEndpoint(app, e.confirm, (request) => invitations.confirm(request.body), { rateLimit: CONFIRM_LIMIT });
};
