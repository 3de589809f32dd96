import { withKazakh } from './languages.ts';
import { IMAGE_MAX_BYTES, IMAGE_MAX_SIDE_PX } from './constants.ts';
import { endpointsOf } from './endpoint-kit.ts';
import { Image } from './profile.ts';
import { id, z } from './zod.ts';

/**
 * Image upload (docs/product.md "Calls"): `POST /api/image/upload` takes a multipart file in the field `image`
 * and answers `{id, url}`; `POST /api/image/upload/{id}` replaces an image of one's own. Whatever
 * comes in is stored as WebP within IMAGE_MAX_SIDE_PX; the url changes on every replacement, so it
 * can be cached for ever.
 */
export const ImageUploaded = Image;
export type ImageUploaded = z.infer<typeof ImageUploaded>;

/** Where an image is served: the one place that spells the url, for every module that answers an image. */
export const imageUrl = (key: string) => `/api/images/${key}`;

export const IMAGE_FIELD = 'image';
/** Checked by content, not by name or declared type. */
export const IMAGE_ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_STORED_TYPE = 'image/webp';
export { IMAGE_MAX_BYTES, IMAGE_MAX_SIDE_PX };

export const IMAGE_MESSAGES = withKazakh(
  {
    required: 'Выберите изображение',
    type: 'Допустимы только изображения JPEG, PNG или WebP',
    unreadable: 'Не удалось прочитать изображение: файл повреждён',
    tooManyPixels: 'Изображение слишком большое: не больше 25 мегапикселей',
    tooLarge: `Файл слишком большой: не больше ${IMAGE_MAX_BYTES / 1024 / 1024} МБ`,
    /** More files, fields or parts than an upload has: the form is not ours. */
    oneImage: `Отправьте одно изображение в поле ${IMAGE_FIELD}`,
    incomplete: 'Изображение пришло не полностью: отправьте его ещё раз',
  } as const,
  {
    required: 'Суретті таңдаңыз',
    type: 'Тек JPEG, PNG немесе WebP суреттеріне рұқсат етіледі',
    unreadable: 'Суретті оқу мүмкін болмады: файл бүлінген',
    tooManyPixels: 'Сурет тым үлкен: 25 мегапиксельден аспауы керек',
    tooLarge: `Файл тым үлкен: ${IMAGE_MAX_BYTES / 1024 / 1024} МБ-тан аспауы керек`,
    oneImage: `${IMAGE_FIELD} өрісіне бір сурет жіберіңіз`,
    incomplete: 'Сурет толық келмеді: оны қайта жіберіңіз',
  },
);

/**
 * The multipart body, for the API documentation only: the file is read from the stream, not
 * validated here, so the property accepts anything (the route answers a missing file) and is
 * listed as required to a reader.
 */
export const ImageUploadBody = z
  .object({
    image: z
      .unknown()
      .optional()
      .meta({
        type: 'string',
        format: 'binary',
        description: `JPEG, PNG или WebP до ${IMAGE_MAX_BYTES / 1024 / 1024} МБ`,
      }),
  })
  .meta({ required: [IMAGE_FIELD] });

export const ImageIdParams = z.object({ id: id() });

/** The random part of an image url; an unknown or malformed one is a 404 like any missing image. */
export const ImageKeyParams = z.object({ key: z.string().max(200) });

const imagesEndpoint = endpointsOf('images');

export const IMAGES_ENDPOINTS = {
  upload: imagesEndpoint('upload', {
    body: ImageUploadBody,
    multipart: true,
    answer: ImageUploaded,
    refusals: [413],
    access: 'authenticated',
    summary: 'Загрузить изображение (сохраняется как WebP до 1024 px)',
  }),
  replace: imagesEndpoint('replace', {
    params: ImageIdParams,
    body: ImageUploadBody,
    multipart: true,
    answer: ImageUploaded,
    refusals: [404, 413],
    access: 'authenticated',
    summary: 'Заменить своё изображение (адрес меняется)',
  }),
  get: imagesEndpoint('get', {
    params: ImageKeyParams,
    file: { type: IMAGE_STORED_TYPE, description: 'WebP; ETag и кэш на год (адрес меняется при замене)' },
    revalidated: true,
    refusals: [404],
    // <img> cannot send a bearer token; the key is the secret.
    access: 'public',
    summary: 'Изображение по адресу из ответа загрузки',
  }),
};
