import type { Ok } from '@tamaq/contract/common';
import {
  schoolMessages,
  type School,
  type SchoolCreate,
  type SchoolList,
  type SchoolListQuery,
  type SchoolSettings,
  type SchoolUpdate,
} from '@tamaq/contract/schools';
import { namesOf, namesToStore, type StoredNames } from '@tamaq/contract/names';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db/client.ts';
import { forbidden, notFound, ValidationError } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { retire } from '../../platform/retire.ts';
import { createSchoolsRepository, type SchoolRow, type SchoolValues } from './schools.repository.ts';

const toSchool = (row: SchoolRow): School => ({
  id: row.id,
  organization_id: row.organizationId,
  region_id: row.regionId,
  region: row.regionId !== null && row.regionName !== null ? { id: row.regionId, name: row.regionName } : null,
  ...namesOf(row),
  number: row.number,
  bin: row.bin,
  address: row.address,
  description: row.description,
  city: row.city,
  created_at: row.createdAt.toISOString(),
});

/** Either name may come first; one left out of an update stays (the spec's client sends the Russian alone). */
const valuesOf = (body: SchoolCreate, current: StoredNames | null): SchoolValues => {
  const names = namesToStore(body, current);
  if ('error' in names) throw ValidationError.field('name', names.error);
  return {
    regionId: body.region_id,
    ...names,
    number: body.number,
    bin: body.bin,
    address: body.address,
    description: body.description,
    city: body.city,
  };
};

/**
 * Schools of an organization (a kindergarten organization's kindergartens). A user locked to a school
 * sees and edits that school only, and neither creates nor deletes schools.
 */
export function createSchoolsService(platform: Pick<Platform, 'db'>) {
  const repo = createSchoolsRepository(platform.db);

  const visible = async (actor: Actor, id: number, tx?: Db) => {
    const row = await repo.find(scopeOf(actor), id, tx);
    if (!row) throw notFound(schoolMessages(actor.role).notFound);
    return row;
  };

  const checkRegion = async (actor: Actor, regionId: number, tx: Db) => {
    if (!(await repo.regionExists(regionId, tx))) {
      throw ValidationError.field('region_id', schoolMessages(actor.role).regionNotFound);
    }
  };

  return {
    async list(actor: Actor, query: SchoolListQuery): Promise<SchoolList> {
      const scope = scopeOf(actor);
      const { total, rows } = await repo.list(scope, {
        query: query.query || undefined,
        // Only the super admin picks an organization; everybody else sees their own.
        organizationId: scope.all ? query.organizationId : undefined,
        limit: query.limit,
        offset: query.offset,
      });
      return { total, rows: rows.map(toSchool) };
    },

    get: async (actor: Actor, id: number): Promise<School> => toSchool(await visible(actor, id)),

    /** The school if the actor may see it, else null: for other modules that take a school id. */
    async findVisible(actor: Actor, id: number) {
      const row = await repo.find(scopeOf(actor), id);
      return row ? { id: row.id, organizationId: row.organizationId, ...namesOf(row) } : null;
    },

    async create(actor: Actor, body: SchoolCreate): Promise<School> {
      if (actor.schoolId !== null) throw forbidden(schoolMessages(actor.role).lockedCreate);
      const organizationId = actor.organizationId;
      if (organizationId === null) throw forbidden();
      return platform.db.transaction(async (tx) => {
        await checkRegion(actor, body.region_id, tx);
        const id = await repo.insert(organizationId, valuesOf(body, null), tx);
        return toSchool((await repo.find(scopeOf(actor), id, tx))!);
      });
    },

    async update(actor: Actor, body: SchoolUpdate): Promise<School> {
      return platform.db.transaction(async (tx) => {
        const before = await visible(actor, body.id, tx);
        await checkRegion(actor, body.region_id, tx);
        await repo.update(body.id, valuesOf(body, before), tx);
        return toSchool((await repo.find(scopeOf(actor), body.id, tx))!);
      });
    },

    /** Refused while classes, people, meal history or the library refer to the school. */
    async remove(actor: Actor, id: number): Promise<Ok> {
      const M = schoolMessages(actor.role);
      if (actor.schoolId !== null) throw forbidden(M.lockedDelete);
      return retire(platform.db, actor, {
        find: (tx) => visible(actor, id, tx),
        notFound: M.notFound,
        refuse: async (tx) => {
          const refs = await repo.references(id, tx);
          return refs.classroom
            ? M.hasClassrooms
            : refs.user
              ? M.hasUsers
              : refs.visit
                ? M.hasHistory
                : refs.library
                  ? M.hasLibrary
                  : null;
        },
        retire: async (tx) => {
          await repo.detachRemovedUsers(id, tx);
          await repo.delete(id, tx);
        },
        onReference: M.hasHistory,
        audit: {
          action: 'school_delete',
          entity: 'school',
          id,
          organizationId: (r) => r.organizationId,
          before: toSchool,
        },
      });
    },

    /** The turnstile connection, read-only; every field null while none is configured. */
    async settings(actor: Actor, id: number): Promise<SchoolSettings> {
      await visible(actor, id);
      return (await repo.settings(id)) ?? { server: null, port: null, database: null, user: null, password: null };
    },
  };
}

export type SchoolsService = ReturnType<typeof createSchoolsService>;
