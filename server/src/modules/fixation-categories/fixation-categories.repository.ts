import { and, asc, eq, gt, isNull, lt, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { fixationCategories } from '../../platform/db/schema-people.ts';
import { organizations } from '../../platform/db/schema.ts';

const table = fixationCategories;

/** The list order: position, then the clock. */
export const fixationCategoryOrder = (t: typeof table = table) => [asc(t.position), asc(t.timeStart), asc(t.id)];

/** What meal times do beyond a catalogue: the current ones, and windows that may not overlap. */
export function createFixationCategoriesRepository(db: Db) {
  return {
    /**
     * Live categories of an organization whose window holds the local time `at` ('HH:mm:ss'); with a
     * school, its own and the common ones only.
     */
    async current(organizationId: number, at: string, schoolId: number | null) {
      return db
        .select()
        .from(table)
        .where(
          and(
            eq(table.organizationId, organizationId),
            isNull(table.deletedAt),
            schoolId === null ? undefined : or(isNull(table.schoolId), eq(table.schoolId, schoolId)),
            lte(table.timeStart, at),
            gt(table.timeFinish, at),
          ),
        )
        .orderBy(...fixationCategoryOrder());
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

    /**
     * A live category of the organization whose window meets [start, finish) and that could apply to
     * the same scan (its school and shift are the same, or every one on either side), other than
     * `exceptId`.
     */
    async findOverlap(
      organizationId: number,
      w: { start: string; finish: string; schoolId: number | null; shift: number | null },
      exceptId: number | null,
      tx: Db = db,
    ) {
      const { start, finish } = w;
      const [row] = await tx
        .select({ id: table.id, name: table.name })
        .from(table)
        .where(
          and(
            eq(table.organizationId, organizationId),
            isNull(table.deletedAt),
            lt(table.timeStart, finish),
            gt(table.timeFinish, start),
            w.schoolId === null ? undefined : or(isNull(table.schoolId), eq(table.schoolId, w.schoolId)),
            w.shift === null ? undefined : or(isNull(table.shift), eq(table.shift, w.shift)),
            exceptId === null ? undefined : ne(table.id, exceptId),
          ),
        )
        .orderBy(...fixationCategoryOrder())
        .limit(1);
      return row ?? null;
    },
  };
}
