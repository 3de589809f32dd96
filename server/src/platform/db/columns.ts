import { integer, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './schema.ts';

/** Columns the module tables share: when a row was made, when it was archived, its organization. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const deletedAt = () => timestamp('deleted_at', { withTimezone: true });
export const orgId = () =>
  integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'restrict' });
