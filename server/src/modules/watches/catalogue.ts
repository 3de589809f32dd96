import { WATCH_MESSAGES, type Watch } from '@tamaq/contract/watches';
import { createCatalogue } from '../../platform/catalogue.ts';
import type { Db } from '../../platform/db/client.ts';
import { watches } from '../../platform/db/schema-people.ts';
import { createWatchesRepository } from './watches.repository.ts';

/**
 * Duty schedules, a catalogue of `catalogues.ts` (its routes are the kit's, `catalogue-routes.ts`):
 * refused while live users hold one (their meals depend on it); otherwise archived.
 */
export function createService(platform: { db: Db; now: () => Date }) {
  const repo = createWatchesRepository(platform.db);
  return createCatalogue(platform, {
    table: watches,
    search: (t) => [t.name],
    // Days travel as the spec's comma list, ascending: "1,5,31".
    answer: (row): Watch => ({
      id: row.id,
      name: row.name,
      days: [...row.days].sort((a, b) => a - b).join(','),
      created_at: row.createdAt.toISOString(),
    }),
    notFound: WATCH_MESSAGES.notFound,
    audit: { action: 'watch_delete', entity: 'watch' },
    refuseRemoval: async (tx, id) => {
      const holders = await repo.countHolders(id, tx);
      return holders > 0 ? WATCH_MESSAGES.assigned(holders) : null;
    },
  });
}
