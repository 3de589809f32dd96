import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, orgId } from './columns.ts';
import { images } from './schema.ts';

/**
 * Food (issue 9, spec 2 "Dish categories and dishes"): an education organization's dish categories
 * and dishes. Dishes are archived (`deleted_at`), never deleted: menus and orders refer to them.
 */

export const dishCategories = pgTable(
  'dish_categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: orgId(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('dish_categories_organization_idx').on(t.organizationId),
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
    name: text('name').notNull(),
    /** Price in tenge, exact. */
    cost: numeric('cost', { precision: 12, scale: 2 }).notNull(),
    /** Portion size as the canteen writes it: "200 г", "150/50". */
    output: text('output').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('dishes_organization_idx').on(t.organizationId),
    index('dishes_category_idx').on(t.categoryId),
    index('dishes_image_idx').on(t.imageId),
    index('dishes_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    check('dishes_cost_check', sql`${t.cost} >= 0`),
  ],
);
