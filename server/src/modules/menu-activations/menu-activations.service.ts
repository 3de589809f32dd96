import { schoolRef } from '../../platform/db/places.ts';
import { namesOf } from '@tamaq/contract/names';
import type { ActivationDays, ActivationDaysQuery } from '@tamaq/contract/calendar';
import type { Ok } from '@tamaq/contract/common';
import { DEFAULT_TIME_ZONE } from '@tamaq/contract/constants';
import {
  ACTIVATION_MESSAGES as M,
  type ActivatedMenu,
  type ActivationType,
  type ActivatedMenuList,
  type ActivatedMenuListQuery,
  type MenuActivate,
  type MenuActivationRemove,
} from '@tamaq/contract/menu-activations';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { audit } from '../../platform/audit.ts';
import { forbidden, isUniqueViolation, notFound, ValidationError } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { retire } from '../../platform/retire.ts';
import { localDate } from '../../platform/time.ts';
import { createSchoolCalendars } from '../calendar/school-calendar.ts';
import { addDays } from '../calendar/school-year.ts';
import { seasonOf } from '@tamaq/contract/menus';
import { applyingOn, cycleStart } from './which-applies.ts';
import {
  ACTIVATION_UNIQUE,
  createMenuActivationsRepository,
  type ActivationRow,
} from './menu-activations.repository.ts';

const toActivated = (row: ActivationRow, todayDay: number | null): ActivatedMenu => ({
  id: row.id,
  school_id: row.schoolId,
  school: schoolRef(row.schoolId, row),
  menu_id: row.menuId,
  menu: {
    id: row.menuId,
    ...namesOf({ name: row.menuName, nameKk: row.menuNameKk, nameRuMissing: row.menuNameRuMissing }),
    days: row.days,
    season: row.season,
  },
  type: row.type,
  date: row.date,
  today_day: row.current ? todayDay : null,
  replaced_on: row.replacedOn,
  created_at: row.createdAt.toISOString(),
});

