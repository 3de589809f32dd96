import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { ERROR_CODES } from '@tamaq/contract/errors';
import { IMAGE_FIELD, IMAGE_MESSAGES } from '@tamaq/contract/images';
import { actorOf } from '../../platform/auth/guard.ts';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import { HttpError, ValidationError } from '../../platform/http/errors.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { limit } from '../../platform/rate-limit.ts';
import { createImagesRepository } from './images.repository.ts';
import { createImagesService } from './images.service.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The multipart plugin's limits other than the file size (app.ts): more than one file, too many fields. */
const FORM_LIMITS = new Set(['FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT']);

/** What the multipart plugin throws is the sender's doing (a malformed body, a limit), never a 500. */
function refused(err: unknown): Error {
  const { code, message } = err as { code?: string; message?: string };
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new HttpError(413, ERROR_CODES.payloadTooLarge, IMAGE_MESSAGES.tooLarge);
  }
  if (code && FORM_LIMITS.has(code)) return ValidationError.field(IMAGE_FIELD, IMAGE_MESSAGES.oneImage);
  if (code === 'FST_MP_PREMATURE_CLOSE' || /unexpected end of multipart data/i.test(message ?? '')) {
    return ValidationError.field(IMAGE_FIELD, IMAGE_MESSAGES.incomplete);
  }
  return ValidationError.field(IMAGE_FIELD, IMAGE_MESSAGES.required);
}

/**
 * The one file of the multipart body, read into memory (at most IMAGE_MAX_BYTES, the plugin's
 * limit). The body is read to its end: a limit may be reached after the image, and the plugin
 * reports it only to a reader that goes on.
 */
async function readImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw ValidationError.field(IMAGE_FIELD, IMAGE_MESSAGES.required);
  let image: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname === IMAGE_FIELD) image = await part.toBuffer();
      else part.file.resume();
    }
  } catch (err) {
    throw refused(err);
  }
  if (!image?.length) throw ValidationError.field(IMAGE_FIELD, IMAGE_MESSAGES.required);
  return image;
}

/** `W/"x"`, `"x", "y"` or `*` against our strong ETag. */
const matches = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch !== undefined &&
  ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });

export const imagesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const service = createImagesService(createImagesRepository(platform.db));
  // Sharp's work is the expensive part: a user may upload one a second on average.
  const rateLimit = limit(60, 60_000, (request) => `image-upload|${request.actor?.userId ?? request.ip}`);
  const e = ENDPOINTS.images;

  bindEndpoint(app, e.upload, async (request) => service.upload(actorOf(request), await readImage(request)), {
    rateLimit,
  });
  bindEndpoint(
    app,
    e.replace,
    async (request) => service.replace(actorOf(request), request.params.id, await readImage(request)),
    { rateLimit },
  );
  bindEndpoint(app, e.get, async (request, reply) => {
    const image = await service.find(request.params.key);
    const etag = `"${image.etag}"`;
    reply.header('etag', etag).header('cache-control', IMMUTABLE);
    if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type(image.mime).send(image.bytes);
  });
};
