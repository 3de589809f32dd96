import {
  FIXATION_CATEGORY_MESSAGES,
  SCHOOL_MEALS_FROM,
  SCHOOL_MEALS_UNTIL,
  type FixationCategory,
  type FixationCategoryCreate,
  type FixationCategoryUpdate,
} from '@tamaq/contract/fixation-categories';
import type { Actor } from '../../platform/auth/actors.ts';
import { createCatalogue, ownOrganization } from '../../platform/catalogue.ts';
import type { Db } from '../../platform/db/client.ts';
import { fixationCategories } from '../../platform/db/schema-people.ts';
import { ValidationError } from '../../platform/http/errors.ts';
import { localTime } from '../../platform/time.ts';
import { createFixationCategoriesRepository, fixationCategoryOrder } from './fixation-categories.repository.ts';

const M = FIXATION_CATEGORY_MESSAGES;

/** A school's and a kindergarten's meals are between 05:00 and 23:00; a company's canteen may feed a night shift. */
function checkSchoolDay(actor: Actor, body: { time_start: string; time_finish: string }) {
  if (actor.role !== 'EducationAdmin' && actor.role !== 'EducationKindergartenAdmin') return;
  const errors: Record<string, string[]> = {};
  if (body.time_start < SCHOOL_MEALS_FROM) errors.time_start = [M.schoolDay];
  if (body.time_finish > SCHOOL_MEALS_UNTIL) errors.time_finish = [M.schoolDay];
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** The database keeps 'HH:mm:ss'; the screens and calls speak 'HH:mm'. */
const toCategory = (row: typeof fixationCategories.$inferSelect): FixationCategory => ({
  id: row.id,
  name: row.name,
  position: row.position,
  time_start: row.timeStart.slice(0, 5),
  time_finish: row.timeFinish.slice(0, 5),
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
     * Windows of one organization's live categories may not overlap: a scan must find exactly one
     * current category. Checked under the organization's lock.
     */
    check: async (tx, { organizationId, id, values }) => {
      await repo.lockOrganization(organizationId, tx);
      const other = await repo.findOverlap(organizationId, values.timeStart!, values.timeFinish!, id, tx);
      if (other) throw ValidationError.field('time_start', M.overlaps(other.name));
    },
  });

  return {
    ...catalogue,

    /** The categories whose window holds the current time of the organization's time zone. */
    async current(actor: Actor): Promise<FixationCategory[]> {
      const organizationId = ownOrganization(actor);
      const timeZone = await repo.timeZoneOf(organizationId);
      if (timeZone === null) return [];
      const rows = await repo.current(organizationId, localTime(platform.now(), timeZone));
      return rows.map(toCategory);
    },

    create: (actor: Actor, body: FixationCategoryCreate) => {
      checkSchoolDay(actor, body);
      return catalogue.create(actor, {
        name: body.name,
        position: body.position,
        timeStart: body.time_start,
        timeFinish: body.time_finish,
      });
    },

    /** An absent position keeps the current one. */
    update: (actor: Actor, body: FixationCategoryUpdate) => {
      checkSchoolDay(actor, body);
      return catalogue.change(actor, body.id, (before) => ({
        name: body.name,
        position: body.position ?? before.position,
        timeStart: body.time_start,
        timeFinish: body.time_finish,
      }));
    },
  };
}
