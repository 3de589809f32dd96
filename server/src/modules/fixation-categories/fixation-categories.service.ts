import type { Ok } from '@tamaq/contract/common';
import {
  FIXATION_CATEGORY_MESSAGES,
  type FixationCategory,
  type FixationCategoryCreate,
  type FixationCategoryList,
  type FixationCategoryListQuery,
  type FixationCategoryUpdate,
} from '@tamaq/contract/fixation-categories';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db/client.ts';
import { forbidden, notFound, ValidationError } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { retire } from '../../platform/retire.ts';
import { localTime } from '../../platform/time.ts';
import {
  createFixationCategoriesRepository,
  type FixationCategoryRow,
  type FixationCategoryValues,
} from './fixation-categories.repository.ts';

const M = FIXATION_CATEGORY_MESSAGES;

/** The database keeps 'HH:mm:ss'; the spec's screens and calls speak 'HH:mm'. */
const toCategory = (row: FixationCategoryRow): FixationCategory => ({
  id: row.id,
  name: row.name,
  position: row.position,
  time_start: row.timeStart.slice(0, 5),
  time_finish: row.timeFinish.slice(0, 5),
  created_at: row.createdAt.toISOString(),
});

const valuesOf = (body: Omit<FixationCategoryCreate, 'position'>, position: number): FixationCategoryValues => ({
  name: body.name,
  position,
  timeStart: body.time_start,
  timeFinish: body.time_finish,
});

const ownOrganization = (actor: Actor): number => {
  if (actor.organizationId === null) throw forbidden();
  return actor.organizationId;
};

export function createFixationCategoriesService(platform: Platform) {
  const repo = createFixationCategoriesRepository(platform.db);

  /**
   * Windows of one organization's live categories may not overlap: a scan must find exactly one
   * current category. Runs under the organization's lock (see the repository).
   */
  const checkWindow = async (tx: Db, organizationId: number, values: FixationCategoryValues, id: number | null) => {
    await repo.lockOrganization(organizationId, tx);
    const other = await repo.findOverlap(organizationId, values.timeStart, values.timeFinish, id, tx);
    if (other) throw ValidationError.field('time_start', M.overlaps(other.name));
  };

  return {
    async list(actor: Actor, query: FixationCategoryListQuery): Promise<FixationCategoryList> {
      const { rows, total } = await repo.list(scopeOf(actor), query);
      return { total, rows: rows.map(toCategory) };
    },

    /** The categories whose window holds the current time of the organization's time zone. */
    async current(actor: Actor): Promise<FixationCategory[]> {
      const organizationId = ownOrganization(actor);
      const timeZone = await repo.timeZoneOf(organizationId);
      if (timeZone === null) return [];
      const rows = await repo.current(organizationId, localTime(platform.now(), timeZone));
      return rows.map(toCategory);
    },

    async get(actor: Actor, id: number): Promise<FixationCategory> {
      const row = await repo.find(scopeOf(actor), id);
      if (!row) throw notFound(M.notFound);
      return toCategory(row);
    },

    async create(actor: Actor, body: FixationCategoryCreate): Promise<FixationCategory> {
      const organizationId = ownOrganization(actor);
      const values = valuesOf(body, body.position);
      const row = await platform.db.transaction(async (tx) => {
        await checkWindow(tx, organizationId, values, null);
        return repo.insert(organizationId, values, tx);
      });
      return toCategory(row);
    },

    async update(actor: Actor, body: FixationCategoryUpdate): Promise<FixationCategory> {
      const row = await platform.db.transaction(async (tx) => {
        const existing = await repo.find(scopeOf(actor), body.id, tx);
        if (!existing) throw notFound(M.notFound);
        const values = valuesOf(body, body.position ?? existing.position);
        await checkWindow(tx, existing.organizationId, values, existing.id);
        return repo.update(existing.id, values, tx);
      });
      return toCategory(row);
    },

    /** Archived: past visits keep their category; the window is free for a new one. */
    remove: (actor: Actor, id: number): Promise<Ok> =>
      retire(platform.db, actor, {
        find: (tx) => repo.find(scopeOf(actor), id, tx),
        notFound: M.notFound,
        retire: (tx) => repo.archive(scopeOf(actor), id, platform.now(), tx),
        audit: {
          action: 'fixation_category_delete',
          entity: 'fixation_category',
          id,
          organizationId: (r) => r.organizationId,
          before: toCategory,
        },
      }),
  };
}
