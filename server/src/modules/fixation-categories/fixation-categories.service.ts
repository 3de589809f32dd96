import {
  FIXATION_CATEGORY_MESSAGES,
  SCHOOL_MEALS_FROM,
  SCHOOL_MEALS_UNTIL,
  type CurrentFixationCategoriesQuery,
  type FixationCategory,
  type FixationCategoryCreate,
  type FixationCategoryUpdate,
} from '@tamaq/contract/fixation-categories';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { schoolInScope } from '../../platform/db/places.ts';
import { createCatalogue, ownOrganization } from '../../platform/catalogue.ts';
import type { Db } from '../../platform/db/client.ts';
import { fixationCategories } from '../../platform/db/schema-people.ts';
import { ValidationError } from '../../platform/http/errors.ts';
import { localTime } from '../../platform/time.ts';
import { createFixationCategoriesRepository, fixationCategoryOrder } from './fixation-categories.repository.ts';

const M = FIXATION_CATEGORY_MESSAGES;

const feedsSchools = (actor: Actor) => actor.role === 'EducationAdmin' || actor.role === 'EducationKindergartenAdmin';

/**
 * A school's and a kindergarten's meals are between 05:00 and 23:00; a company's canteen may feed a
 * night shift. A school and a shift belong to a school's meal time only; the school is one the caller
 * reaches.
 */
async function checkSchoolMeal(
  db: Db,
  actor: Actor,
  body: { time_start: string; time_finish: string; school_id?: number | null | undefined; shift?: 1 | 2 | null },
) {
  const errors: Record<string, string[]> = {};
  if (!feedsSchools(actor)) {
    if (body.school_id != null) errors.school_id = [M.schoolsOnly];
    if (body.shift != null) errors.shift = [M.schoolsOnly];
  } else {
    if (body.time_start < SCHOOL_MEALS_FROM) errors.time_start = [M.schoolDay];
    if (body.time_finish > SCHOOL_MEALS_UNTIL) errors.time_finish = [M.schoolDay];
    if (body.school_id != null && !(await schoolInScope(db, scopeOf(actor), body.school_id)))
      errors.school_id = [M.schoolNotFound];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** The database keeps 'HH:mm:ss'; the screens and calls speak 'HH:mm'. */
const toCategory = (row: typeof fixationCategories.$inferSelect): FixationCategory => ({
  id: row.id,
  name: row.name,
  position: row.position,
  time_start: row.timeStart.slice(0, 5),
  time_finish: row.timeFinish.slice(0, 5),
  school_id: row.schoolId,
  shift: row.shift === 1 || row.shift === 2 ? row.shift : null,
  meal_mode: row.mealMode,
  created_at: row.createdAt.toISOString(),
});

/** Meal times of a canteen's organization: archived, not deleted, so past visits keep theirs. */
export function createFixationCategoriesService(platform: { db: Db; now: () => Date }) {
  const repo = createFixationCategoriesRepository(platform.db);
  const catalogue = createCatalogue(platform, {
    table: fixationCategories,
    search: (t) => [t.name],
    order: fixationCategoryOrder,
    answer: toCategory,
    notFound: M.notFound,
    audit: { action: 'fixation_category_delete', entity: 'fixation_category' },
    /**
     * Windows of live categories that could both apply to one scan (of one organization, for the same
     * school or every school, the same shift or every shift) may not overlap: a scan must find exactly
     * one current category. Checked under the organization's lock.
     */
    check: async (tx, { organizationId, id, values }) => {
      await repo.lockOrganization(organizationId, tx);
      const other = await repo.findOverlap(
        organizationId,
        {
          start: values.timeStart!,
          finish: values.timeFinish!,
          schoolId: values.schoolId ?? null,
          shift: values.shift ?? null,
        },
        id,
        tx,
      );
      if (other) throw ValidationError.field('time_start', M.overlaps(other.name));
    },
  });

  return {
    ...catalogue,

    /**
     * The categories whose window holds the current time of the organization's time zone; with
     * `schoolId`, those of that school and the organization's common ones (every shift's).
     */
    async current(actor: Actor, q: CurrentFixationCategoriesQuery = {}): Promise<FixationCategory[]> {
      const organizationId = ownOrganization(actor);
      const timeZone = await repo.timeZoneOf(organizationId);
      if (timeZone === null) return [];
      const rows = await repo.current(organizationId, localTime(platform.now(), timeZone), q.schoolId ?? null);
      return rows.map(toCategory);
    },

    create: async (actor: Actor, body: FixationCategoryCreate) => {
      await checkSchoolMeal(platform.db, actor, body);
      return catalogue.create(actor, {
        name: body.name,
        position: body.position,
        timeStart: body.time_start,
        timeFinish: body.time_finish,
        schoolId: body.school_id ?? null,
        shift: body.shift ?? null,
        mealMode: body.meal_mode ?? null,
      });
    },

    /** An absent position, school, shift or meal mode keeps the current one. */
    update: async (actor: Actor, body: FixationCategoryUpdate) => {
      await checkSchoolMeal(platform.db, actor, body);
      return catalogue.change(actor, body.id, (before) => ({
        name: body.name,
        position: body.position ?? before.position,
        timeStart: body.time_start,
        timeFinish: body.time_finish,
        schoolId: body.school_id === undefined ? before.schoolId : body.school_id,
        shift: body.shift === undefined ? before.shift : body.shift,
        mealMode: body.meal_mode === undefined ? before.mealMode : body.meal_mode,
      }));
    },
  };
}
