import { createHash, randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import {
  IMAGE_ACCEPTED_TYPES,
  IMAGE_FIELD,
  IMAGE_MAX_SIDE_PX,
  IMAGE_MESSAGES,
  IMAGE_STORED_TYPE,
  imageUrl,
  type ImageUploaded,
} from '@tamaq/contract/images';
import type { Actor } from '../../platform/auth/actors.ts';
import { notFound, ValidationError } from '../../platform/http/errors.ts';
import type { ImagesRepository, ServedImage } from './images.repository.ts';

/**
 * A small PNG can declare a huge canvas; refuse to decode anything past this before allocating it.
 * 25 megapixels holds a phone's photo (12–24 MP) and decodes to at most 100 MB.
 */
export const MAX_INPUT_PIXELS = 25_000_000;
/** Photos decoded at once, whoever sent them: each may take 100 MB while it is decoded. */
export const DECODES_AT_ONCE = 2;
const WEBP_QUALITY = 82;

const invalid = (message: string) => ValidationError.field(IMAGE_FIELD, message);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A file that starts like an accepted format but cannot be parsed as one is damaged, not of another type. */
const startsLikeAccepted = (b: Buffer) =>
  b.subarray(0, 8).equals(PNG_SIGNATURE) ||
  (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) ||
  (b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP');

export interface NormalizedImage {
  bytes: Buffer;
  mime: string;
  width: number;
  height: number;
  etag: string;
}

/**
 * Whatever was uploaded becomes a WebP within IMAGE_MAX_SIDE_PX, turned upright by its EXIF
 * orientation and without metadata (no GPS position of a child's photo leaves the server). The type
 * is read from the bytes: the file name and the declared type are the sender's word.
 */
export async function normalizeImage(input: Buffer): Promise<NormalizedImage> {
  const type = await fileTypeFromBuffer(input);
  if (!type && startsLikeAccepted(input)) throw invalid(IMAGE_MESSAGES.unreadable);
  if (!type || !(IMAGE_ACCEPTED_TYPES as readonly string[]).includes(type.mime)) throw invalid(IMAGE_MESSAGES.type);
  try {
    const { data, info } = await sharp(input, {
      limitInputPixels: MAX_INPUT_PIXELS,
      autoOrient: true,
      failOn: 'warning',
    })
      .resize({ width: IMAGE_MAX_SIDE_PX, height: IMAGE_MAX_SIDE_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      mime: IMAGE_STORED_TYPE,
      width: info.width,
      height: info.height,
      etag: createHash('sha256').update(data).digest('hex'),
    };
  } catch (err) {
    // Every decoding failure is the file's fault: a truncated upload, garbage behind a valid header.
    throw invalid(
      /pixel limit/i.test((err as Error).message) ? IMAGE_MESSAGES.tooManyPixels : IMAGE_MESSAGES.unreadable,
    );
  }
}

/** Part of a public url: 128 random bits, so images cannot be found by counting. */
const newKey = () => randomBytes(16).toString('base64url');

/**
 * Decoding one photo at a time per user and DECODES_AT_ONCE in all: twenty 40-megapixel photos sent
 * at once took the server from 408 to 803 MB. The others wait their turn (a class's photos uploaded
 * together are done one after another).
 */
export function createDecodeQueue(atOnce = DECODES_AT_ONCE) {
  const perUser = new Map<number, Promise<unknown>>();
  const waiting: (() => void)[] = [];
  let running = 0;
  let peak = 0;
  const slot = async () => {
    if (running >= atOnce) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    peak = Math.max(peak, running);
  };
  const free = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return {
    run<T>(userId: number, work: () => Promise<T>): Promise<T> {
      const before = perUser.get(userId) ?? Promise.resolve();
      const mine = before
        .catch(() => {})
        .then(async () => {
          await slot();
          try {
            return await work();
          } finally {
            free();
          }
        });
      perUser.set(userId, mine);
      void mine
        .catch(() => {})
        .finally(() => {
          if (perUser.get(userId) === mine) perUser.delete(userId);
        });
      return mine;
    },
    /** The most decodes that ran at once (for the tests). */
    peak: () => peak,
  };
}

export function createImagesService(repo: ImagesRepository, decodes = createDecodeQueue()) {
  const normalized = (actor: Actor, input: Buffer) => decodes.run(actor.userId, () => normalizeImage(input));
  return {
    async upload(actor: Actor, input: Buffer): Promise<ImageUploaded> {
      const image = await normalized(actor, input);
      const row = await repo.insert({ ...image, key: newKey(), ownerId: actor.userId });
      return { id: row.id, url: imageUrl(row.key) };
    },

    /**
     * New content under the same id. The key changes too: the old url was handed out as immutable,
     * so browsers would keep showing the old picture under it.
     */
    async replace(actor: Actor, id: number, input: Buffer): Promise<ImageUploaded> {
      if (!(await repo.isOwnedBy(id, actor.userId))) throw notFound();
      const image = await normalized(actor, input);
      const row = await repo.replace(id, actor.userId, { ...image, key: newKey() });
      if (!row) throw notFound();
      return { id: row.id, url: imageUrl(row.key) };
    },

    async find(key: string): Promise<ServedImage> {
      const image = await repo.findByKey(key);
      if (!image) throw notFound();
      return image;
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
