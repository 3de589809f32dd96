import { DEFAULT_TIME_ZONE } from '@tamaq/contract/constants';
import {
  CHILD_BOOKS_HISTORY_MAX,
  FAMILY_MESSAGES as M,
  type ChildBooks,
  type ChildLoan,
  type ChildMeal,
  type ChildMeals,
  type ChildDay,
  type ChildDays,
  type ChildMealParams,
  type ChildMealsQuery,
  type RatingBody,
  type ChildMenu,
  type ChildMenuDay,
  type ChildMenuQuery,
  type ChildRecord,
  type ChildRestrictions,
  type ConfirmationBody,
  type ParentChild,
  type ParentChildren,
  type StudentMealParams,
  type PupilFamily,
  type PupilParentParams,
  type RestrictionsBody,
} from '@tamaq/contract/family';
import { ALLERGENS, DIETS, restrictedAllergens, type Allergen, type Diet } from '@tamaq/contract/allergens';
import { imageUrl } from '@tamaq/contract/images';
import { NOTIFICATION_CHANNELS } from '@tamaq/contract/notifications';
import { translate } from '@tamaq/contract/languages';
import { LOAN_SOON_DAYS } from '@tamaq/contract/library';
import { ACTIVATION_TYPES } from '@tamaq/contract/menu-activations';
import { MEAL_MODES } from '@tamaq/contract/menus';
import { namesOf } from '@tamaq/contract/names';
import type { Actor } from '../../platform/auth/actors.ts';
import { audit } from '../../platform/audit.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { classroomRef, schoolRef } from '../../platform/db/places.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { localDate, localTime } from '../../platform/time.ts';
import { createSchoolCalendars } from '../calendar/school-calendar.ts';
import { addDays, dueOn, gradeOf, isoWeekday, isServed, type SchoolDay } from '../calendar/school-year.ts';
import { createKitchenService } from '../kitchen/kitchen.service.ts';
import { createMenuActivationsService } from '../menu-activations/menu-activations.service.ts';
import { createMealDishes } from '../ratings/meal-dishes.ts';
import { createFamilyRepository, type ChildRow, type LoanRow, type MealRow } from './family.repository.ts';

/** All but the last four digits hidden: «********1234». */
export const maskIin = (iin: string | null): string | null =>
  iin === null ? null : `${'*'.repeat(Math.max(0, iin.length - 4))}${iin.slice(-4)}`;

const foodCategoryOf = (r: {
  foodCategoryName: string | null;
  foodCategoryNameKk: string | null;
  foodCategoryNameRuMissing: boolean | null;
}) =>
  r.foodCategoryName === null
    ? null
    : namesOf({ name: r.foodCategoryName, nameKk: r.foodCategoryNameKk, nameRuMissing: !!r.foodCategoryNameRuMissing });

const schoolOf = (
  id: number | null,
  r: { schoolName: string | null; schoolNameKk: string | null; schoolNameRuMissing: boolean | null },
) =>
  id === null || r.schoolName === null
    ? null
    : schoolRef(id, {
        schoolName: r.schoolName,
        schoolNameKk: r.schoolNameKk,
        schoolNameRuMissing: !!r.schoolNameRuMissing,
      });

const toMeal = (r: MealRow): ChildMeal => ({
  id: r.id,
  at: r.createdAt.toISOString(),
  date: r.date,
  school: schoolOf(r.schoolId, r),
  canteen: r.canteenId !== null && r.canteenName !== null ? { id: r.canteenId, name: r.canteenName } : null,
  // A school's visit counts as the pupil's food category, a canteen's as its meal time.
  category:
    r.foodCategoryName !== null
      ? foodCategoryOf(r)
      : r.fixationCategoryName !== null
        ? { name: r.fixationCategoryName, name_ru: r.fixationCategoryName, name_kk: null }
        : null,
  count: r.count,
  rating: r.score === null ? null : { score: r.score, comment: r.comment },
});

type RestrictionsRow = Awaited<ReturnType<ReturnType<typeof createFamilyRepository>['restrictions']>>;

