import { DEFAULT_TIME_ZONE } from '@tamaq/contract/constants';
import type { AccessToken } from '@tamaq/contract/auth';
import { imageUrl } from '@tamaq/contract/images';
import {
  PROFILE_MESSAGES,
  type PasswordChangeBody,
  type Profile,
  type ProfileLanguageBody,
  type ProfileUpdateBody,
} from '@tamaq/contract/profile';
import type { Ok } from '@tamaq/contract/common';
import { MODULES, roleById, type Module } from '@tamaq/contract/roles';
import type { Actor } from '../../platform/auth/actors.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { audit } from '../../platform/audit.ts';
import { unauthorized, ValidationError } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { renewedToken, sameSessionToken } from '../auth/session.ts';
import { createProfileRepository } from './profile.repository.ts';

const isModule = (m: string): m is Module => (MODULES as readonly string[]).includes(m);

export function createProfileService(platform: Pick<Platform, 'actors' | 'db' | 'now' | 'tokens' | 'sessions'>) {
  const repo = createProfileRepository(platform.db);

  return {
    async get(actor: Actor): Promise<Profile> {
      const row = await repo.findProfile(actor.userId);
      const role = row?.roleId ? roleById(row.roleId) : undefined;
      if (!row || !role) throw unauthorized();
      return {
        id: row.id,
        name: row.name,
        email: row.email,
        role,
        role_id: row.roleId!,
        language: row.language ?? row.organizationLanguage ?? 'ru',
        language_chosen: row.language !== null,
        image_id: row.imageId,
        image: row.imageId !== null && row.imageKey ? { id: row.imageId, url: imageUrl(row.imageKey) } : null,
        organization_id: row.organizationId,
        organization:
          row.organizationId !== null && row.organizationName !== null && row.organizationType !== null
            ? {
                id: row.organizationId,
                name: row.organizationName,
                type: row.organizationType,
                time_zone: row.organizationTimeZone ?? DEFAULT_TIME_ZONE,
                language: row.organizationLanguage ?? null,
              }
            : null,
        school_id: row.schoolId,
        modules: (row.modules ?? []).filter(isModule),
      };
    },

    /** Name and photo; the photo must be one this user uploaded (or already shows). */
    async update(actor: Actor, body: ProfileUpdateBody): Promise<AccessToken> {
      if (body.image_id !== undefined && body.image_id !== null) {
        const [image, user] = await Promise.all([repo.findImage(body.image_id), repo.findUser(actor.userId)]);
        if (!image || (image.ownerId !== actor.userId && user?.imageId !== image.id)) {
          throw ValidationError.field('image_id', PROFILE_MESSAGES.imageNotFound);
        }
      }
      await repo.update(actor.userId, { name: body.name, imageId: body.image_id }, platform.now());
      return sameSessionToken(platform.sessions, actor);
    },

    /** The person's own language, kept for every browser they sign in on. */
    async setLanguage(actor: Actor, body: ProfileLanguageBody): Promise<Ok> {
      if (!(await repo.setLanguage(actor.userId, body.language, platform.now()))) throw unauthorized();
      return { success: true };
    },

    /** Ends every other session; the answer's token is the one that keeps working. */
    async changePassword(actor: Actor, body: PasswordChangeBody): Promise<AccessToken> {
      const user = await repo.findUser(actor.userId);
      if (!user) throw unauthorized();
      if (!(await verifyPassword(user.passwordHash, body.password_current))) {
        throw ValidationError.field('password_current', PROFILE_MESSAGES.passwordCurrentWrong);
      }
      const passwordHash = await hashPassword(body.password);
      const tokenVersion = await platform.db.transaction(async (tx) => {
        const saved = await repo.setPassword(actor.userId, passwordHash, platform.now(), tx);
        if (!saved) throw unauthorized();
        await audit(tx, actor, { action: 'password_change', entity: 'user', entityId: actor.userId });
        return saved.tokenVersion;
      });
      platform.actors.forget(actor.userId);
      return renewedToken(platform.sessions, actor, { ...actor, tokenVersion });
    },
  };
}
