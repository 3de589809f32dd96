import {
  AGE_GROUP_MESSAGES as M,
  type AgeGroup,
  type AgeGroupCreate,
  type AgeGroupUpdate,
} from '@tamaq/contract/age-groups';
import type { Actor } from '../../platform/auth/actors.ts';
import { namesOf } from '@tamaq/contract/names';
import { createCatalogue } from '../../platform/catalogue.ts';
import type { Db } from '../../platform/db/client.ts';
import { ageGroups } from '../../platform/db/schema-nutrition.ts';
import { youngestFirst } from './age-groups.repository.ts';

/**
 * Age groups, a catalogue of `catalogues.ts` (its routes are the kit's, `catalogue-routes.ts`): listed
 * youngest first, a name once in the organization whatever the letter case.
 */
export function createService(platform: { db: Db; now: () => Date }) {
  const catalogue = createCatalogue(platform, {
    table: ageGroups,
    search: (t) => [t.name, t.nameKk],
    bilingual: true,
    answer: (row): AgeGroup => ({
      id: row.id,
      ...namesOf(row),
      age_from: row.ageFrom,
      age_to: row.ageTo,
      created_at: row.createdAt.toISOString(),
    }),
    order: youngestFirst,
    notFound: M.notFound,
    audit: { action: 'age_group_delete', entity: 'age_group', writes: true },
    unique: { constraint: 'age_groups_organization_name_key', field: 'name', message: M.nameTaken },
  });
  // The body's ages as the table's columns.
  const columns = ({ age_from, age_to, ...names }: Omit<AgeGroupCreate, 'id'>) => ({
    ...names,
    ageFrom: age_from,
    ageTo: age_to,
  });
  return {
    ...catalogue,
    create: (actor: Actor, body: AgeGroupCreate) => catalogue.create(actor, columns(body)),
    update: (actor: Actor, { id, ...body }: AgeGroupUpdate) => catalogue.update(actor, { id, ...columns(body) }),
  };
}
