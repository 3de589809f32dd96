import { asc } from 'drizzle-orm';
import type { Role } from '@tamaq/contract/roles';
import type { Db } from '../../platform/db/client.ts';
import { regions, roles } from '../../platform/db/schema.ts';
import { compareNames } from '../../platform/db/alphabet.ts';

export function createReferenceRepository(db: Db) {
  return {
    async roles() {
      const rows = await db
        .select({ id: roles.id, name: roles.name, code: roles.code })
        .from(roles)
        .orderBy(asc(roles.id));
      // Seeded from the contract's role list at every start (reference-data.ts), so each code is a Role.
      return rows.map((r) => ({ ...r, code: r.code as Role }));
    },

    async regions() {
      const rows = await db.select({ id: regions.id, name: regions.name }).from(regions);
      return rows.sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);
    },
  };
}
