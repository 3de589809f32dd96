import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  date,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
// A cycle on purpose: users point at classrooms and categories, those tables at organizations. Drizzle
// resolves references lazily, so the two files may import each other.
import { classrooms, foodCategories, watches } from './schema-people.ts';

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
    createdAt: createdAt(),
  },
  (t) => [
    check('organizations_type_check', sql`${t.type} in ('education', 'kindergarten', 'company')`),
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
    name: text('name').notNull(),
    number: text('number'),
    bin: text('bin'),
    address: text('address'),
    description: text('description'),
    city: text('city'),
    createdAt: createdAt(),
  },
  (t) => [index('schools_organization_idx').on(t.organizationId)],
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

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'restrict' }),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'restrict' }),
    roleId: integer('role_id').references(() => roles.id),
    regionId: integer('region_id').references(() => regions.id),
    imageId: integer('image_id').references(() => images.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email'),
    passwordHash: text('password_hash'),
    jobTitle: text('job_title'),
    iin: text('iin'),
    /** A pupil is a user with a classroom (and usually no role). */
    classroomId: integer('classroom_id').references(() => classrooms.id, { onDelete: 'restrict' }),
    foodCategoryId: integer('food_category_id').references(() => foodCategories.id, { onDelete: 'restrict' }),
    watchId: integer('watch_id').references(() => watches.id, { onDelete: 'restrict' }),
    socialWalletSetDate: date('social_wallet_set_date', { mode: 'string' }),
    socialWalletResetDate: date('social_wallet_reset_date', { mode: 'string' }),
    language: text('language').notNull().default('ru'),
    /** Bumped on a password change or removal: tokens carrying an older value stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Sign-in lower-cases what is typed; the unique index must see e-mails the same way.
    uniqueIndex('users_email_key').on(t.email),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    index('users_organization_idx').on(t.organizationId),
    index('users_school_idx').on(t.schoolId),
    index('users_classroom_idx').on(t.classroomId),
    index('users_food_category_idx').on(t.foodCategoryId),
    index('users_watch_idx').on(t.watchId),
    // Imports match a pupil by IIN within the organization.
    uniqueIndex('users_organization_iin_key')
      .on(t.organizationId, t.iin)
      .where(sql`${t.iin} is not null and ${t.deletedAt} is null`),
  ],
);

export const authCodes = pgTable(
  'auth_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    purpose: text('purpose', { enum: ['signup', 'recovery', 'remove'] }).notNull(),
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
