import { and, asc, eq, gt, isNull, lt, lte, ne } from 'drizzle-orm';
import { tenantFilter, type Scope } from '../../platform/auth/scope.ts';
import { listPage, searchIn } from '../../platform/db/catalogue.ts';
import type { Db } from '../../platform/db/client.ts';
import { fixationCategories } from '../../platform/db/schema-people.ts';
import { organizations } from '../../platform/db/schema.ts';

export interface FixationCategoryValues {
  name: string;
  position: number;
  /** 'HH:mm' */
  timeStart: string;
  timeFinish: string;
}

const table = fixationCategories;
const columns = {
  id: table.id,
  organizationId: table.organizationId,
  name: table.name,
  position: table.position,
  timeStart: table.timeStart,
  timeFinish: table.timeFinish,
  createdAt: table.createdAt,
};
export type FixationCategoryRow = {
  id: number;
  organizationId: number;
  name: string;
  position: number;
  timeStart: string;
  timeFinish: string;
  createdAt: Date;
};

/** The list order of spec 1 §3 ("position: list order"), then the clock. */
const order = [asc(table.position), asc(table.timeStart), asc(table.id)];

export function createFixationCategoriesRepository(db: Db) {
  const visible = (scope: Scope, organizationId?: number) =>
    and(
      isNull(table.deletedAt),
      scope.all && organizationId ? eq(table.organizationId, organizationId) : tenantFilter(table, scope),
    );

  return {
    async list(scope: Scope, opts: { query?: string; organizationId?: number; limit: number; offset: number }) {
      const where = and(visible(scope, opts.organizationId), searchIn(opts.query, table.name));
      return listPage(db, {
        rows: (tx) =>
          tx
            .select(columns)
            .from(table)
            .where(where)
            .orderBy(...order),
        table,
        where,
        ...opts,
      });
    },

    /** Live categories of an organization whose window holds the local time `at` ('HH:mm:ss'). */
    async current(organizationId: number, at: string) {
      return db
        .select(columns)
        .from(table)
        .where(
          and(
            eq(table.organizationId, organizationId),
            isNull(table.deletedAt),
            lte(table.timeStart, at),
            gt(table.timeFinish, at),
          ),
        )
        .orderBy(...order);
    },

    async find(scope: Scope, id: number, tx: Db = db) {
      const [row] = await tx
        .select(columns)
        .from(table)
        .where(and(eq(table.id, id), visible(scope)))
        .limit(1);
      return row ?? null;
    },

    /**
     * The organization's time zone, locking its row against the category writes of others until the
     * transaction ends: two windows saved at once cannot both pass the overlap check. (`no key
     * update` does not block the inserts that merely refer to the organization.)
     */
    async lockOrganization(organizationId: number, tx: Db = db) {
      const [row] = await tx
        .select({ timeZone: organizations.timeZone })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
        .for('no key update');
      return row ?? null;
    },

    async timeZoneOf(organizationId: number) {
      const [row] = await db
        .select({ timeZone: organizations.timeZone })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row?.timeZone ?? null;
    },

    /** A live category of the organization whose window meets [start, finish), other than `exceptId`. */
    async findOverlap(organizationId: number, start: string, finish: string, exceptId: number | null, tx: Db = db) {
      const [row] = await tx
        .select({ id: table.id, name: table.name })
        .from(table)
        .where(
          and(
            eq(table.organizationId, organizationId),
            isNull(table.deletedAt),
            lt(table.timeStart, finish),
            gt(table.timeFinish, start),
            exceptId === null ? undefined : ne(table.id, exceptId),
          ),
        )
        .orderBy(...order)
        .limit(1);
      return row ?? null;
    },

    async insert(organizationId: number, values: FixationCategoryValues, tx: Db = db) {
      const [row] = await tx
        .insert(table)
        .values({ organizationId, ...values })
        .returning(columns);
      return row!;
    },

    async update(id: number, values: FixationCategoryValues, tx: Db = db) {
      const [row] = await tx.update(table).set(values).where(eq(table.id, id)).returning(columns);
      return row!;
    },

    async archive(scope: Scope, id: number, at: Date, tx: Db = db) {
      const [row] = await tx
        .update(table)
        .set({ deletedAt: at })
        .where(and(eq(table.id, id), visible(scope)))
        .returning(columns);
      return row ?? null;
    },
  };
}
