import { namesOf } from '@tamaq/contract/names';
import { ALLERGENS, restrictedAllergens } from '@tamaq/contract/allergens';
import {
  KITCHEN_MESSAGES as M,
  type KitchenCount,
  type KitchenQuery,
  type RestrictedMealRuleAnswer,
  type RestrictedMealRuleBody,
} from '@tamaq/contract/kitchen';
import { audit } from '../../platform/audit.ts';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { compareNames } from '../../platform/db/alphabet.ts';
import { schoolInScope } from '../../platform/db/places.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createSchoolCalendars } from '../calendar/school-calendar.ts';
import { addDays, dueOn, gradeOf, isServed } from '../calendar/school-year.ts';
import { createMenuActivationsService } from '../menu-activations/menu-activations.service.ts';
import { createKitchenRepository } from './kitchen.repository.ts';

/** How far ahead the next working day is looked for (the longest vacation but summer). */
const NEXT_DAY_SPAN = 21;

/**
 * The kitchen's count (docs/rules.md "The kitchen's count"): the portions a school's day is due, per
 * class, food category and meal time: entitled, not away, the class's grade not on vacation, on a
 * working day.
 */
export function createKitchenService(platform: Pick<Platform, 'db' | 'now'>) {
  const repo = createKitchenRepository(platform.db);
  const calendars = createSchoolCalendars(platform.db);
  const activations = createMenuActivationsService(platform);

  return {
    /**
     * The dishes of the school's free menu served on `date`, with their allergens (none when no menu
     * applies): what the queue warns of for a pupil whose restrictions one of them meets.
     */
    async dayDishes(schoolId: number, date: string) {
      const served = await activations.applying(schoolId, 'free_food', date);
      return served ? repo.menuDishes(served.menuId, served.day, date) : [];
    },

    /** The school's live meal times in the day's order, for the modules that count a pupil's meals. */
    mealTimes: (schoolId: number) => repo.meals(schoolId),

    async count(actor: Actor, q: KitchenQuery): Promise<KitchenCount> {
      const school = await schoolInScope(platform.db, scopeOf(actor), q.schoolId);
      if (!school) throw notFound(M.schoolNotFound);
      const [calendar, rows, meals, served, rule] = await Promise.all([
        calendars.forSchool(school.id, q.date, addDays(q.date, NEXT_DAY_SPAN)),
        repo.rows(school.id, q.date),
        repo.meals(school.id),
        activations.applying(school.id, 'free_food', q.date),
        repo.restrictedRule(school.id),
      ]);
      const menuDishes = served ? await repo.menuDishes(served.menuId, served.day, q.date) : [];
      const restricted: KitchenCount['restricted'] = [];
      const day = calendar!.day(q.date)!;
      const next = calendar!.days.find((d) => d.date > q.date && isServed(d.kind))?.date ?? null;
      const categories = new Map<number, KitchenCount['categories'][number]>();
      const classes = new Map<number, KitchenCount['classes'][number]>();
      const zero = () => ({
        pupils: 0,
        entitled: 0,
        absent: 0,
        due: 0,
        by_category: {} as Record<string, number>,
        by_meal: {} as Record<string, number>,
      });
      const totals = zero();
      for (const r of rows) {
        let c = classes.get(r.classroomId);
        if (!c)
          classes.set(
            r.classroomId,
            (c = {
              id: r.classroomId,
              ...namesOf({ name: r.classroomName, nameKk: r.classroomNameKk, nameRuMissing: r.classroomNameRuMissing }),
              shift: r.classroomShift,
              ...zero(),
            }),
          );
        if (r.pupilId === null) continue;
        const fed = r.entitled && dueOn(day, gradeOf(r.classroomName));
        if (r.categoryId !== null && fed)
          categories.set(r.categoryId, {
            id: r.categoryId,
            ...namesOf({
              name: r.categoryName!,
              nameKk: r.categoryNameKk,
              nameRuMissing: r.categoryNameRuMissing ?? false,
            }),
            type: r.categoryType!,
          });
        if (fed && !r.absent && r.allergens && r.diets) {
          // A pupil who eats today and whose restrictions today's dishes meet: the kitchen's list.
          const kept = restrictedAllergens(r.allergens, r.diets);
          const dishes = menuDishes.filter((d) => d.allergens.some((a) => (kept as string[]).includes(a)));
          if (dishes.length > 0)
            restricted.push({
              classroom: { id: c.id, name: c.name, name_ru: c.name_ru, name_kk: c.name_kk },
              pupil: { id: r.pupilId, name: r.pupilName! },
              allergens: ALLERGENS.filter((a) => kept.includes(a) && dishes.some((d) => d.allergens.includes(a))),
              dishes: dishes.map((d) => ({ id: d.id, ...namesOf(d) })),
              note: r.restrictionNote,
              confirmed: r.confirmed,
            });
        }
        for (const t of [c, totals]) {
          t.pupils += 1;
          if (!fed) continue;
          t.entitled += 1;
          if (r.absent) t.absent += 1;
          else {
            t.due += 1;
            const k = String(r.categoryId);
            t.by_category[k] = (t.by_category[k] ?? 0) + 1;
            // Each meal of the class's shift the category pays for (every one where it names none).
            for (const m of meals) {
              if (m.shift !== null && m.shift !== r.classroomShift) continue;
              if (r.categoryMeals && !r.categoryMeals.includes(m.id)) continue;
              t.by_meal[String(m.id)] = (t.by_meal[String(m.id)] ?? 0) + 1;
            }
          }
        }
      }
      return {
        school: { id: school.id, ...namesOf(school) },
        date: q.date,
        day: { kind: day.kind, name: day.name, name_kk: day.nameKk },
        categories: [...categories.values()].sort((a, b) => compareNames(a.name, b.name) || a.id - b.id),
        meals: meals.map((m) => ({
          id: m.id,
          name: m.name,
          time_start: m.timeStart,
          shift: m.shift === 1 || m.shift === 2 ? m.shift : null,
        })),
        classes: [...classes.values()],
        totals,
        next_working_day: next,
        menu: served
          ? { id: served.menuId, name: served.name, name_ru: served.name_ru, name_kk: served.name_kk, day: served.day }
          : null,
        restricted_rule: rule,
        restricted,
      };
    },

    /**
     * The school's rule at the queue for a pupil whose restrictions meet a dish of the day: record and
     * warn, or refuse (docs/rules.md "Restrictions and allergens"). Audited when it changes.
     */
    async setRestrictedRule(actor: Actor, body: RestrictedMealRuleBody): Promise<RestrictedMealRuleAnswer> {
      const school = await schoolInScope(platform.db, scopeOf(actor), body.schoolId);
      if (!school) throw notFound(M.schoolNotFound);
      await platform.db.transaction(async (tx) => {
        const inTx = createKitchenRepository(tx);
        const before = await inTx.restrictedRule(school.id);
        if (before === body.rule) return;
        await inTx.setRestrictedRule(school.id, body.rule);
        await audit(tx, actor, {
          action: 'restricted_meal_rule',
          entity: 'school',
          entityId: school.id,
          organizationId: school.organizationId,
          before: { rule: before },
          after: { rule: body.rule },
        });
      });
      return { schoolId: school.id, rule: body.rule };
    },
  };
}
