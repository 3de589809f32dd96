import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ActivationType } from '@tamaq/contract/menu-activations';
import { seasonOf } from '@tamaq/contract/menus';
import { tenantFilter, type Scope } from '../../platform/auth/scope.ts';
import { listPage } from '../../platform/db/catalogue.ts';
import type { Db } from '../../platform/db/client.ts';
import { organizationTimeZone } from '../../platform/db/time-zone.ts';
import { schools } from '../../platform/db/schema.ts';
import { menuActivations, menus } from '../../platform/db/schema-food.ts';
import { schoolInScope, schoolNameColumns } from '../../platform/db/places.ts';

export const ACTIVATION_UNIQUE = 'menu_activations_school_type_date_key';

/**
 * Whether the activation is the one that applies on `today` (docs/rules.md "Seasons"): dated `today` or
 * earlier, its menu of `today`'s season or of none, and no later such live activation of its school and
 * type is. Written out: drizzle would name the outer columns bare.
 */
const appliesOn = (today: string) => {
  const season = seasonOf(today);
  return sql<boolean>`(menu_activations.date <= ${today}::date
    and (menus.season is null or menus.season = ${season})
    and not exists (
      select 1 from menu_activations b join menus bm on bm.id = b.menu_id
      where b.school_id = menu_activations.school_id and b.type = menu_activations.type
        and b.deleted_at is null and b.date <= ${today}::date and b.date > menu_activations.date
        and (bm.season is null or bm.season = ${season})))`;
};

/**
 * The day a later live activation of its school and type took over all its dates, when one has by
 * `today` (a menu of all year, or of its menu's season); else null.
 */
const replacedOn = (today: string) => sql<string | null>`(select min(b.date)::text
  from menu_activations b join menus bm on bm.id = b.menu_id
  where b.school_id = menu_activations.school_id and b.type = menu_activations.type
    and b.deleted_at is null and b.date > menu_activations.date and b.date <= ${today}::date
    and (bm.season is null or bm.season = menus.season))`;

const columnsOn = (today: string) => ({
  id: menuActivations.id,
  organizationId: menuActivations.organizationId,
  schoolId: menuActivations.schoolId,
  ...schoolNameColumns,
  menuId: menuActivations.menuId,
  menuName: menus.name,
  menuNameKk: menus.nameKk,
  menuNameRuMissing: menus.nameRuMissing,
  days: menus.days,
  season: menus.season,
  type: menuActivations.type,
  date: menuActivations.date,
  createdAt: menuActivations.createdAt,
  current: appliesOn(today),
  replacedOn: replacedOn(today),
});
/** Activations with their school's and menu's names, and whether each applies `today`. */
const select = (tx: Db, today: string) =>
  tx
    .select(columnsOn(today))
    .from(menuActivations)
    .innerJoin(schools, eq(schools.id, menuActivations.schoolId))
    .innerJoin(menus, eq(menus.id, menuActivations.menuId));
export type ActivationRow = Awaited<ReturnType<typeof select>>[number];

export function createMenuActivationsRepository(db: Db) {
  const visible = (scope: Scope) => and(isNull(menuActivations.deletedAt), tenantFilter(menuActivations, scope));
  return {
    /** Newest first: by date, then by when it was made. */
    list(scope: Scope, opts: { schoolId?: number; today: string; limit: number; offset: number }) {
      const where = and(
        visible(scope),
        opts.schoolId !== undefined ? eq(menuActivations.schoolId, opts.schoolId) : undefined,
      );
      return listPage(db, {
        rows: (tx) => select(tx, opts.today).where(where).orderBy(desc(menuActivations.date), desc(menuActivations.id)),
        table: menuActivations,
        where,
        limit: opts.limit,
        offset: opts.offset,
      });
    },

    async find(scope: Scope, id: number, today: string, tx: Db = db): Promise<ActivationRow | null> {
      const [row] = await select(tx, today)
        .where(and(eq(menuActivations.id, id), visible(scope)))
        .limit(1);
      return row ?? null;
    },

    /** The school in scope with its organization's time zone, or null. */
    school: (scope: Scope, id: number, tx: Db = db) => schoolInScope(tx, scope, id),

    /** The organization's time zone (for the list's "today"). */
    timeZone: (organizationId: number) => organizationTimeZone(db, organizationId),

    /** A live menu of the organization, kept from deletion until the transaction ends. */
    async menu(organizationId: number, id: number, tx: Db) {
      const [row] = await tx
        .select({ id: menus.id })
        .from(menus)
        .where(and(eq(menus.id, id), eq(menus.organizationId, organizationId), isNull(menus.deletedAt)))
        .for('share');
      return row ?? null;
    },

    async insert(
      values: { organizationId: number; schoolId: number; menuId: number; type: ActivationType; date: string },
      tx: Db,
    ): Promise<number> {
      const [row] = await tx.insert(menuActivations).values(values).returning({ id: menuActivations.id });
      return row!.id;
    },

    async lock(scope: Scope, id: number, tx: Db) {
      const [row] = await tx
        .select({ id: menuActivations.id })
        .from(menuActivations)
        .where(and(eq(menuActivations.id, id), visible(scope)))
        .for('update');
      return row ?? null;
    },

    async archive(id: number, at: Date, tx: Db) {
      await tx.update(menuActivations).set({ deletedAt: at }).where(eq(menuActivations.id, id));
    },

    /**
     * The school's live activations of the type dated `to` or earlier, newest first, each with its
     * menu's days and season: which applies on a date is picked from them (docs/rules.md "Seasons").
     */
    upTo(schoolId: number, type: ActivationType, to: string, tx: Db = db) {
      return tx
        .select({
          menuId: menuActivations.menuId,
          name: menus.name,
          nameKk: menus.nameKk,
          nameRuMissing: menus.nameRuMissing,
          days: menus.days,
          season: menus.season,
          date: menuActivations.date,
        })
        .from(menuActivations)
        .innerJoin(menus, eq(menus.id, menuActivations.menuId))
        .where(
          and(
            eq(menuActivations.schoolId, schoolId),
            eq(menuActivations.type, type),
            isNull(menuActivations.deletedAt),
            sql`${menuActivations.date} <= ${to}::date`,
          ),
        )
        .orderBy(desc(menuActivations.date), desc(menuActivations.id));
    },
  };
}
