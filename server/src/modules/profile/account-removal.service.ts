import type { CodeSent, EmailBody, EmailCodeBody } from '@tamaq/contract/auth';
import type { Ok } from '@tamaq/contract/common';
import type { Language } from '@tamaq/contract/languages';
import { PROFILE_MESSAGES } from '@tamaq/contract/profile';
import { audit } from '../../platform/audit.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createCodeService } from '../auth/codes.service.ts';
import { createProfileRepository } from './profile.repository.ts';

const accountNotFound = () => notFound(PROFILE_MESSAGES.accountNotFound);

/**
 * Deleting one's own account from the public page (docs/product.md "Public pages"), confirmed by a code sent
 * to the account's e-mail. Personal data goes; the row stays so past visits still add up.
 */
export function createAccountRemovalService(platform: Pick<Platform, 'actors' | 'db' | 'now' | 'tokens' | 'mailer'>) {
  const repo = createProfileRepository(platform.db);
  const codes = createCodeService(platform);

  return {
    async request({ email }: EmailBody, language: Language = 'ru'): Promise<CodeSent> {
      if (!(await repo.findActiveByEmail(email))) throw accountNotFound();
      return codes.send('remove', email, null, language);
    },

    async confirm({ email, code }: EmailCodeBody): Promise<Ok> {
      const checked = await codes.check('remove', email, code);
      const userId = await platform.db.transaction(async (tx) => {
        await codes.consume(checked, tx);
        const user = await repo.findActiveByEmail(email, tx);
        if (!user || !(await repo.anonymise(user.id, platform.now(), tx))) throw accountNotFound();
        const imagesRemoved = await repo.deleteImagesOf(user.id, user.imageId, tx);
        const cardsUnlinked = await repo.unlinkCards(user.id, tx);
        // No personal data in the log: the entry only says that this account was removed.
        await audit(
          tx,
          { userId: user.id, organizationId: user.organizationId },
          {
            action: 'account_remove',
            entity: 'user',
            entityId: user.id,
            after: { imagesRemoved, cardsUnlinked },
          },
        );
        return user.id;
      });
      platform.actors.forget(userId);
      return { success: true };
    },
  };
}
