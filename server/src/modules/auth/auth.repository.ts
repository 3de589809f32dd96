import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema-people.ts';
import { organizations } from '../../platform/db/schema.ts';

/** What sign-in needs to know about an account. */
export interface Account {
  id: number;
  roleId: number | null;
  organizationId: number | null;
  schoolId: number | null;
  passwordHash: string | null;
  tokenVersion: number;
  deleted: boolean;
  organizationActive: boolean;
}

const accountColumns = {
  id: users.id,
  roleId: users.roleId,
  organizationId: users.organizationId,
  schoolId: users.schoolId,
  passwordHash: users.passwordHash,
  tokenVersion: users.tokenVersion,
  deletedAt: users.deletedAt,
  status: organizations.status,
};

export function createAuthRepository(db: Db) {
  return {
    /** The account with this (already normalised) e-mail, deleted or not. */
    async findByEmail(email: string, tx: Db = db): Promise<Account | null> {
      const [row] = await tx
        .select(accountColumns)
        .from(users)
        .leftJoin(organizations, eq(organizations.id, users.organizationId))
        .where(eq(users.email, email))
        .limit(1);
      if (!row) return null;
      const { deletedAt, status, ...rest } = row;
      return {
        ...rest,
        deleted: deletedAt !== null,
        organizationActive: row.organizationId === null || status === 'active',
      };
    },

    async emailTaken(email: string, tx: Db = db): Promise<boolean> {
      const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      return Boolean(row);
    },

    async createOrganization(values: typeof organizations.$inferInsert, tx: Db = db): Promise<number> {
      const [row] = await tx.insert(organizations).values(values).returning({ id: organizations.id });
      return row!.id;
    },

    async createUser(values: typeof users.$inferInsert, tx: Db = db) {
      const [row] = await tx.insert(users).values(values).returning({
        id: users.id,
        roleId: users.roleId,
        organizationId: users.organizationId,
        schoolId: users.schoolId,
        tokenVersion: users.tokenVersion,
      });
      return row!;
    },

    /** Sets a new password hash and bumps the token version, which ends every older session. */
    async setPassword(userId: number, passwordHash: string, at: Date, tx: Db = db) {
      const [row] = await tx
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: at })
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .returning({ id: users.id, tokenVersion: users.tokenVersion });
      return row ?? null;
    },
  };
}