/** A child's restrictions as answered; none set yet: nothing kept from the child. */
const toRestrictions = (r: RestrictionsRow): ChildRestrictions => ({
  allergens: ALLERGENS.filter((a) => r?.allergens.includes(a)),
  diets: DIETS.filter((d) => r?.diets.includes(d)),
  note: r?.note ?? null,
  set_by: r ? (r.setBy ?? null) : null,
  set_at: r?.setAt.toISOString() ?? null,
  confirmed: r?.confirmedAt ? { by: r.confirmedBy ?? null, at: r.confirmedAt.toISOString() } : null,
});

/** A loan as the parent reads it, its status against the child's organization's today. */
const toLoan = (r: LoanRow, today: string): ChildLoan => {
  const returned = r.returnedAt !== null;
  return {
    id: r.id,
    book: { name: r.bookName, authors: r.authors },
    school: schoolOf(r.schoolId, r)!,
    issued_at: r.issuedAt.toISOString(),
    expired_at: r.expiredAt,
    returned_at: r.returnedAt?.toISOString() ?? null,
    status: returned
      ? 'returned'
      : r.expiredAt < today
        ? 'overdue'
        : r.expiredAt <= addDays(today, LOAN_SOON_DAYS)
          ? 'soon'
          : 'normal',
    late: false,
  };
};

/**
 * A parent's view of their children (docs/rules.md "A parent's children"): only the children linked
 * to the parent's account, wherever they study; another child answers 404 like a missing one.
 */
