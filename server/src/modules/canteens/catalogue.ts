import { CANTEEN_MESSAGES, type Canteen } from '@tamaq/contract/canteens';
import { createCatalogue } from '../../platform/catalogue.ts';
import { canteens } from '../../platform/db/schema-people.ts';
import type { Db } from '../../platform/db/client.ts';

/** Canteens, a catalogue of `catalogues.ts`: archived, not deleted, so past visits keep their canteen. */
export function createService(platform: { db: Db; now: () => Date }) {
  return createCatalogue(platform, {
    table: canteens,
    search: (t) => [t.name, t.address, t.description],
    answer: (row): Canteen => ({
      id: row.id,
      name: row.name,
      address: row.address,
      description: row.description,
      created_at: row.createdAt.toISOString(),
    }),
    notFound: CANTEEN_MESSAGES.notFound,
    audit: { action: 'canteen_delete', entity: 'canteen' },
  });
}
