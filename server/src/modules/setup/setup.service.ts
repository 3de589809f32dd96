import { SETUP_STEPS, type SetupProgress, type SetupStep } from '@tamaq/contract/setup';
import type { Actor } from '../../platform/auth/actors.ts';
import { forbidden } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createSetupRepository } from './setup.repository.ts';

/** The steps a kindergarten takes: it has no social teacher, dishes or menus. */
const KINDERGARTEN_SKIPS: readonly SetupStep[] = ['dishes', 'menu', 'social_teacher'];

/**
 * A new organization's checklist: each step is done once the organization holds what the step
 * makes (a live school, an own calendar entry, a meal time …), read in one statement.
 */
export function createSetupService(platform: Pick<Platform, 'db'>) {
  const repo = createSetupRepository(platform.db);
  return {
    async progress(actor: Actor): Promise<SetupProgress> {
      const org = actor.organizationId;
      if (org === null) throw forbidden();
      const row = await repo.holdings(org);
      if (!row) throw forbidden();
      const kindergarten = row.type === 'kindergarten';
      return {
        steps: SETUP_STEPS.filter((key) => !(kindergarten && KINDERGARTEN_SKIPS.includes(key))).map((key) => ({
          key,
          done: Boolean(row[key]),
        })),
      };
    },
  };
}
