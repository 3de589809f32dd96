import { and, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { organizations } from '../db/schema.ts';
import { users } from '../db/schema-people.ts';

export interface ActorRow {
  id: number;
  roleId: number | null;
  organizationId: number | null;
  schoolId: number | null;
  tokenVersion: number;
  deleted: boolean;
  organizationActive: boolean;
  modules: string[];
}

export function createActorRepository(db: Db) {
  return {
    async find(userId: number): Promise<ActorRow | null> {
      const [row] = await db
        .select({
          id: users.id,
          roleId: users.roleId,
          organizationId: users.organizationId,
          schoolId: users.schoolId,
          tokenVersion: users.tokenVersion,
          deletedAt: users.deletedAt,
          status: organizations.status,
          modules: organizations.modules,
        })
        .from(users)
        .leftJoin(organizations, eq(organizations.id, users.organizationId))
        .where(eq(users.id, userId))
        .limit(1);
      if (!row) return null;
      return {
        id: row.id,
        roleId: row.roleId,
        organizationId: row.organizationId,
        schoolId: row.schoolId,
        tokenVersion: row.tokenVersion,
        deleted: row.deletedAt !== null,
        organizationActive: row.organizationId === null || row.status === 'active',
        modules: row.modules ?? [],
      };
    },

    /**
     * The token versions of those of these users who may still be signed in (not removed, their
     * organization active): the one query the websocket port checks its open sockets with.
     */
    async currentTokenVersions(userIds: readonly number[]): Promise<Map<number, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, tokenVersion: users.tokenVersion })
        .from(users)
        .leftJoin(organizations, eq(organizations.id, users.organizationId))
        .where(
          and(
            inArray(users.id, [...userIds]),
            isNull(users.deletedAt),
            isNotNull(users.roleId),
            or(isNull(users.organizationId), eq(organizations.status, 'active')),
          ),
        );
      return new Map(rows.map((r) => [r.id, r.tokenVersion]));
    },
  };
}
