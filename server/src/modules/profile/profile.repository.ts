import { and, eq, isNull, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PROFILE_MESSAGES } from '@tamaq/contract/profile';
import type { Db } from '../../platform/db/client.ts';
import { cards, users } from '../../platform/db/schema-people.ts';
import { images, organizations } from '../../platform/db/schema.ts';
import { dishes } from '../../platform/db/schema-food.ts';

const active = (userId: number) => and(eq(users.id, userId), isNull(users.deletedAt));

export function createProfileRepository(db: Db) {
  return {
    /** The signed-in user with the key of their photo and their organization. */
    async findProfile(userId: number) {
      const [row] = await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          roleId: users.roleId,
          language: users.language,
          imageId: users.imageId,
          imageKey: images.key,
          organizationId: users.organizationId,
          organizationName: organizations.name,
          organizationType: organizations.type,
          organizationTimeZone: organizations.timeZone,
          organizationLanguage: organizations.language,
          modules: organizations.modules,
          schoolId: users.schoolId,
        })
        .from(users)
        .leftJoin(images, eq(images.id, users.imageId))
        .leftJoin(organizations, eq(organizations.id, users.organizationId))
        .where(active(userId))
        .limit(1);
      return row ?? null;
    },

    async findUser(userId: number, tx: Db = db) {
      const [row] = await tx
        .select({ id: users.id, imageId: users.imageId, passwordHash: users.passwordHash })
        .from(users)
        .where(active(userId))
        .limit(1);
      return row ?? null;
    },

    async findActiveByEmail(email: string, tx: Db = db) {
      const [row] = await tx
        .select({ id: users.id, organizationId: users.organizationId, imageId: users.imageId })
        .from(users)
        .where(and(eq(users.email, email), isNull(users.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    async findImage(imageId: number) {
      const [row] = await db
        .select({ id: images.id, ownerId: images.ownerId })
        .from(images)
        .where(eq(images.id, imageId))
        .limit(1);
      return row ?? null;
    },

    async update(userId: number, values: { name: string; imageId?: number | null }, at: Date): Promise<void> {
      await db
        .update(users)
        .set({ name: values.name, ...(values.imageId !== undefined ? { imageId: values.imageId } : {}), updatedAt: at })
        .where(active(userId));
    },

    /** The person's own language; false when the account is gone. */
    async setLanguage(userId: number, language: 'ru' | 'kk', at: Date): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ language, updatedAt: at })
        .where(active(userId))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** Sets a new password hash and bumps the token version, which ends every older session. */
    async setPassword(userId: number, passwordHash: string, at: Date, tx: Db = db) {
      const [row] = await tx
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: at })
        .where(active(userId))
        .returning({ tokenVersion: users.tokenVersion });
      return row ?? null;
    },

    /**
     * Removes the personal data of an account and ends its sessions; the row stays, so past visits
     * and orders still point to someone and reports still add up.
     */
    async anonymise(userId: number, at: Date, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(users)
        .set({
          name: PROFILE_MESSAGES.removedUserName,
          email: null,
          passwordHash: null,
          imageId: null,
          iin: null,
          jobTitle: null,
          deletedAt: at,
          tokenVersion: sql`${users.tokenVersion} + 1`,
          updatedAt: at,
        })
        .where(active(userId))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** Frees the cards the user held (docs/domain.md: removing one's account removes its cards). */
    async unlinkCards(userId: number, tx: Db = db): Promise<number> {
      const rows = await tx
        .update(cards)
        .set({ userId: null, linkedAt: null })
        .where(eq(cards.userId, userId))
        .returning({ id: cards.id });
      return rows.length;
    },

    /**
     * Deletes the account's photo and the images it uploaded, except those another user still shows
     * (a photo an admin uploaded for a pupil stays with the pupil) or a dish shows.
     */
    async deleteImagesOf(userId: number, photoId: number | null, tx: Db = db): Promise<number> {
      const other = alias(users, 'other_user');
      const mine =
        photoId === null ? eq(images.ownerId, userId) : or(eq(images.ownerId, userId), eq(images.id, photoId));
      const rows = await tx
        .delete(images)
        .where(
          and(
            mine,
            notExists(
              tx
                .select({ one: sql`1` })
                .from(other)
                .where(eq(other.imageId, images.id)),
            ),
            // A dish's photo stays with the dish, even an archived one's (orders show it).
            notExists(
              tx
                .select({ one: sql`1` })
                .from(dishes)
                .where(eq(dishes.imageId, images.id)),
            ),
          ),
        )
        .returning({ id: images.id });
      return rows.length;
    },
  };
}
