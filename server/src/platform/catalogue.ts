import { and, asc, eq, getTableColumns, isNull, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Ok } from '@tamaq/contract/common';
import { namesToStore, type StoredNames } from '@tamaq/contract/names';
import type { Actor } from './auth/actors.ts';
import { audit } from './audit.ts';
import { scopeOf, tenantFilter, type Scope } from './auth/scope.ts';
import type { Db } from './db/client.ts';
import { listPage, searchIn } from './db/catalogue.ts';
import { forbidden, isUniqueViolation, notFound, ValidationError } from './http/errors.ts';
import { retire } from './retire.ts';
import { alphabetically } from './db/alphabet.ts';

/** An organization's catalogue: its rows belong to one organization and are archived, not deleted. */
export type CatalogueTable = PgTable & {
  id: PgColumn;
  organizationId: PgColumn;
  name: PgColumn;
  deletedAt: PgColumn;
};

/** A body's names: `name` alone for most catalogues, and `name_kk` beside it for a bilingual one. */
type BodyNames = { name?: string | null | undefined; name_kk?: string | null | undefined };

/** Computed columns read with every row (a count of what refers to it). */
type Computed = Record<string, SQL<unknown>>;
/** A row as read: the table's columns and the computed ones. */
export type CatalogueRow<T extends CatalogueTable, X extends Computed> = T['$inferSelect'] & {
  [K in keyof X]: X[K] extends SQL<infer V> ? V : never;
};

export interface CatalogueSpec<T extends CatalogueTable, X extends Computed, A> {
  table: T;
  /** Columns computed for every row read (`sql<number>\`(select count(*) …)\`.mapWith(Number)`). */
  computed?: X;
  /** What the list's search looks in (the name at least). */
  search: (table: T) => (AnyColumn | SQL)[];
  /** A row as the API answers it. */
  answer: (row: CatalogueRow<T, X>) => A;
  /** The 404's text. */
  notFound: string;
  /** The audit entries: a removal is `<entity>_delete`… as `action` says; `writes` audits creates and changes too. */
  audit: { action: string; entity: string; writes?: boolean };
  /** The list's order (by default the name), ending with a unique column. */
  order?: (table: T) => SQL[];
  /**
   * A rule a create or change must keep across rows (no two overlapping windows): throws the 422.
   * Runs in the write's transaction before the write, `id` null for a create.
   */
  check?: (
    tx: Db,
    write: { organizationId: number; id: number | null; values: Partial<T['$inferInsert']> },
  ) => Promise<void>;
  /** Unique indexes whose violation is the user's doing: a 422 on the field with the message. */
  unique?:
    { constraint: string; field: string; message: string } | { constraint: string; field: string; message: string }[];
  /**
   * Named in Russian and Kazakh (contract/src/names.ts): the body's `name` and `name_kk` are stored
   * as `name`, `nameKk` and `nameRuMissing`, a name left out of a change stays, and at least one is
   * required (422 on `name`).
   */
  bilingual?: boolean;
  /** Why a row may not go (a 409), read in the removal's transaction with the row locked; else null. */
  refuseRemoval?: (tx: Db, id: number) => Promise<string | null>;
}

export interface CatalogueQuery {
  query?: string | undefined;
  /** The super admin's filter; everybody else sees their own organization. */
  organizationId?: number | undefined;
  limit: number;
  offset: number;
}

/** A row is created in the caller's own organization (the super admin has no catalogue screens). */
export const ownOrganization = (actor: Actor): number => {
  if (actor.organizationId === null) throw forbidden();
  return actor.organizationId;
};

/**
 * The server side of a plain catalogue: its list (search, paging, by name), one row, create in the
 * caller's organization, update and removal (refused with a reason while something refers to the
 * row, else archived and audited), each within the caller's scope. A module gives its table, what
 * to search, how a row is answered and its texts; what is particular to it stays in the module.
 */
