import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The platform's tables. Domain modules add their own tables in their own files and re-export them
 * from `schema-all.ts`, the file drizzle-kit reads.
 */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const regions = pgTable('regions', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique('roles_code_key'),
  name: text('name').notNull(),
});

/** A day's scheduled backup (docs/rules.md "Backups"): its day claimed once, by one instance. */
export const backupRuns = pgTable('backup_runs', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  /** The local date of the schedule's day: unique, so of several instances one takes it. */
  day: date('day').notNull().unique('backup_runs_day_key'),
  status: text('status', { enum: ['running', 'done', 'failed'] }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  file: text('file'),
  bytes: bigint('bytes', { mode: 'number' }),
  rows: bigint('rows', { mode: 'number' }),
  error: text('error'),
});

/** The weekly check that the newest backup restores (into a throw-away database). */
export const backupChecks = pgTable('backup_checks', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  file: text('file').notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  ok: boolean('ok').notNull(),
  rows: bigint('rows', { mode: 'number' }),
  error: text('error'),
});

/**
 * The nightly backup as the super admin set it on the screen (one row; none: BACKUP_TIME and
 * BACKUP_KEEP): its local time, or null for off, and how many files it keeps.
 */
export const backupSettings = pgTable(
  'backup_settings',
  {
    one: boolean('one').primaryKey().default(true),
    time: text('time'),
    keep: integer('keep').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('backup_settings_one_check', sql`${t.one}`),
    check('backup_settings_time_check', sql`${t.time} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('backup_settings_keep_check', sql`${t.keep} between 1 and 365`),
  ],
);

/**
 * This installation's one row: a key made with the database, which every instance on it shares and
 * no other deployment has. Redis keys and channels are named under it, so two deployments on one
 * Redis (a test and a live one, two schools) never see each other's scans or limits.
 */
export const installation = pgTable(
  'installation',
  {
    one: boolean('one').primaryKey().default(true),
    key: uuid('key').notNull().defaultRandom(),
  },
  (t) => [check('installation_one_check', sql`${t.one}`)],
);

export const organizations = pgTable(
  'organizations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    type: text('type', { enum: ['education', 'kindergarten', 'company'] }).notNull(),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    bin: text('bin'),
    address: text('address'),
    contacts: text('contacts'),
    modules: text('modules')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    timeZone: text('time_zone').notNull().default('Asia/Almaty'),
    /** The language its people work in until each chooses one (`ru`, `kk`); none: Russian. */
    language: text('language', { enum: ['ru', 'kk'] }),
    createdAt: createdAt(),
  },
  (t) => [
    check('organizations_type_check', sql`${t.type} in ('education', 'kindergarten', 'company')`),
    check('organizations_language_check', sql`${t.language} in ('ru', 'kk')`),
    check('organizations_status_check', sql`${t.status} in ('active', 'disabled')`),
  ],
);

export const schools = pgTable(
  'schools',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    regionId: integer('region_id').references(() => regions.id),
    /** The Russian name, or the Kazakh one while `nameRuMissing` (contract/src/names.ts). */
    name: text('name').notNull(),
    nameKk: text('name_kk'),
    nameRuMissing: boolean('name_ru_missing').notNull().default(false),
    number: text('number'),
    bin: text('bin'),
    address: text('address'),
    description: text('description'),
    city: text('city'),
    /** Days of the school's week: 5 (Monday–Friday) or 6 (Monday–Saturday); docs/rules.md "The school's year". */
    weekDays: integer('week_days').notNull().default(5),
    /** A six-day school's grades up to this one study five days: their Saturdays are days off. */
    fiveDayToGrade: smallint('five_day_to_grade'),
    /** The library desk and a student with overdue books: 'warn' and issue, or 'refuse' until returned. */
    libraryOverdueRule: text('library_overdue_rule').notNull().default('warn'),
    /** The queue and a pupil whose restrictions meet a dish of the day: 'warn' and record, or 'refuse'. */
    restrictedMealRule: text('restricted_meal_rule').notNull().default('warn'),
    createdAt: createdAt(),
  },
  (t) => [
    index('schools_organization_idx').on(t.organizationId),
    check('schools_library_overdue_rule_check', sql`${t.libraryOverdueRule} in ('warn', 'refuse')`),
    check('schools_restricted_meal_rule_check', sql`${t.restrictedMealRule} in ('warn', 'refuse')`),
    check('schools_week_days_check', sql`${t.weekDays} in (5, 6)`),
    check(
      'schools_five_day_grade_check',
      sql`${t.fiveDayToGrade} is null or (${t.fiveDayToGrade} between 0 and 12 and ${t.weekDays} = 6)`,
    ),
  ],
);

export const images = pgTable('images', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  /** Random part of the public URL, so photos of children cannot be enumerated by id. */
  key: text('key').notNull().unique('images_key_key'),
  mime: text('mime').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: bytea('bytes').notNull(),
  etag: text('etag').notNull(),
  ownerId: integer('owner_id'),
  createdAt: createdAt(),
});

export const authCodes = pgTable(
  'auth_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** `setup`: a new admin's invitation link to set their own password (a long code, days). */
    purpose: text('purpose', { enum: ['signup', 'recovery', 'remove', 'setup'] }).notNull(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    /** What the confirmed step needs (the sign-up form, already with the password hashed). */
    payload: jsonb('payload'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_codes_purpose_email_key').on(t.purpose, t.email)],
);

export const mailOutbox = pgTable('mail_outbox', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  sent: boolean('sent').notNull().default(false),
  createdAt: createdAt(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    organizationId: integer('organization_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_organization_at_idx').on(t.organizationId, t.at)],
);
