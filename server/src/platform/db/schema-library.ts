import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, orgId } from './columns.ts';
import { schools } from './schema.ts';

/**
 * The school library (spec 2 "School library", issue 11): each school keeps its own catalogue.
 * Categories come first; books, copies with barcodes and their history follow.
 */
export const bookCategories = pgTable(
  'book_categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: orgId(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // One name once per school, whatever the letter case: an import finds a category by its name.
    uniqueIndex('book_categories_school_name_key').on(t.schoolId, sql`lower(${t.name})`),
    index('book_categories_organization_idx').on(t.organizationId),
  ],
);
