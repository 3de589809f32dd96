import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, orgId } from './columns.ts';
import { images, schools } from './schema.ts';
import { users } from './schema-people.ts';

/**
 * Food (docs/product.md "Dish categories and dishes"): an education organization's dish categories
 * and dishes. Dishes are archived (`deleted_at`), never deleted: menus and orders refer to them.
 */

export const dishCategories = pgTable(
  'dish_categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: orgId(),
    /** The Russian name, or the Kazakh one while `nameRuMissing` (contract/src/names.ts). */
    name: text('name').notNull(),
    nameKk: text('name_kk'),
    nameRuMissing: boolean('name_ru_missing').notNull().default(false),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('dish_categories_organization_idx').on(t.organizationId),
    // A name once per organization whatever the letter case, among the categories not deleted; the
    // Kazakh name too.
    uniqueIndex('dish_categories_organization_name_key')
      .on(t.organizationId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('dish_categories_organization_name_kk_key')
      .on(t.organizationId, sql`lower(${t.nameKk})`)
      .where(sql`${t.deletedAt} is null and ${t.nameKk} is not null`),
    index('dish_categories_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const dishes = pgTable(
  'dishes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: orgId(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => dishCategories.id, { onDelete: 'restrict' }),
    imageId: integer('image_id').references(() => images.id, { onDelete: 'set null' }),
    /** The Russian name, or the Kazakh one while `nameRuMissing` (contract/src/names.ts). */
    name: text('name').notNull(),
    nameKk: text('name_kk'),
    nameRuMissing: boolean('name_ru_missing').notNull().default(false),
    /** Price in tenge, exact. */
    cost: numeric('cost', { precision: 12, scale: 2 }).notNull(),
    /** Portion size as the canteen writes it: "200 г", "150/50". */
    output: text('output').notNull(),
    description: text('description'),
    /** The allergens the dish holds: codes of contract/src/allergens.ts. */
    allergens: text('allergens')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('dishes_organization_idx').on(t.organizationId),
    index('dishes_category_idx').on(t.categoryId),
    index('dishes_image_idx').on(t.imageId),
    index('dishes_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('dishes_name_kk_trgm_idx').using('gin', sql`${t.nameKk} gin_trgm_ops`),
    check('dishes_cost_check', sql`${t.cost} >= 0`),
  ],
);

/**
 * A cyclic menu (docs/product.md "Menus"): `days` days over the chosen meal modes (1–14). Archived on delete
 * only when no activation uses it.
 */
export const menus = pgTable(
  'menus',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: orgId(),
    /** The Russian name, or the Kazakh one while `nameRuMissing` (contract/src/names.ts). */
    name: text('name').notNull(),
    nameKk: text('name_kk'),
    nameRuMissing: boolean('name_ru_missing').notNull().default(false),
    days: integer('days').notNull(),
    /** Meal modes, ascending. */
    groups: integer('groups').array().notNull(),
    /** Its season (docs/rules.md "Seasons"), or null: served all year. */
    season: text('season', { enum: ['summer_autumn', 'winter_spring'] }),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('menus_organization_idx').on(t.organizationId),
    check('menus_days_check', sql`${t.days} between 1 and 366`),
    check('menus_season_check', sql`${t.season} in ('summer_autumn', 'winter_spring')`),
  ],
);

/** A dish on a day and meal mode of a menu. */
export const menuDishes = pgTable(
  'menu_dishes',
  {
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    group: integer('meal_mode').notNull(),
    dishId: integer('dish_id')
      .notNull()
      .references(() => dishes.id, { onDelete: 'restrict' }),
    /** The order served within the day's meal (soup before the main course); 0: by name, before any set. */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'menu_dishes_pkey', columns: [t.menuId, t.day, t.group, t.dishId] }),
    index('menu_dishes_dish_idx').on(t.dishId),
    check('menu_dishes_day_check', sql`${t.day} >= 1`),
    check('menu_dishes_meal_mode_check', sql`${t.group} between 1 and 14`),
  ],
);

/** A menu applied to a school from a date, as free or paid food (docs/product.md "Activated menus"). */
export const menuActivations = pgTable(
  'menu_activations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: orgId(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'restrict' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'restrict' }),
    type: text('type', { enum: ['free_food', 'paid_food'] }).notNull(),
    date: date('date').notNull(),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('menu_activations_school_idx').on(t.schoolId, t.type, t.date),
    index('menu_activations_menu_idx').on(t.menuId),
    /** One live activation per school, type and first day: which applies is never a tie. */
    uniqueIndex('menu_activations_school_type_date_key')
      .on(t.schoolId, t.type, t.date)
      .where(sql`${t.deletedAt} is null`),
    check('menu_activations_type_check', sql`${t.type} in ('free_food', 'paid_food')`),
  ],
);

/**
 * A sale at a school's cashbox (docs/product.md "Cashbox"): priced by the server from its own dish prices,
 * exact; `count` is the dishes sold, `amount` their sum. The school is the cashbox's; the cashier
 * who sold it stays named after their account is removed (`set null` keeps the order).
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: orgId(),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    paymentType: text('payment_type', { enum: ['cash'] }).notNull(),
    count: integer('count').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    /** The Idempotency-Key it was placed with: a retry with the same key finds it instead of selling twice. */
    requestKey: text('request_key'),
    createdAt: createdAt(),
    /** Voided: out of every total and download, still listed with who voided it, when and why. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: integer('voided_by').references(() => users.id, { onDelete: 'set null' }),
    voidReason: text('void_reason'),
    /** The cash handed over, when the cashier typed it: the change is this less the amount. */
    cashReceived: numeric('cash_received', { precision: 14, scale: 2 }),
  },
  (t) => [
    check('orders_void_check', sql`(${t.voidedAt} is null) = (${t.voidReason} is null)`),
    check('orders_cash_received_check', sql`${t.cashReceived} is null or ${t.cashReceived} >= ${t.amount}`),
    index('orders_organization_created_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('orders_user_request_key')
      .on(t.userId, t.requestKey)
      .where(sql`${t.requestKey} is not null`),
    index('orders_school_created_idx').on(t.schoolId, t.createdAt),
    index('orders_user_idx').on(t.userId),
    check('orders_payment_type_check', sql`${t.paymentType} in ('cash')`),
    check('orders_amount_check', sql`${t.amount} >= 0`),
  ],
);

/** A dish of an order at the price it was sold for (a later price change leaves the sale as it was). */
export const orderItems = pgTable(
  'order_items',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    dishId: integer('dish_id')
      .notNull()
      .references(() => dishes.id, { onDelete: 'restrict' }),
    /** The dish's names when sold (contract/src/names.ts): the receipt names it in the reader's language. */
    name: text('name').notNull(),
    nameKk: text('name_kk'),
    nameRuMissing: boolean('name_ru_missing').notNull().default(false),
    cost: numeric('cost', { precision: 12, scale: 2 }).notNull(),
    count: integer('count').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'order_items_pkey', columns: [t.orderId, t.dishId] }),
    index('order_items_dish_idx').on(t.dishId),
    check('order_items_count_check', sql`${t.count} between 1 and 1000`),
  ],
);
