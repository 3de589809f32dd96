import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, orgId } from './columns.ts';
import { images, organizations, regions, roles, schools } from './schema.ts';

/**
 * People and structure: classrooms, canteens, watches, fixation and food categories,
 * payment cards, parent invitations, and the visits table that reports and deletes refer to.
 * Rows that history refers to are archived (`deleted_at`) instead of deleted (docs/rules.md).
 */

export const classrooms = pgTable(
  'classrooms',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: orgId(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'restrict' }),
    /** The Russian name, or the Kazakh one while `nameRuMissing` (contract/src/names.ts). */
    name: text('name').notNull(),
    nameKk: text('name_kk'),
    nameRuMissing: boolean('name_ru_missing').notNull().default(false),
    /** The school's shift the class studies in (1 or 2): it eats at that shift's meal times. */
    shift: smallint('shift').notNull().default(1),
    createdAt: createdAt(),
    /**
     * Set when the class ends its year (promotion to the next year): the row stays for the
     * visits that name it, and leaves every list, picker and import.
     */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    // Imports find a live class by its name within the school: two live classes may not share one.
    uniqueIndex('classrooms_school_name_key')
      .on(t.schoolId, sql`lower(${t.name})`)
      .where(sql`${t.archivedAt} is null`),
    index('classrooms_organization_idx').on(t.organizationId),
    check('classrooms_shift_check', sql`${t.shift} in (1, 2)`),
  ],
);

export const canteens = pgTable(
  'canteens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: orgId(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index('canteens_organization_idx').on(t.organizationId)],
);

export const watches = pgTable(
  'watches',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: orgId(),
    name: text('name').notNull(),
    /** Month days 1–31 on which the holder may eat. */
    days: integer('days').array().notNull(),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index('watches_organization_idx').on(t.organizationId)],
);

export const fixationCategories = pgTable(
  'fixation_categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: orgId(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(99),
    timeStart: time('time_start').notNull(),
    timeFinish: time('time_finish').notNull(),
    /** A school's own meal time; null: every school of the organization (and its canteens). */
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'restrict' }),
    /** The shift (1 or 2) whose classes eat then; null: every class. */
    shift: smallint('shift'),
    /** The menu's meal it serves (meal modes 1–6); null: not said. */
    mealMode: smallint('meal_mode'),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('fixation_categories_organization_idx').on(t.organizationId),
    check('fixation_categories_meal_mode_check', sql`${t.mealMode} between 1 and 6`),
    check('fixation_categories_position_check', sql`${t.position} between 0 and 100`),
    check('fixation_categories_window_check', sql`${t.timeStart} < ${t.timeFinish}`),
    check('fixation_categories_shift_check', sql`${t.shift} in (1, 2)`),
  ],
);

export const foodCategories = pgTable(
  'food_categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: orgId(),
    /** The Russian name, or the Kazakh one while `nameRuMissing` (contract/src/names.ts). */
    name: text('name').notNull(),
    nameKk: text('name_kk'),
    nameRuMissing: boolean('name_ru_missing').notNull().default(false),
    /** Daily feeding cost in tenge, exact. */
    cost: numeric('cost', { precision: 12, scale: 2 }).notNull().default('0'),
    type: text('type', { enum: ['sw', 'common'] })
      .notNull()
      .default('common'),
    /**
     * The meal times (fixation categories of the organization) the category pays for; null: every
     * meal (and the one a day of an organization without meal times).
     */
    meals: integer('meal_ids').array(),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('food_categories_organization_idx').on(t.organizationId),
    check('food_categories_type_check', sql`${t.type} in ('sw', 'common')`),
    check('food_categories_cost_check', sql`${t.cost} >= 0`),
  ],
);

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
    /** The number of the order that put the pupil in the social wallet. */
    socialWalletOrder: text('social_wallet_order'),
    /** The language the person chose (`ru`, `kk`); none: their organization's, else Russian. */
    language: text('language', { enum: ['ru', 'kk'] }),
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
    check('users_language_check', sql`${t.language} in ('ru', 'kk')`),
    index('users_organization_idx').on(t.organizationId),
    index('users_school_idx').on(t.schoolId),
    index('users_classroom_idx').on(t.classroomId),
    index('users_food_category_idx').on(t.foodCategoryId),
    index('users_watch_idx').on(t.watchId),
    // Searches by a part of a name or job title (`ilike '%…%'`) read these trigram indexes, so a name
    // that matches nothing costs an index probe, not a walk through every user or visit.
    index('users_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('users_job_title_trgm_idx').using('gin', sql`${t.jobTitle} gin_trgm_ops`),
    // Imports match a pupil by IIN within the organization.
    uniqueIndex('users_organization_iin_key')
      .on(t.organizationId, t.iin)
      .where(sql`${t.iin} is not null and ${t.deletedAt} is null`),
  ],
);

