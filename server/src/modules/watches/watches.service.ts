import type { Ok } from '@tamaq/contract/common';
import {
  WATCH_MESSAGES,
  type Watch,
  type WatchCreate,
  type WatchList,
  type WatchListQuery,
  type WatchUpdate,
} from '@tamaq/contract/watches';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { retire } from '../../platform/retire.ts';
import { createWatchesRepository, type WatchRow } from './watches.repository.ts';

/** Days travel as the spec's comma list, ascending: "1,5,31". */
const toWatch = (row: WatchRow): Watch => ({
  id: row.id,
  name: row.name,
  days: [...row.days].sort((a, b) => a - b).join(','),
  created_at: row.createdAt.toISOString(),
});

const ownOrganization = (actor: Actor): number => {
  if (actor.organizationId === null) throw forbidden();
  return actor.organizationId;
};

export function createWatchesService(platform: Platform) {
  const repo = createWatchesRepository(platform.db);

  return {
    async list(actor: Actor, query: WatchListQuery): Promise<WatchList> {
      const { rows, total } = await repo.list(scopeOf(actor), query);
      return { total, rows: rows.map(toWatch) };
    },

    async get(actor: Actor, id: number): Promise<Watch> {
      const row = await repo.find(scopeOf(actor), id);
      if (!row) throw notFound(WATCH_MESSAGES.notFound);
      return toWatch(row);
    },

    async create(actor: Actor, body: WatchCreate): Promise<Watch> {
      return toWatch(await repo.insert(ownOrganization(actor), body));
    },

    async update(actor: Actor, { id, ...values }: WatchUpdate): Promise<Watch> {
      const row = await repo.update(scopeOf(actor), id, values);
      if (!row) throw notFound(WATCH_MESSAGES.notFound);
      return toWatch(row);
    },

    /** Refused while live users hold the watch (their meals depend on it); otherwise archived. */
    remove: (actor: Actor, id: number): Promise<Ok> =>
      retire(platform.db, actor, {
        find: (tx) => repo.find(scopeOf(actor), id, tx, true),
        notFound: WATCH_MESSAGES.notFound,
        refuse: async (tx) => {
          const holders = await repo.countHolders(id, tx);
          return holders > 0 ? WATCH_MESSAGES.assigned(holders) : null;
        },
        retire: (tx) => repo.archive(id, platform.now(), tx),
        audit: {
          action: 'watch_delete',
          entity: 'watch',
          id,
          organizationId: (r) => r.organizationId,
          before: toWatch,
        },
      }),
  };
}
