import { and, eq, gt, isNull } from 'drizzle-orm';
import { tenantFilter, type Scope } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db/client.ts';
import { organizations, schools } from '../../platform/db/schema.ts';
import { parentChildren, parentInvitations, users } from '../../platform/db/schema-people.ts';

/** An account that holds an e-mail: what the invitation needs to decide create, link or refuse. */
export interface EmailAccount {
  id: number;
  roleId: number | null;
  organizationId: number | null;
  schoolId: number | null;
  passwordHash: string | null;
  tokenVersion: number;
  deleted: boolean;
}

export function createInvitationsRepository(db: Db) {
  return {
    /** A live user inside the caller's scope (pupil or not: the service tells them apart). */
    async findUserInScope(userId: number, scope: Scope) {
      const [row] = await db
        .select({
          id: users.id,
          name: users.name,
          organizationId: users.organizationId,
          classroomId: users.classroomId,
          organizationName: organizations.name,
          schoolName: schools.name,
          schoolNameKk: schools.nameKk,
        })
        .from(users)
        .leftJoin(organizations, eq(organizations.id, users.organizationId))
        .leftJoin(schools, eq(schools.id, users.schoolId))
        .where(and(eq(users.id, userId), isNull(users.deletedAt), tenantFilter(users, scope)))
        .limit(1);
      return row ?? null;
    },

    async findAccountByEmail(email: string, tx: Db = db): Promise<EmailAccount | null> {
      const [row] = await tx
        .select({
          id: users.id,
          roleId: users.roleId,
          organizationId: users.organizationId,
          schoolId: users.schoolId,
          passwordHash: users.passwordHash,
          tokenVersion: users.tokenVersion,
          deletedAt: users.deletedAt,
        })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      if (!row) return null;
      const { deletedAt, ...rest } = row;
      return { ...rest, deleted: deletedAt !== null };
    },

    /** Earlier invitations of this pupil to this e-mail stop working once a new one is sent. */
    async expireEarlier(pupilId: number, email: string, now: Date, tx: Db = db): Promise<void> {
      await tx
        .update(parentInvitations)
        .set({ expiresAt: now })
        .where(
          and(
            eq(parentInvitations.pupilId, pupilId),
            eq(parentInvitations.email, email),
            isNull(parentInvitations.acceptedAt),
            gt(parentInvitations.expiresAt, now),
          ),
        );
    },

    async create(values: typeof parentInvitations.$inferInsert, tx: Db = db): Promise<number> {
      const [row] = await tx.insert(parentInvitations).values(values).returning({ id: parentInvitations.id });
      return row!.id;
    },

    /** An invitation that still works (not used, not expired, its pupil not removed), by its code's hash. */
    async findValid(codeHash: string, now: Date) {
      const [row] = await db
        .select({
          id: parentInvitations.id,
          organizationId: parentInvitations.organizationId,
          pupilId: parentInvitations.pupilId,
          email: parentInvitations.email,
          pupilName: users.name,
        })
        .from(parentInvitations)
        .innerJoin(users, and(eq(users.id, parentInvitations.pupilId), isNull(users.deletedAt)))
        .where(
          and(
            eq(parentInvitations.codeHash, codeHash),
            isNull(parentInvitations.acceptedAt),
            gt(parentInvitations.expiresAt, now),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /**
     * Spends the invitation: a conditional update, so of two accepts at once exactly one gets the row
     * (the other waits for the row lock, then sees it accepted).
     */
    async claim(invitationId: number, now: Date, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(parentInvitations)
        .set({ acceptedAt: now })
        .where(
          and(
            eq(parentInvitations.id, invitationId),
            isNull(parentInvitations.acceptedAt),
            gt(parentInvitations.expiresAt, now),
          ),
        )
        .returning({ id: parentInvitations.id });
      return rows.length === 1;
    },

    async setParent(invitationId: number, parentId: number, tx: Db = db): Promise<void> {
      await tx.update(parentInvitations).set({ parentId }).where(eq(parentInvitations.id, invitationId));
    },

    async createParent(values: { name: string; email: string; passwordHash: string; roleId: number }, tx: Db = db) {
      const [row] = await tx
        .insert(users)
        .values({ ...values, organizationId: null, schoolId: null })
        .returning({ id: users.id, tokenVersion: users.tokenVersion });
      return row!;
    },

    /** Links a parent to a pupil; linking again (a second invitation accepted) changes nothing. */
    async link(parentId: number, pupilId: number, tx: Db = db): Promise<void> {
      await tx.insert(parentChildren).values({ parentId, pupilId }).onConflictDoNothing();
    },
  };
}