export const cards = pgTable(
  'cards',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: orgId(),
    /** What the scanner reads, upper-cased: globally unique. */
    number: text('number').notNull(),
    endlessUse: boolean('endless_use').notNull().default(false),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cards_number_key').on(t.number),
    index('cards_number_trgm_idx').using('gin', sql`${t.number} gin_trgm_ops`),
    index('cards_organization_idx').on(t.organizationId),
    index('cards_user_idx').on(t.userId),
  ],
);

export const parentInvitations = pgTable(
  'parent_invitations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: orgId(),
    pupilId: integer('pupil_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** SHA-256 of the link's random code: a leaked table does not open invitations. */
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    parentId: integer('parent_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('parent_invitations_code_key').on(t.codeHash),
    index('parent_invitations_pupil_idx').on(t.pupilId),
  ],
);

export const parentChildren = pgTable(
  'parent_children',
  {
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pupilId: integer('pupil_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'parent_children_pkey', columns: [t.parentId, t.pupilId] })],
);

/**
 * A child's food restrictions (docs/rules.md "Restrictions and allergens"): the allergens (codes of
 * contract/src/allergens.ts) and diets kept from the child, a note, who set them and when, and the
 * school's confirmation by a medical certificate (cleared when a parent changes them).
 */
export const childRestrictions = pgTable('child_restrictions', {
  pupilId: integer('pupil_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  allergens: text('allergens')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  diets: text('diets')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  note: text('note'),
  setBy: integer('set_by').references(() => users.id, { onDelete: 'set null' }),
  setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
  confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
});

/**
 * A rating of a recorded meal (docs/rules.md "Ratings"): 1–5 with a comment, by a parent of the child
 * (or the pupil), once per meal and rater, changeable on the meal's day.
 */
export const mealRatings = pgTable(
  'meal_ratings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: orgId(),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'restrict' }),
    pupilId: integer('pupil_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    raterId: integer('rater_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The visit rated (visits carry no foreign keys: they are written at the queue's pace). */
    visitId: bigint('visit_id', { mode: 'number' }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    score: smallint('score').notNull(),
    comment: text('comment'),
    /**
     * The dishes the meal was served with, as the school's menu of that day held them when the rating
     * was given (docs/rules.md "Ratings"): what the rating counts for by dish, kept as served.
     */
    dishIds: integer('dish_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('meal_ratings_visit_rater_key').on(t.visitId, t.raterId),
    index('meal_ratings_school_date_idx').on(t.schoolId, t.date),
    check('meal_ratings_score_check', sql`${t.score} between 1 and 5`),
  ],
);

/** School settings of docs/product.md: the turnstile connection, shown read-only. */
export const schoolSettings = pgTable('school_settings', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  server: text('server'),
  port: integer('port'),
  databaseName: text('database_name'),
  user: text('user'),
  password: text('password'),
});

/**
 * A recorded meal. Snapshots of the classroom, food category and cost keep past reports unchanged
 * when a pupil moves class or category (docs/domain.md). `visit_date` is the local calendar day.
 */
export const visits = pgTable(
  'visits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    // The organization, school, canteen, class and both categories are the same few rows for every
    // scan of a lunch: a foreign key would lock them for each insert (a shared lock that fifty
    // concurrent scans turn into MultiXacts). Their deletes are refused by triggers instead
    // (migration 0018, docs/rules.md "Visits").
    organizationId: integer('organization_id').notNull(),
    schoolId: integer('school_id'),
    canteenId: integer('canteen_id'),
    // The holder and the card too: their keys cost four more lock-table entries and two lookups per
    // scan; triggers keep them (a holder with visits is not deleted, a deleted card's visits keep none).
    userId: integer('user_id').notNull(),
    cardId: integer('card_id'),
    fixationCategoryId: integer('fixation_category_id'),
    classroomId: integer('classroom_id'),
    foodCategoryId: integer('food_category_id'),
    cost: numeric('cost', { precision: 12, scale: 2 }),
    count: integer('count').notNull().default(1),
    /** One-time entitlement (a one-time card, every school meal): at most one visit per slot and day. */
    oneTime: boolean('one_time').notNull().default(true),
    /** Marked by hand (the manual fixation screens), not scanned: the queue's pace and anomalies tell them apart. */
    manual: boolean('manual').notNull().default(false),
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    createdBy: integer('created_by'),
    /**
     * The `Idempotency-Key` of the scan that recorded it: a retry of the same scan (same caller, same
     * key) finds this visit. Written by the insert itself, so a crash keeps both or neither.
     */
    scanKey: text('scan_key'),
  },
  (t) => [
    index('visits_organization_date_idx').on(t.organizationId, t.visitDate),
    // A visit is at a school or at a canteen: each place's indexes skip the other's visits.
    index('visits_school_created_idx')
      .on(t.schoolId, t.createdAt)
      .where(sql`${t.schoolId} is not null`),
    // A school's reports read its days: without it a month of one school read the whole organization's.
    index('visits_school_date_idx')
      .on(t.schoolId, t.visitDate)
      .where(sql`${t.schoolId} is not null`),
    index('visits_canteen_created_idx')
      .on(t.canteenId, t.createdAt)
      .where(sql`${t.canteenId} is not null`),
    index('visits_user_date_idx').on(t.userId, t.visitDate),
    // The rule "one visit per category per day" held by the database, not by a read before the write:
    // concurrent scans of one card on two instances cannot both pass.
    // One visit per scan: two tries of one scan racing each other cannot both record it.
    uniqueIndex('visits_scan_key')
      .on(t.createdBy, t.scanKey)
      .where(sql`${t.scanKey} is not null`),
    uniqueIndex('visits_one_time_slot_key')
      .on(t.userId, t.visitDate, sql`coalesce(${t.fixationCategoryId}, 0)`)
      .where(sql`${t.oneTime}`),
  ],
);

/**
 * The first answer to a create carrying an `Idempotency-Key` (`POST /api/user`): a retry whose
 * answer was lost finds what the first one created instead of creating it again. Written in the
 * same transaction as the row it names, so a crash keeps both or neither.
 */
export const requestKeys = pgTable(
  'request_keys',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    /** Which create it was (`user`): a key names one kind of row. */
    kind: text('kind').notNull(),
    entityId: bigint('entity_id', { mode: 'number' }).notNull(),
    /** What the request asked for (requestDigest): the same key with another request is refused. */
    digest: text('digest'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'request_keys_pkey', columns: [t.userId, t.key] }),
    index('request_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * The repeat window of a card (docs/domain.md rule 5) while Redis is configured but away: every
 * instance claims it here instead, so two instances still take one scan of an endless card within
 * three seconds as one meal. The same entry as in Redis: the scan that holds it (its key) and that
 * scan's own time; forgotten once `until` has passed.
 */
export const scanWindows = pgTable(
  'scan_windows',
  {
    card: text('card').primaryKey(),
    heldBy: text('held_by').notNull(),
    /** The scan's time, in epoch milliseconds. */
    at: bigint('at', { mode: 'number' }).notNull(),
    until: timestamp('until', { withTimezone: true }).notNull(),
    /** How the last claim went (the same codes as Redis's script answers). */
    verdict: integer('verdict').notNull().default(1),
  },
  (t) => [index('scan_windows_until_idx').on(t.until)],
);

/**
 * Where each account signed in with its right password: a browser (the hash of its `tamaq_device`
 * cookie) or an address. A right password from one of them is let in while the failure limits hold
 * back everybody else (docs/rules.md "Sign-in under attack"); forgotten a year after its last use.
 */
export const signInSources = pgTable(
  'sign_in_sources',
  {
    userId: integer('user_id').notNull(),
    kind: text('kind', { enum: ['device', 'address'] }).notNull(),
    value: text('value').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'sign_in_sources_pkey', columns: [t.userId, t.kind, t.value] }),
    index('sign_in_sources_last_at_idx').on(t.lastAt),
    check('sign_in_sources_kind_check', sql`${t.kind} in ('device', 'address')`),
  ],
);

/**
 * A signed-in session (docs/rules.md "Sessions"): each token names its session and generation. A
 * renewed token takes the next generation, so the one it replaced stops working; sign-out revokes the
 * session; and no token of it outlives `expires_at`, however often it is renewed.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id').notNull(),
    generation: integer('generation').notNull().default(1),
    /** When the last renewal was: the generation before it still works for a few seconds. */
    renewedAt: timestamp('renewed_at', { withTimezone: true }),
    /**
     * When a token of the current generation was first used after its renewal. Until then the
     * generation before it keeps working: the renewal's answer may have been lost on the way.
     */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt), index('sessions_user_idx').on(t.userId)],
);
