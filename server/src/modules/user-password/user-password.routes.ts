import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UserPasswordBody } from '@tamaq/contract/admin';
import { Ok } from '@tamaq/contract/common';
import { commonErrorResponses, ErrorBody } from '@tamaq/contract/errors';
import { rolesFor } from '@tamaq/contract/routes';
import { actorOf } from '../../platform/auth/guard.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createUserPasswordService } from './user-password.service.ts';

export const userPasswordRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const service = createUserPasswordService(platform);

  app.post(
    '/api/user/password',
    {
      config: { access: rolesFor('/user/password/:id') },
      schema: {
        tags: ['users'],
        summary: 'Новый пароль другого пользователя: его сеансы завершаются',
        body: UserPasswordBody,
        response: { 200: Ok, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => service.set(actorOf(request), request.body),
  );
};