export function createFamilyService(platform: Pick<Platform, 'db' | 'now'>) {
  const repo = createFamilyRepository(platform.db);
  const calendars = createSchoolCalendars(platform.db);
  const kitchen = createKitchenService(platform);
  const activations = createMenuActivationsService(platform);
  const mealDishes = createMealDishes(platform);
  const familyOf = async (pupilId: number): Promise<PupilFamily> => {
    const [restrictions, parents] = await Promise.all([repo.restrictions(pupilId), repo.linkedParents(pupilId)]);
    return {
      restrictions: toRestrictions(restrictions),
      parents: parents.map((p) => ({
        id: p.id,
        name: p.name,
        email: p.email,
        since: p.since.toISOString(),
        channels: NOTIFICATION_CHANNELS.filter((c) => p.channels.includes(c) && (c !== 'email' || !!p.email)),
      })),
    };
  };
  const todayOf = (child: ChildRow) => localDate(platform.now(), child.timeZone ?? DEFAULT_TIME_ZONE);
  /** Children's rows as a parent reads them: today's meals, each with `actor`'s rating. */
  const asChildren = async (actor: Actor, children: ChildRow[]): Promise<ParentChild[]> => {
    const days = children.map(todayOf);
    const sorted = [...days].sort();
    const meals = await repo.meals(
      children.map((c) => c.id),
      sorted[0] ?? '',
      sorted[sorted.length - 1] ?? '',
      actor.userId,
    );
    return children.map((c, i) => ({
      id: c.id,
      name: c.name,
      image: c.imageKey ? { url: imageUrl(c.imageKey) } : null,
      iin_masked: maskIin(c.iin),
      school: schoolOf(c.schoolId, c),
      classroom: classroomRef(c.classroomId, c),
      food_category: c.foodCategoryType === null ? null : { ...foodCategoryOf(c)!, type: c.foodCategoryType },
      time_zone: c.timeZone ?? DEFAULT_TIME_ZONE,
      today: days[i]!,
      meals_today: meals.filter((m) => m.userId === c.id && m.date === days[i]).map(toMeal),
    }));
  };

  /** `actor`'s rating of `child`'s meal of today (another day's: 409; not the child's: 404). */
  const rateMeal = async (actor: Actor, child: ChildRow, mealId: number, body: RatingBody): Promise<ChildMeal> => {
    const today = localDate(platform.now(), child.timeZone ?? DEFAULT_TIME_ZONE);
    const [meal] = await repo.meals([child.id], '2000-01-01', '2100-12-31', actor.userId, mealId);
    if (!meal) throw notFound(M.mealNotFound);
    if (meal.date !== today) throw conflict(M.ratingDay);
    await repo.rate({
      organizationId: meal.organizationId,
      schoolId: meal.schoolId,
      pupilId: child.id,
      raterId: actor.userId,
      visitId: meal.id,
      date: meal.date,
      score: body.score,
      comment: body.comment ?? null,
      dishIds: await mealDishes({
        schoolId: meal.schoolId,
        foodCategoryType: meal.foodCategoryType as 'sw' | 'common' | null,
        date: meal.date,
        mealName: meal.fixationCategoryName,
      }),
      at: platform.now(),
    });
    return toMeal({ ...meal, score: body.score, comment: body.comment ?? null });
  };

  return {
    /** The parent's child `childId`, or null when it is not theirs (or not there). */
    async childOf(parentId: number, childId: number) {
      const [child] = await repo.children(parentId, childId);
      return child ?? null;
    },

    /** The e-mail of the parent's profile, null when there is none. */
    emailOf: (parentId: number) => repo.emailOf(parentId),

    async children(actor: Actor): Promise<ParentChildren> {
      return { rows: await asChildren(actor, await repo.children(actor.userId)) };
    },

    /** A pupil who signs in: themselves as a parent sees them (a pupil out of a class: 404). */
    async studentToday(actor: Actor): Promise<ParentChild> {
      const [self] = await asChildren(actor, await repo.self(actor.userId));
      if (!self) throw notFound(M.childNotFound);
      return self;
    },

    /** A pupil who signs in rates their own meal of today, as a parent rates a child's. */
    async studentRate(actor: Actor, p: StudentMealParams, body: RatingBody): Promise<ChildMeal> {
      const [self] = await repo.self(actor.userId);
      if (!self) throw notFound(M.childNotFound);
      return rateMeal(actor, self, p.mealId, body);
    },

    async meals(actor: Actor, childId: number, q: ChildMealsQuery): Promise<ChildMeals> {
      const [child] = await repo.children(actor.userId, childId);
      if (!child) throw notFound(M.childNotFound);
      return { rows: (await repo.meals([child.id], q.dateFrom, q.dateTo, actor.userId)).map(toMeal) };
    },

    /**
     * The menus of the child's school on each day of the period (docs/rules.md "A parent's
     * children"): the free and the paid menu's day of the cycle served that date, by meal mode, each
     * dish with its photo, portion, and price where paid. A day the school does not work has none.
     */
    async menu(actor: Actor, childId: number, q: ChildMenuQuery): Promise<ChildMenu> {
      const [child] = await repo.children(actor.userId, childId);
      if (!child) throw notFound(M.childNotFound);
      const today = localDate(platform.now(), child.timeZone ?? DEFAULT_TIME_ZONE);
      const schoolId = child.schoolId;
      const calendar = schoolId === null ? null : await calendars.forSchool(schoolId, q.dateFrom, q.dateTo);
      const kept = await repo.restrictions(child.id);
      const keptAway = kept ? restrictedAllergens(kept.allergens, kept.diets) : [];
      const days: ChildMenuDay[] = [];
      const dates: string[] = [];
      for (let date = q.dateFrom; date <= q.dateTo; date = addDays(date, 1)) dates.push(date);
      // The menu each type serves on each date, the school's year read once per type.
      const servedOn = new Map(
        schoolId === null
          ? []
          : await Promise.all(
              ACTIVATION_TYPES.map(
                async (type) => [type, await activations.applyingOn(schoolId, type, dates)] as const,
              ),
            ),
      );
      // Every menu day the period serves, read at once.
      const pairs = new Map<string, { menuId: number; day: number }>();
      // The first date each menu day is served: its dishes' allergens are those of the cards valid then.
      const firstServed = new Map<string, string>();
      for (const served of servedOn.values())
        served.forEach((s, i) => {
          if (!s) return;
          const key = `${s.menuId}:${s.day}`;
          pairs.set(key, { menuId: s.menuId, day: s.day });
          if (!firstServed.has(key)) firstServed.set(key, dates[i]!);
        });
      const dishesOf = new Map<string, Awaited<ReturnType<typeof repo.menuDays>>>();
      const dishRows = await repo.menuDays([...pairs.values()]);
      const allergensOn = await repo.dishAllergens(
        dishRows.map((r) => ({ dishId: r.id, date: firstServed.get(`${r.menuId}:${r.day}`)! })),
      );
      for (const r of dishRows) {
        const key = `${r.menuId}:${r.day}`;
        const allergens = allergensOn.get(`${r.id}:${firstServed.get(key)}`) ?? r.allergens;
        dishesOf.set(key, [...(dishesOf.get(key) ?? []), { ...r, allergens }]);
      }
      for (const [i, date] of dates.entries()) {
        const day = calendar?.day(date);
        const menus: ChildMenuDay['menus'] = [];
        if (schoolId !== null && day && isServed(day.kind))
          for (const type of ACTIVATION_TYPES) {
            const served = servedOn.get(type)![i];
            if (!served) continue;
            const key = `${served.menuId}:${served.day}`;
            const rows = dishesOf.get(key) ?? [];
            const modes = new Map<number, ChildMenuDay['menus'][number]['modes'][number]>();
            for (const r of rows) {
              let mode = modes.get(r.mode);
              if (!mode) {
                const ru = MEAL_MODES[r.mode as keyof typeof MEAL_MODES] ?? String(r.mode);
                mode = { mode: r.mode, name: ru, name_ru: ru, name_kk: translate(ru, 'kk'), dishes: [] };
                modes.set(r.mode, mode);
              }
              mode.dishes.push({
                id: r.id,
                ...namesOf(r),
                output: r.output,
                cost: type === 'paid_food' ? r.cost : null,
                image: r.imageKey ? { url: imageUrl(r.imageKey) } : null,
                allergens: ALLERGENS.filter((a) => r.allergens.includes(a)),
                restricted: keptAway.filter((a) => r.allergens.includes(a)),
              });
            }
            menus.push({
              type,
              menu: { id: served.menuId, name: served.name, name_ru: served.name_ru, name_kk: served.name_kk },
              day: served.day,
              modes: [...modes.values()],
            });
          }
        days.push({ date, kind: day?.kind ?? (isoWeekday(date) >= 6 ? 'rest' : 'working'), menus });
      }
      return { today, days };
    },

    /**
     * What the school holds about the child (docs/rules.md "A parent's children"), and whom to ask to
     * correct it: the school's administrators, or the organization's where the school has none.
     */
    async record(actor: Actor, childId: number): Promise<ChildRecord> {
      const [child] = await repo.children(actor.userId, childId);
      if (!child) throw notFound(M.childNotFound);
      const timeZone = child.timeZone ?? DEFAULT_TIME_ZONE;
      const day = (at: Date) => localDate(at, timeZone);
      const held = await repo.record(child);
      const ownSchool = held.contacts.filter((c) => c.schoolId !== null);
      const school = schoolOf(child.schoolId, child);
      const sw = child.foodCategoryType === 'sw';
      return {
        name: child.name,
        iin_masked: maskIin(child.iin),
        has_photo: child.imageKey !== null,
        added: day(child.createdAt),
        updated: day(child.updatedAt),
        school: school && { ...school, address: child.schoolAddress, city: child.schoolCity },
        classroom: classroomRef(child.classroomId, child),
        food_category:
          child.foodCategoryType === null ? null : { ...foodCategoryOf(child)!, type: child.foodCategoryType },
        social_wallet: sw
          ? { from: child.socialWalletSetDate, until: child.socialWalletResetDate, order: child.socialWalletOrder }
          : null,
        cards: held.cards.map((c) => ({
          number_masked: maskIin(c.number)!,
          linked_on: c.linkedAt ? day(c.linkedAt) : null,
        })),
        has_watch: child.hasWatch,
        held: held.held,
        parents: held.parents.map((p) => ({ name: p.name, since: day(p.since) })),
        contacts: (ownSchool.length > 0 ? ownSchool : held.contacts).map((c) => ({
          name: c.name,
          job_title: c.jobTitle,
        })),
      };
    },

    /**
     * A parent rates a meal of the child (docs/rules.md "Ratings"): 1–5 with a comment, once per
     * meal and rater, changeable on the meal's day (the organization's), not after.
     */
    async rate(actor: Actor, p: ChildMealParams, body: RatingBody): Promise<ChildMeal> {
      const [child] = await repo.children(actor.userId, p.id);
      if (!child) throw notFound(M.childNotFound);
      return rateMeal(actor, child, p.mealId, body);
    },

    /** For the school: a pupil's restrictions and the parents linked, with how each is reached. */
    async pupil(actor: Actor, pupilId: number): Promise<PupilFamily> {
      const pupil = await repo.pupilInScope(pupilId, scopeOf(actor));
      if (!pupil) throw notFound(M.pupilNotFound);
      return familyOf(pupil.id);
    },

    /**
     * The school confirms the restrictions by a medical certificate (or withdraws it): audited as
     * `restrictions_confirm`; nothing set to confirm is 409.
     */
    async confirmRestrictions(actor: Actor, pupilId: number, body: ConfirmationBody): Promise<ChildRestrictions> {
      const pupil = await repo.pupilInScope(pupilId, scopeOf(actor));
      if (!pupil) throw notFound(M.pupilNotFound);
      await platform.db.transaction(async (tx) => {
        const current = await repo.restrictions(pupil.id, tx);
        if (!current) throw conflict(M.nothingToConfirm);
        if (body.confirmed === (current.confirmedAt !== null)) return;
        await repo.confirmRestrictions(
          tx,
          pupil.id,
          body.confirmed ? actor.userId : null,
          body.confirmed ? platform.now() : null,
        );
        await audit(tx, actor, {
          action: 'restrictions_confirm',
          entity: 'user',
          entityId: pupil.id,
          organizationId: pupil.organizationId,
          after: { confirmed: body.confirmed },
        });
      });
      return toRestrictions(await repo.restrictions(pupil.id));
    },

    /**
     * Takes a parent's link to a pupil away (audited as `parent_unlink`): from then on the parent
     * sees nothing of the child and is told nothing of them.
     */
    async unlinkParent(actor: Actor, p: PupilParentParams): Promise<PupilFamily> {
      const pupil = await repo.pupilInScope(p.id, scopeOf(actor));
      if (!pupil) throw notFound(M.pupilNotFound);
      await platform.db.transaction(async (tx) => {
        if (!(await repo.unlink(tx, pupil.id, p.parentId))) throw notFound(M.parentNotLinked);
        await audit(tx, actor, {
          action: 'parent_unlink',
          entity: 'user',
          entityId: pupil.id,
          organizationId: pupil.organizationId,
          before: { parent_id: p.parentId },
        });
      });
      return familyOf(pupil.id);
    },

    /** The child's food restrictions (docs/rules.md "Restrictions and allergens"). */
    async restrictions(actor: Actor, childId: number): Promise<ChildRestrictions> {
      const [child] = await repo.children(actor.userId, childId);
      if (!child) throw notFound(M.childNotFound);
      return toRestrictions(await repo.restrictions(child.id));
    },

    /**
     * Sets the child's restrictions as the parent gives them (each code once, in the list's order). A
     * change is audited and clears the school's confirmation by certificate; the same set changes nothing.
     */
    async setRestrictions(actor: Actor, childId: number, body: RestrictionsBody): Promise<ChildRestrictions> {
      const [child] = await repo.children(actor.userId, childId);
      if (!child) throw notFound(M.childNotFound);
      const allergens: Allergen[] = ALLERGENS.filter((a) => body.allergens.includes(a));
      const diets: Diet[] = DIETS.filter((d) => body.diets.includes(d));
      const note = body.note ?? null;
      await platform.db.transaction(async (tx) => {
        const before = toRestrictions(await repo.restrictions(child.id, tx));
        const same =
          before.set_at !== null &&
          before.allergens.join() === allergens.join() &&
          before.diets.join() === diets.join() &&
          before.note === note;
        if (same) return;
        await repo.saveRestrictions(tx, {
          pupilId: child.id,
          allergens,
          diets,
          note,
          setBy: actor.userId,
          at: platform.now(),
        });
        await audit(tx, actor, {
          action: 'restrictions_set',
          entity: 'user',
          entityId: child.id,
          organizationId: child.organizationId,
          before:
            before.set_at === null ? null : { allergens: before.allergens, diets: before.diets, note: before.note },
          after: { allergens, diets, note },
        });
      });
      return toRestrictions(await repo.restrictions(child.id));
    },

    /** The child's books (docs/rules.md "A parent's children"): on hand, and the newest returned. */
    async books(actor: Actor, childId: number): Promise<ChildBooks> {
      const [child] = await repo.children(actor.userId, childId);
      if (!child) throw notFound(M.childNotFound);
      const timeZone = child.timeZone ?? DEFAULT_TIME_ZONE;
      const today = localDate(platform.now(), timeZone);
      const [open, returned] = await Promise.all([
        repo.loans(child.id, false, 1000),
        repo.loans(child.id, true, CHILD_BOOKS_HISTORY_MAX),
      ]);
      return {
        today,
        on_hand: open.map((r) => toLoan(r, today)),
        history: returned.map((r) => ({
          ...toLoan(r, today),
          late: localDate(r.returnedAt!, timeZone) > r.expiredAt,
        })),
      };
    },

    /**
     * The child's days of the period (docs/rules.md "A parent's children"): each with its kind in the
     * school's year, the meals recorded, the meals due, and what it was — the rule the kitchen's count
     * and the reconciliation read (entitled, the grade not on vacation, a working day, not away).
     */
    async days(actor: Actor, childId: number, q: ChildMealsQuery): Promise<ChildDays> {
      const [child] = await repo.children(actor.userId, childId);
      if (!child) throw notFound(M.childNotFound);
      const timeZone = child.timeZone ?? DEFAULT_TIME_ZONE;
      const today = localDate(platform.now(), timeZone);
      const joined = localDate(child.createdAt, timeZone);
      const [calendar, meals, absent, times] = await Promise.all([
        child.schoolId === null ? null : calendars.forSchool(child.schoolId, q.dateFrom, q.dateTo),
        repo.meals([child.id], q.dateFrom, q.dateTo, actor.userId),
        repo.absentDays(child.id, q.dateFrom, q.dateTo),
        child.schoolId === null ? [] : kitchen.mealTimes(child.schoolId),
      ]);
      const paid = times.filter(
        (m) =>
          (m.shift === null || m.shift === child.classroomShift) &&
          (!child.foodCategoryMeals || child.foodCategoryMeals.includes(m.id)),
      );
      const perDay = times.length === 0 ? 1 : paid.length;
      const grade = child.classroomName === null ? null : gradeOf(child.classroomName);
      const entitledOn = (date: string) =>
        child.foodCategoryId !== null &&
        perDay > 0 &&
        date >= joined &&
        (child.foodCategoryType !== 'sw' ||
          ((child.socialWalletSetDate === null || child.socialWalletSetDate <= date) &&
            (child.socialWalletResetDate === null || date < child.socialWalletResetDate)));
      // Without a school (no calendar to read) the week alone tells a day of rest.
      const plainDay = (date: string): SchoolDay => ({
        date,
        kind: isoWeekday(date) >= 6 ? 'rest' : 'working',
        name: null,
        nameKk: null,
        gradeVacations: [],
      });
      // Today is expected until the last meal time paid for ends (all day where the school keeps no
      // meal times: it serves at any hour); after it, a meal not recorded was missed.
      const lastMealEnds =
        paid.length === 0 || times.length === 0
          ? null
          : paid
              .map((m) => m.timeFinish)
              .sort()
              .at(-1)!;
      const pastMeals = lastMealEnds !== null && localTime(platform.now(), timeZone) >= lastMealEnds;
      const days: ChildDay[] = [];
      for (let date = q.dateFrom; date <= q.dateTo; date = addDays(date, 1)) {
        const day = calendar?.day(date) ?? plainDay(date);
        const eaten = meals.filter((m) => m.date === date).map(toMeal);
        const works = dueOn(day, grade);
        const gradeOff =
          isServed(day.kind) && !works
            ? day.gradeVacations.find((v) => grade !== null && grade >= v.from && grade <= v.to)
            : undefined;
        const reason = gradeOff
          ? { name: gradeOff.name, name_ru: gradeOff.name, name_kk: null }
          : day.name === null
            ? null
            : { name: day.name, name_ru: day.name, name_kk: day.nameKk };
        const away = absent.has(date);
        const entitled = works && entitledOn(date);
        const status: ChildDay['status'] =
          eaten.length > 0
            ? 'served'
            : !works
              ? 'off'
              : !entitled
                ? 'not_entitled'
                : away
                  ? 'absent'
                  : date > today || (date === today && !pastMeals)
                    ? 'expected'
                    : 'missed';
        days.push({
          date,
          kind: day.kind,
          reason,
          status,
          due: entitled && (!away || eaten.length > 0) ? perDay : 0,
          absent: away,
          meals: eaten,
        });
      }
      return {
        today,
        time_zone: timeZone,
        entitlement: {
          food_category: foodCategoryOf(child),
          type: child.foodCategoryType,
          from: child.foodCategoryType === 'sw' ? child.socialWalletSetDate : null,
          until: child.foodCategoryType === 'sw' ? child.socialWalletResetDate : null,
          meals: paid.map((m) => ({ id: m.id, name: m.name, time_start: m.timeStart })),
        },
        days,
      };
    },
  };
}
