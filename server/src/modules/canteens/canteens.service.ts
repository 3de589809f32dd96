import {
  CANTEEN_MESSAGES,
  type Canteen,
  type CanteenCreate,
  type CanteenList,
  type CanteenListQuery,
  type CanteenUpdate,
} from '@tamaq/contract/canteens';
import type { Ok } from '@tamaq/contract/common';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { retire } from '../../platform/retire.ts';
import { createCanteensRepository, type CanteenRow } from './canteens.repository.ts';

const toCanteen = (row: CanteenRow): Canteen => ({
  id: row.id,
  name: row.name,
  address: row.address,
  description: row.description,
  created_at: row.createdAt.toISOString(),
});

/** A canteen is created in the caller's own organization (the super admin has no canteen screens). */
const ownOrganization = (actor: Actor): number => {
  if (actor.organizationId === null) throw forbidden();
  return actor.organizationId;
};

export function createCanteensService(platform: Platform) {
  const repo = createCanteensRepository(platform.db);

  return {
    async list(actor: Actor, query: CanteenListQuery): Promise<CanteenList> {
      const { rows, total } = await repo.list(scopeOf(actor), query);
      return { total, rows: rows.map(toCanteen) };
    },

    async get(actor: Actor, id: number): Promise<Canteen> {
      const row = await repo.find(scopeOf(actor), id);
      if (!row) throw notFound(CANTEEN_MESSAGES.notFound);
      return toCanteen(row);
    },

    async create(actor: Actor, body: CanteenCreate): Promise<Canteen> {
      const row = await repo.insert(ownOrganization(actor), body);
      return toCanteen(row);
    },

    async update(actor: Actor, { id, ...values }: CanteenUpdate): Promise<Canteen> {
      const row = await repo.update(scopeOf(actor), id, values);
      if (!row) throw notFound(CANTEEN_MESSAGES.notFound);
      return toCanteen(row);
    },

    /** Archived, not deleted: past visits keep their canteen (docs/rules.md "Catalogs"). */
    remove: (actor: Actor, id: number): Promise<Ok> =>
      retire(platform.db, actor, {
        find: (tx) => repo.find(scopeOf(actor), id, tx),
        notFound: CANTEEN_MESSAGES.notFound,
        retire: (tx) => repo.archive(scopeOf(actor), id, platform.now(), tx),
        audit: {
          action: 'canteen_delete',
          entity: 'canteen',
          id,
          organizationId: (r) => r.organizationId,
          before: toCanteen,
        },
      }),
  };
}