export function createCatalogue<T extends CatalogueTable, A, X extends Computed = Record<never, never>>(
  platform: { db: Db; now: () => Date },
  spec: CatalogueSpec<T, X, A>,
) {
  type Row = CatalogueRow<T, X>;
  const { db } = platform;
  const t = spec.table as CatalogueTable;
  const columns = { ...getTableColumns(t), ...spec.computed };
  const everywhere: Scope = { all: true, organizationId: null, schoolId: null };

  /** A write that hits a unique name answers on the field, not with a 500. */
  const saving = async <R>(write: () => Promise<R>): Promise<R> => {
    try {
      return await write();
    } catch (err) {
      for (const unique of [spec.unique ?? []].flat()) {
        if (isUniqueViolation(err, unique.constraint)) throw ValidationError.field(unique.field, unique.message);
      }
      throw err;
    }
  };

  /** A body's names as the table stores them (when the catalogue is bilingual), given the row before. */
  const named = <V extends object>(values: V, before: StoredNames | null): V => {
    if (!spec.bilingual) return values;
    const { name, name_kk, ...rest } = values as V & { name?: string | null; name_kk?: string | null };
    const names = namesToStore({ name, name_kk }, before);
    if ('error' in names) throw ValidationError.field('name', names.error);
    return { ...rest, ...names } as V;
  };

  /** Live rows the scope may see; the super admin may narrow to one organization. */
  const visible = (scope: Scope, organizationId?: number) =>
    and(
      isNull(t.deletedAt),
      scope.all && organizationId ? eq(t.organizationId, organizationId) : tenantFilter(t as never, scope),
    );

  /** `lock` holds the row until the transaction ends, so a removal and its checks see one state. */
  const find = async (scope: Scope, id: number, tx: Db = db, lock = false): Promise<Row | null> => {
    const query = tx
      .select(columns)
      .from(t as PgTable)
      .where(and(eq(t.id, id), visible(scope)))
      .limit(1);
    const [row] = lock ? await query.for('update', { of: t as PgTable }) : await query;
    return (row as Row | undefined) ?? null;
  };

  const found = (row: Row | null): A => {
    if (!row) throw notFound(spec.notFound);
    return spec.answer(row);
  };

  /** A change; its values may be computed from the row as it was (a field the body leaves out keeps its value). */
  const change = (
    actor: Actor,
    id: number,
    given: Partial<T['$inferInsert']> | ((before: Row) => Partial<T['$inferInsert']>),
  ): Promise<A> =>
    saving(() =>
      db.transaction(async (tx) => {
        const before = await find(scopeOf(actor), id, tx, true);
        if (!before) throw notFound(spec.notFound);
        const organizationId = (before as { organizationId: number }).organizationId;
        const values = named(typeof given === 'function' ? given(before) : given, before as unknown as StoredNames);
        await spec.check?.(tx, { organizationId, id, values });
        await tx
          .update(t)
          .set(values as never)
          .where(eq(t.id, id));
        const after = spec.answer((await find(everywhere, id, tx))!);
        if (spec.audit.writes) {
          const entity = spec.audit.entity;
          await audit(tx, actor, {
            action: `${entity}_update`,
            entity,
            entityId: id,
            organizationId,
            before: spec.answer(before),
            after,
          });
        }
        return after;
      }),
    );

  return {
    find,
    visible,

    async list(actor: Actor, q: CatalogueQuery): Promise<{ total: number; rows: A[] }> {
      const where = and(visible(scopeOf(actor), q.organizationId), searchIn(q.query, ...spec.search(spec.table)));
      const page = await listPage(db, {
        rows: (tx) =>
          tx
            .select(columns)
            .from(t as PgTable)
            .where(where)
            .orderBy(...(spec.order ? spec.order(spec.table) : [alphabetically(t.name), asc(t.id)])),
        table: t,
        where,
        limit: q.limit,
        offset: q.offset,
      });
      return { total: page.total, rows: page.rows.map((row) => spec.answer(row as Row)) };
    },

    async get(actor: Actor, id: number): Promise<A> {
      return found(await find(scopeOf(actor), id));
    },

    /** A bilingual catalogue's body names it by `name` and `name_kk`, either of which may be left out. */
    create: (actor: Actor, given: Omit<T['$inferInsert'], 'organizationId' | 'name'> & BodyNames): Promise<A> => {
      const organizationId = ownOrganization(actor);
      const values = named(given, null);
      return saving(() =>
        db.transaction(async (tx) => {
          await spec.check?.(tx, { organizationId, id: null, values: values as Partial<T['$inferInsert']> });
          const [made] = await tx
            .insert(t)
            .values({ ...values, organizationId } as never)
            .returning({ id: t.id });
          const after = spec.answer((await find(everywhere, (made as { id: number }).id, tx))!);
          if (spec.audit.writes) {
            const entity = spec.audit.entity;
            await audit(tx, actor, {
              action: `${entity}_create`,
              entity,
              entityId: (made as { id: number }).id,
              organizationId,
              after,
            });
          }
          return after;
        }),
      );
    },

    /** A change of the fields given; the id is the body's. */
    update(
      actor: Actor,
      { id, ...values }: { id: number } & Partial<Omit<T['$inferInsert'], 'name'>> & BodyNames,
    ): Promise<A> {
      return change(actor, id, values as unknown as Partial<T['$inferInsert']>);
    },

    change,

    remove: (actor: Actor, id: number): Promise<Ok> =>
      retire(db, actor, {
        find: (tx) => find(scopeOf(actor), id, tx, true),
        notFound: spec.notFound,
        ...(spec.refuseRemoval ? { refuse: (tx: Db) => spec.refuseRemoval!(tx, id) } : {}),
        retire: (tx) =>
          tx
            .update(t)
            .set({ deletedAt: platform.now() } as never)
            .where(eq(t.id, id)),
        audit: {
          ...spec.audit,
          id,
          organizationId: (row) => (row as { organizationId: number }).organizationId,
          before: spec.answer,
        },
      }),
  };
}
