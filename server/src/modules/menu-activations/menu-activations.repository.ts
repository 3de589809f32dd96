import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ActivationType } from '@tamaq/contract/menu-activations';
import { tenantFilter, type Scope } from '../../platform/auth/scope.ts';
import { listPage } from '../../platform/db/catalogue.ts';
import type { Db } from '../../platform/db/client.ts';
import { organizationTimeZone } from '../../platform/db/time-zone.ts';
import { schools } from '../../platform/db/schema.ts';
import { menuActivations, menus } from '../../platform/db/schema-food.ts';
import { schoolInScope, schoolNameColumns } from '../../platform/db/places.ts';

export const ACTIVATION_UNIQUE = 'menu_activations_school_type_date_key';

/**
 * Whether the activation is the one that applies on `today`: dated `today` or earlier and no later
 * live activation of its school and type is. Written out: drizzle would name the outer columns bare.
 */
const appliesOn = (today: string) => sql<boolean>`(menu_activations.date <= ${today}::date and not exists (
  select 1 from menu_activations b
  where b.school_id = menu_activations.school_id and b.type = menu_activations.type
    and b.deleted_at is null and b.date <= ${today}::date and b.date > menu_activations.date))`;

/**
 * The day a later live activation of its school and type took over from it ('YYYY-MM-DD'), when one
 * has by `today`; else null.
 */
const replacedOn = (today: string) => sql<string | null>`(select min(b.date)::text from menu_activations b
  where b.school_id = menu_activations.school_id and b.type = menu_activations.type
    and b.deleted_at is null and b.date > menu_activations.date and b.date <= ${today}::date)`;

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
     * The menu that applies at the school on `today` for the type, with today's day of it
     * (docs/domain.md), or null when none does.
     */
    /**
     * The activations that apply on some day of `from`..`to`: the one applying on `from` and those
     * after it up to `to`, newest first (the order `applying` picks by).
     */
    async applyingBetween(schoolId: number, type: ActivationType, from: string, to: string) {
      const live = and(
        eq(menuActivations.schoolId, schoolId),
        eq(menuActivations.type, type),
        isNull(menuActivations.deletedAt),
      );
      return db
        .select({
          menuId: menuActivations.menuId,
          name: menus.name,
          nameKk: menus.nameKk,
          nameRuMissing: menus.nameRuMissing,
          days: menus.days,
          date: menuActivations.date,
        })
        .from(menuActivations)
        .innerJoin(menus, eq(menus.id, menuActivations.menuId))
        .where(
          and(
            live,
            sql`${menuActivations.date} <= ${to}::date`,
            sql`${menuActivations.date} >= coalesce((select max(b.date) from menu_activations b
              where b.school_id = ${schoolId} and b.type = ${type} and b.deleted_at is null
                and b.date <= ${from}::date), ${from}::date)`,
          ),
        )
        .orderBy(desc(menuActivations.date), desc(menuActivations.id));
    },

    async applying(schoolId: number, type: ActivationType, today: string, tx: Db = db) {
      const [row] = await tx
        .select({
          menuId: menuActivations.menuId,
          name: menus.name,
          nameKk: menus.nameKk,
          nameRuMissing: menus.nameRuMissing,
          days: menus.days,
          date: menuActivations.date,
        })
        .from(menuActivations)
        .innerJoin(menus, eq(menus.id, menuActivations.menuId))
        .where(
          and(
            eq(menuActivations.schoolId, schoolId),
            eq(menuActivations.type, type),
            isNull(menuActivations.deletedAt),
            sql`${menuActivations.date} <= ${today}::date`,
          ),
        )
        .orderBy(desc(menuActivations.date), desc(menuActivations.id))
        .limit(1);
      return row ?? null;
    },
  };
}