/** docs/product.md "Activated menus": which menu a school eats from which date, free or paid. */
export function createMenuActivationsService(platform: Pick<Platform, 'db' | 'now'>) {
  const repo = createMenuActivationsRepository(platform.db);
  const calendars = createSchoolCalendars(platform.db);

  /**
   * Each row as answered, with today's day of its menu's cycle over its school's working days
   * (docs/rules.md "The school's year", "Seasons"): one calendar per school, from its earliest cycle start.
   */
  const answer = async (rows: ActivationRow[], today: string): Promise<ActivatedMenu[]> => {
    const current = rows.filter((r) => r.current);
    const starts = new Map<number, string>();
    await Promise.all(
      current.map(async (r) => {
        starts.set(r.id, cycleStart(r, await repo.upTo(r.schoolId, r.type, today), today));
      }),
    );
    const from = [...starts.values()].reduce((min, d) => (d < min ? d : min), today);
    const bySchool = await calendars.of(
      current.map((r) => r.schoolId),
      addDays(from, -7),
      today,
    );
    return rows.map((r) =>
      toActivated(r, r.current ? (bySchool.get(r.schoolId)?.menuDay(starts.get(r.id)!, r.days, today) ?? null) : null),
    );
  };

  /**
   * What serves at the school on each of `dates` (ascending) for the type: the menu and its day of the
   * cycle, or null; one read of the activations and one of the school's year for them all.
   */
  const servedOn = async (schoolId: number, type: ActivationType, dates: string[]) => {
    if (dates.length === 0) return [];
    const all = await repo.upTo(schoolId, type, dates[dates.length - 1]!);
    const picked = dates.map((d) => {
      const row = applyingOn(all, d);
      return row ? { row, start: cycleStart(row, all, d) } : null;
    });
    if (!picked.some(Boolean)) return dates.map(() => null);
    const first = picked.reduce((min, p) => (p && p.start < min ? p.start : min), dates[0]!);
    const calendar = await calendars.forSchool(schoolId, addDays(first, -7), dates[dates.length - 1]!);
    return picked.map((p, i) => {
      if (!p) return null;
      const day = calendar?.menuDay(p.start, p.row.days, dates[i]!) ?? null;
      return day !== null ? { menuId: p.row.menuId, ...namesOf(p.row), day } : null;
    });
  };

  /** Today in the actor's organization's time zone (docs/domain.md: days are local). */
  const todayOf = async (actor: Actor): Promise<string> => {
    if (actor.organizationId === null) throw forbidden();
    return localDate(platform.now(), (await repo.timeZone(actor.organizationId)) ?? DEFAULT_TIME_ZONE);
  };

  return {
    /** The menu that applies at the school on `today` (its zone's date) for the type, and its day of the cycle. */
    applying: async (schoolId: number, type: ActivationType, today: string) =>
      (await servedOn(schoolId, type, [today]))[0] ?? null,

    /** `applying` for each of `dates` (ascending): a week of a parent's menu asks for seven days of two menus. */
    applyingOn: servedOn,

    async list(actor: Actor, query: ActivatedMenuListQuery): Promise<ActivatedMenuList> {
      const scope = scopeOf(actor);
      if (query.schoolId !== undefined && !(await repo.school(scope, query.schoolId))) throw notFound(M.schoolNotFound);
      const today = await todayOf(actor);
      const { total, rows } = await repo.list(scope, { ...query, today });
      return { total, rows: await answer(rows, today) };
    },

    /**
     * The dates of a period with what the school's day is and the day of this activation's menu it
     * serves (the week's print: docs/rules.md "The school's year"); none before the activation.
     */
    async days(actor: Actor, q: ActivationDaysQuery): Promise<ActivationDays> {
      const today = await todayOf(actor);
      const row = await repo.find(scopeOf(actor), q.id, today);
      if (!row) throw notFound(M.notFound);
      const start = addDays(row.date < q.from ? row.date : q.from, -7);
      const calendar = (await calendars.forSchool(row.schoolId, start, q.to))!;
      const all = await repo.upTo(row.schoolId, row.type, q.to);
      // Out of its menu's season a date serves none of it; in it, the cycle counts from the season's start.
      const dayOn = (date: string) =>
        row.season !== null && row.season !== seasonOf(date)
          ? null
          : calendar.menuDay(cycleStart(row, all, date), row.days, date);
      return {
        school: schoolRef(row.schoolId, row),
        menu: {
          id: row.menuId,
          ...namesOf({ name: row.menuName, nameKk: row.menuNameKk, nameRuMissing: row.menuNameRuMissing }),
          days: row.days,
        },
        days: calendar.days
          .filter((d) => d.date >= q.from)
          .map((d) => ({
            date: d.date,
            kind: d.kind,
            name: d.name,
            name_kk: d.nameKk,
            day: dayOn(d.date),
          })),
      };
    },

    /** A school and a menu the actor does not see are 404; a second activation of one day and type 422. */
    async activate(actor: Actor, body: MenuActivate): Promise<ActivatedMenu> {
      const scope = scopeOf(actor);
      try {
        return await platform.db.transaction(async (tx) => {
          const school = await repo.school(scope, body.school_id, tx);
          if (!school) throw notFound(M.schoolNotFound);
          if (!(await repo.menu(school.organizationId, body.menu_id, tx))) throw notFound(M.menuNotFound);
          const id = await repo.insert(
            {
              organizationId: school.organizationId,
              schoolId: school.id,
              menuId: body.menu_id,
              type: body.type,
              date: body.date,
            },
            tx,
          );
          const today = localDate(platform.now(), school.timeZone);
          const activated = (await answer([(await repo.find(scope, id, today, tx))!], today))[0]!;
          await audit(tx, actor, {
            action: 'menu_activate',
            entity: 'menu_activation',
            entityId: id,
            organizationId: school.organizationId,
            after: activated,
          });
          return activated;
        });
      } catch (err) {
        if (isUniqueViolation(err, ACTIVATION_UNIQUE)) throw ValidationError.field('date', M.taken);
        throw err;
      }
    },

    /** Archived: the menu may then be deleted, and the school eats from the previous activation. */
    async remove(actor: Actor, { id }: MenuActivationRemove): Promise<Ok> {
      const today = await todayOf(actor);
      return retire(platform.db, actor, {
        find: async (tx) =>
          (await repo.lock(scopeOf(actor), id, tx)) ? repo.find(scopeOf(actor), id, today, tx) : null,
        notFound: M.notFound,
        retire: (tx) => repo.archive(id, platform.now(), tx),
        audit: {
          action: 'menu_deactivate',
          entity: 'menu_activation',
          id,
          organizationId: (r) => r.organizationId,
          before: (r) => toActivated(r, null),
        },
      });
    },
  };
}
