import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { images } from '../../platform/db/schema.ts';

export type NewImage = Omit<typeof images.$inferInsert, 'id' | 'createdAt'>;
export type StoredImage = Pick<typeof images.$inferSelect, 'id' | 'key'>;
export type ServedImage = Pick<typeof images.$inferSelect, 'mime' | 'bytes' | 'etag'>;

export function createImagesRepository(db: Db) {
  return {
    async insert(values: NewImage, tx: Db = db): Promise<StoredImage> {
      const [row] = await tx.insert(images).values(values).returning({ id: images.id, key: images.key });
      return row!;
    },

    async isOwnedBy(id: number, ownerId: number, tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: images.id })
        .from(images)
        .where(and(eq(images.id, id), eq(images.ownerId, ownerId)));
      return Boolean(row);
    },

    /** Replaces the content of an image of this owner; null when there is none. */
    async replace(
      id: number,
      ownerId: number,
      values: Omit<NewImage, 'ownerId'>,
      tx: Db = db,
    ): Promise<StoredImage | null> {
      const [row] = await tx
        .update(images)
        .set(values)
        .where(and(eq(images.id, id), eq(images.ownerId, ownerId)))
        .returning({ id: images.id, key: images.key });
      return row ?? null;
    },

    async findByKey(key: string, tx: Db = db): Promise<ServedImage | null> {
      const [row] = await tx
        .select({ mime: images.mime, bytes: images.bytes, etag: images.etag })
        .from(images)
        .where(eq(images.key, key));
      return row ?? null;
    },
  };
}

export type ImagesRepository = ReturnType<typeof createImagesRepository>;
