import {
  canGrant,
  userMessages,
  worksWithPupilsOnly,
  type BulkFoodCategory,
  type BulkFoodCategoryResult,
} from '@tamaq/contract/users';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { audit } from '../../platform/audit.ts';
import { notFound, ValidationError } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { localDate } from '../../platform/time.ts';
import { createUsersRepository, userScope } from './users.repository.ts';
import { roleOf, walletPeriod, type WalletAsk } from './user-values.ts';

/**
 * One food category for many pupils at once (the start of the year): every pupil named must
 * be one the caller sees and may change, or nothing is written; each social wallet begins or ends
 * as the user form's would (docs/domain.md), dated today in the organization's time zone.
 */
export function createUsersCategoryService(platform: Pick<Platform, 'db' | 'now'>) {
  const repo = createUsersRepository(platform.db);

  return {
    async set(actor: Actor, body: BulkFoodCategory): Promise<BulkFoodCategoryResult> {
      const M = userMessages(actor.role);
      const ids = [...new Set(body.userIds)];
      const at = platform.now();
      return platform.db.transaction(async (tx) => {
        const people = await repo.forCategoryChange(
          ids,
          userScope(scopeOf(actor), worksWithPupilsOnly(actor.role)),
          tx,
        );
        if (people.length !== ids.length) throw notFound(M.notFound);
        if (people.some((p) => p.classroomId === null || !canGrant(actor.role, roleOf(p.roleId)))) {
          throw ValidationError.field('userIds', M.notAllPupils);
        }
        const organizationId = people[0]!.organizationId;
        const category = body.food_category_id === null ? null : await repo.findFoodCategory(body.food_category_id, tx);
        if (body.food_category_id !== null && category?.organizationId !== organizationId) {
          throw ValidationError.field('food_category_id', M.foodCategoryNotFound);
        }
        const org = organizationId === null ? null : await repo.findOrganization(organizationId, tx);
        const today = localDate(at, org?.timeZone);
        const afterType = category?.type ?? null;
        // The dates asked go to every pupil the change leaves in a social wallet (a list that came late).
        const ask: WalletAsk = {
          from: body.social_wallet_from,
          to: body.social_wallet_to,
          order: body.social_wallet_order,
        };
        const changes = people
          .map((p) => {
            const before = { type: p.foodCategoryType, set: p.socialWalletSetDate, reset: p.socialWalletResetDate };
            const wallet = walletPeriod(before, afterType, today, ask, M);
            const order = ask.order !== undefined ? ask.order : p.socialWalletOrder;
            const same =
              p.foodCategoryId === body.food_category_id &&
              wallet.set === p.socialWalletSetDate &&
              wallet.reset === p.socialWalletResetDate &&
              order === p.socialWalletOrder;
            return {
              same,
              id: p.id,
              food_category_id: body.food_category_id,
              sw_set: wallet.set,
              sw_reset: wallet.reset,
              sw_order: order,
              started: afterType === 'sw' && before.type !== 'sw',
              ended: afterType !== 'sw' && before.type === 'sw',
            };
          })
          .filter((c) => !c.same);
        const result = {
          changed: changes.length,
          unchanged: people.length - changes.length,
          walletStarted: changes.filter((c) => c.started).length,
          walletEnded: changes.filter((c) => c.ended).length,
        };
        if (body.check || !changes.length) return result;
        await repo.setCategories(changes, at, tx);
        await audit(tx, actor, {
          action: 'users_food_category',
          entity: 'user',
          organizationId,
          after: { foodCategoryId: body.food_category_id, userIds: changes.map((c) => c.id) },
        });
        return result;
      });
    },
  };
}
