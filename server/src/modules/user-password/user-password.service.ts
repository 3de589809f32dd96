import { ADMIN_MESSAGES, type UserPasswordBody } from '@tamaq/contract/admin';
import type { Ok } from '@tamaq/contract/common';
import type { Actor } from '../../platform/auth/actors.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { audit } from '../../platform/audit.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createUserPasswordRepository } from './user-password.repository.ts';

/** The super admin sets another user's password (docs/product.md "Another user's password"): that user's sessions end. */
export function createUserPasswordService(platform: Pick<Platform, 'actors' | 'db' | 'now'>) {
  const repo = createUserPasswordRepository(platform.db);

  return {
    async set(actor: Actor, { id, password }: UserPasswordBody): Promise<Ok> {
      const passwordHash = await hashPassword(password);
      await platform.db.transaction(async (tx) => {
        const user = await repo.setPassword(id, passwordHash, platform.now(), tx);
        if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
        // Who set whose password, never the password or its hash.
        await audit(tx, actor, {
          action: 'password_set',
          entity: 'user',
          entityId: id,
          organizationId: user.organizationId,
        });
      });
      platform.actors.forget(id);
      return { success: true };
    },
  };
}
