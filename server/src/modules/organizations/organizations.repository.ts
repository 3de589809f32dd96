import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { listPage, searchIn } from '../../platform/db/catalogue.ts';
import type { Db } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema-people.ts';
import { organizations } from '../../platform/db/schema.ts';
import { alphabetically } from '../../platform/db/alphabet.ts';

export type OrganizationRow = typeof organizations.$inferSelect;
type OrganizationValues = Pick<
  typeof organizations.$inferInsert,
  'name' | 'type' | 'status' | 'bin' | 'address' | 'contacts' | 'modules' | 'language'
>;

/** `%` and `_` typed by a person are letters, not wildcards. */

export function createOrganizationsRepository(db: Db) {
  return {
    async list(query: string | undefined, limit: number, offset: number) {
      const where = searchIn(query, organizations.name, organizations.bin);
      return listPage(db, {
        rows: (tx) =>
          tx
            .select()
            .from(organizations)
            .where(where)
            .orderBy(alphabetically(organizations.name), asc(organizations.id)),
        table: organizations,
        where,
        limit,
        offset,
      });
    },

    async find(id: number, tx: Db = db): Promise<OrganizationRow | null> {
      const [row] = await tx.select().from(organizations).where(eq(organizations.id, id)).limit(1);
      return row ?? null;
    },

    /** The row locked for the rest of the transaction, so two edits cannot interleave. */
    async findForUpdate(id: number, tx: Db): Promise<OrganizationRow | null> {
      const [row] = await tx.select().from(organizations).where(eq(organizations.id, id)).limit(1).for('update');
      return row ?? null;
    },

    async insert(values: OrganizationValues, tx: Db = db): Promise<OrganizationRow> {
      const [row] = await tx.insert(organizations).values(values).returning();
      return row!;
    },

    async update(id: number, values: Omit<OrganizationValues, 'type'>, tx: Db = db): Promise<OrganizationRow | null> {
      const [row] = await tx.update(organizations).set(values).where(eq(organizations.id, id)).returning();
      return row ?? null;
    },

    /** Ends every session of the organization's users: tokens carry the version they were issued under. */
    async endSessions(organizationId: number, tx: Db = db): Promise<void> {
      await tx
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.organizationId, organizationId));
    },

    /**
     * Whether another organization has this BIN. Taken with a lock on the BIN for the rest of the
     * transaction, so two saves of the same BIN at once cannot both pass.
     */
    async binTaken(bin: string, exceptId: number | null, tx: Db): Promise<boolean> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`organization-bin:${bin}`}))`);
      const [row] = await tx
        .select({ id: organizations.id })
        .from(organizations)
        .where(and(eq(organizations.bin, bin), exceptId === null ? undefined : ne(organizations.id, exceptId)))
        .limit(1);
      return Boolean(row);
    },

    async emailTaken(email: string, tx: Db = db): Promise<boolean> {
      const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      return Boolean(row);
    },

    /** The organization's users of its admin role, not deleted, in name order. */
    async admins(organizationId: number, roleId: number, tx: Db = db) {
      return tx
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          passwordSet: sql<boolean>`${users.passwordHash} is not null`,
        })
        .from(users)
        .where(and(eq(users.organizationId, organizationId), eq(users.roleId, roleId), isNull(users.deletedAt)))
        .orderBy(alphabetically(users.name), asc(users.id));
    },

    async insertUser(values: typeof users.$inferInsert, tx: Db = db): Promise<{ id: number }> {
      const [row] = await tx.insert(users).values(values).returning({ id: users.id });
      return row!;
    },
  };
}
