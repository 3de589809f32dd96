import { sql } from 'drizzle-orm';
import { users } from './schema-people.ts';

/**
 * What archiving a user writes (docs/rules.md "Delete archives"), for a deleted user and a pupil who
 * finished school alike: the name stays for the visits, e-mail and password go, and the bumped token
 * version ends every session.
 */
export const archivedUser = (at: Date) => ({
  deletedAt: at,
  email: null,
  passwordHash: null,
  tokenVersion: sql`${users.tokenVersion} + 1`,
  updatedAt: at,
});
