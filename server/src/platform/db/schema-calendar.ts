import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, orgId } from './columns.ts';
import { organizations, schools } from './schema.ts';
import { users } from './schema-people.ts';

/**
 * The school's year (docs/rules.md "The school's year"): the country's public holidays and the
 * government's transfers of days off, the ministry's school vacations (no organization, no school:
 * the super admin keeps them), and each organization's and school's own days, which override the
 * country's day by day. A kind is what the days from `date_from` to `date_to` are:
 *
 * - `holiday`: a public holiday; `moves` when a holiday on a day of rest moves to the next working day
 *   (the state holidays, not the religious ones);
 * - `day_off`: not a working day (a transfer, a school's own non-working day);
 * - `working`: a working day (a transfer's working Saturday, a vacation day cancelled);
 * - `vacation`: the school's vacation (for the grades from `grade_from` to `grade_to` when set);
 * - `shortened`: a working day with shortened lessons.
 *
 * `week_days` limits an entry to schools of a five- or six-day week (the government's transfers
 * are for the five-day week).
 */
export const calendarEntries = pgTable(
  'calendar_entries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'restrict' }),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['holiday', 'day_off', 'working', 'vacation', 'shortened'] }).notNull(),
    dateFrom: date('date_from').notNull(),
    dateTo: date('date_to').notNull(),
    name: text('name').notNull(),
    nameKk: text('name_kk'),
    moves: boolean('moves').notNull().default(false),
    weekDays: integer('week_days'),
    gradeFrom: integer('grade_from'),
    gradeTo: integer('grade_to'),
    /** Where the dates come from (a law, an order), or who decided them. */
    source: text('source'),
    /** The source in Kazakh (the shipped entries'); null: the Kazakh screens show `source`. */
    sourceKk: text('source_kk'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('calendar_entries_scope_idx').on(t.organizationId, t.schoolId, t.dateFrom),
    check('calendar_entries_kind_check', sql`${t.kind} in ('holiday', 'day_off', 'working', 'vacation', 'shortened')`),
    check('calendar_entries_dates_check', sql`${t.dateTo} >= ${t.dateFrom}`),
    check('calendar_entries_school_check', sql`${t.schoolId} is null or ${t.organizationId} is not null`),
    check('calendar_entries_week_check', sql`${t.weekDays} is null or ${t.weekDays} in (5, 6)`),
    check(
      'calendar_entries_grades_check',
      sql`(${t.gradeFrom} is null) = (${t.gradeTo} is null) and (${t.gradeFrom} is null or ${t.gradeFrom} between 0 and 12 and ${t.gradeTo} between ${t.gradeFrom} and 12)`,
    ),
  ],
);

/**
 * A pupil away on a school day (docs/rules.md "Absences"): not due a meal that day, unless a meal
 * was recorded for them (the child came). One row per pupil and day.
 */
export const absences = pgTable(
  'absences',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: orgId(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    markedById: integer('marked_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('absences_user_date_key').on(t.userId, t.date),
    index('absences_school_date_idx').on(t.schoolId, t.date),
  ],
);
