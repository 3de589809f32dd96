import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { setImmediate as tick } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form } from '../../../test/multipart.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { signedIn } from '../../../test/factories.ts';
import { createDecodeQueue } from './images.service.ts';

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await createTestContext();
  ({ token } = await signedIn(t.platform, { role: 'Admin' }));
});
afterAll(() => t.close());

const imageForm = (data: Buffer, filename = 'photo.png', type = 'image/png') =>
  form({ name: 'image', data, filename, type });

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } });

const upload = (
  body: { payload: Buffer | Readable; headers: Record<string, string> },
  opts: { token?: string; url?: string } = {},
) =>
  t.call({
    method: 'POST',
    url: opts.url ?? '/api/image/upload',
    token: 'token' in opts ? opts.token : token,
    ...body,
  });

const fetchImage = (url: string, headers: Record<string, string> = {}) => t.call({ method: 'GET', url, headers });

const validation = (message: string) => ({ error: 'Validation error', validationErrors: { image: [message] } });

describe('POST /api/image/upload', () => {
  it('stores a PNG as WebP of the same size and answers its id and url', async () => {
    const res = await upload(imageForm(await picture(40, 30).png().toBuffer()));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ id: expect.any(Number), url: expect.stringMatching(/^\/api\/images\/[\w-]{22}$/) });
    const image = await fetchImage(body.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 40, 30]);
  });

  it('shrinks a large JPEG to fit within 1024 px, keeping its proportions', async () => {
    const res = await upload(imageForm(await picture(3000, 2000).jpeg().toBuffer(), 'big.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(200);
    const meta = await sharp((await fetchImage(res.json().url)).rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1024, 683]);
  });

  it('turns a photo upright by its EXIF orientation and drops the metadata', async () => {
    const photo = await picture(300, 200)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'GPS and camera of a child' } })
      .toBuffer();
    const res = await upload(imageForm(photo, 'phone.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(200);
    const stored = (await fetchImage(res.json().url)).rawPayload;
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([200, 300, undefined, undefined]);
    expect(stored.includes('GPS and camera')).toBe(false);
  });

  it('accepts a WebP whatever name and type it was sent under', async () => {
    const res = await upload(
      imageForm(await picture(20, 20).webp().toBuffer(), 'scan.bin', 'application/octet-stream'),
    );
    expect(res.statusCode).toBe(200);
  });

  it('answers 422 for a text file named .png', async () => {
    const res = await upload(
      imageForm(Buffer.from('not an image at all, just some words\n'.repeat(20)), 'cat.png', 'image/png'),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(validation('Допустимы только изображения JPEG, PNG или WebP'));
  });

  it('answers 422 for a PDF and for an executable named .jpg', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), randomBytes(4000)]);
    for (const file of [pdf, elf]) {
      const res = await upload(imageForm(file, 'photo.jpg', 'image/jpeg'));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual(validation('Допустимы только изображения JPEG, PNG или WebP'));
    }
  });

  it('answers 422 for a GIF, which is an image but not an accepted one', async () => {
    const res = await upload(imageForm(await picture(10, 10).gif().toBuffer(), 'a.gif', 'image/gif'));
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors.image).toEqual(['Допустимы только изображения JPEG, PNG или WebP']);
  });

  it('answers 422, not 500, for a PNG header followed by garbage and for a truncated JPEG', async () => {
    const header = (await picture(200, 200).png().toBuffer()).subarray(0, 33); // signature + IHDR
    const idat = Buffer.alloc(8);
    idat.writeUInt32BE(5000);
    idat.write('IDAT', 4, 'latin1');
    // An image-data chunk full of noise, and chunks whose lengths make no sense.
    const noisyData = Buffer.concat([header, idat, randomBytes(5000)]);
    const badChunks = Buffer.concat([header, Buffer.alloc(5000, 0xff)]);
    const jpeg = await picture(800, 600).jpeg().toBuffer();
    for (const file of [noisyData, badChunks, jpeg.subarray(0, Math.floor(jpeg.length / 2))]) {
      const res = await upload(imageForm(file));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual(validation('Не удалось прочитать изображение: файл повреждён'));
    }
  });

  it('refuses to decode a small file that unpacks to a huge canvas', async () => {
    const bomb = await picture(5100, 5000).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await upload(imageForm(bomb));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(validation('Изображение слишком большое: не больше 25 мегапикселей'));
  });

  it('answers 413 for a file over 5 MB', async () => {
    const png = await picture(10, 10).png().toBuffer();
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1 - png.length)]);
    const res = await upload(imageForm(big));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'Payload too large', errorMessage: 'Файл слишком большой: не больше 5 МБ' });
  });

  it('accepts a file of exactly 5 MB', async () => {
    // A valid JPEG followed by padding that decoders ignore.
    const jpeg = await picture(10, 10).jpeg().toBuffer();
    const exact = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024 - jpeg.length)]);
    const res = await upload(imageForm(exact, 'exact.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(200);
  });

  it('answers 422 "Выберите изображение" without a file, with another field name or without multipart', async () => {
    const png = await picture(10, 10).png().toBuffer();
    const noFile = await upload(form({ name: 'comment', data: 'hello' }));
    const otherField = await upload(form({ name: 'file', data: png, filename: 'a.png', type: 'image/png' }));
    const empty = await upload(imageForm(Buffer.alloc(0)));
    const json = await t.call({ method: 'POST', url: '/api/image/upload', token, payload: { image: 'a.png' } });
    const jsonNumber = await t.call({ method: 'POST', url: '/api/image/upload', token, payload: { image: 12 } });
    for (const res of [noFile, otherField, empty, json, jsonNumber]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual(validation('Выберите изображение'));
    }
  });

  describe('a form that is not one image', () => {
    const fields = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `field${i}`, data: 'x' }));
    let png: Buffer;
    let cases: [string, ReturnType<typeof form>][];
    beforeAll(async () => {
      png = await picture(10, 10).png().toBuffer();
      const image = { name: 'image', data: png, filename: 'a.png', type: 'image/png' };
      cases = [
        ['two images', form(image, { ...image, filename: 'b.png' })],
        ['another file before the image', form({ ...image, name: 'other' }, image)],
        ['11 fields before the image', form(...fields(11), image)],
        ['11 fields after the image', form(image, ...fields(11))],
        ['13 parts', form(...fields(6), image, ...fields(6))],
      ];
    });

    /** The same body as a network delivers it: in small pieces, the parser running between them. */
    const trickled = ({ payload, headers }: ReturnType<typeof form>) => ({
      headers,
      payload: Readable.from(
        (async function* () {
          for (let i = 0; i < payload.length; i += 64) {
            await tick();
            yield payload.subarray(i, i + 64);
          }
        })(),
      ),
    });

    it('answers 422 "Отправьте одно изображение в поле image", however the body arrives', async () => {
      for (const [name, body] of cases) {
        for (const res of [await upload(body), await upload(trickled(body))]) {
          expect(res.statusCode, name).toBe(422);
          expect(res.json(), name).toEqual(validation('Отправьте одно изображение в поле image'));
        }
      }
    });

    it('still takes one image with a few fields around it', async () => {
      const res = await upload(
        form(...fields(5), { name: 'image', data: png, filename: 'a.png', type: 'image/png' }, ...fields(5)),
      );
      expect(res.statusCode).toBe(200);
    });
  });

  it('answers 422 "Изображение пришло не полностью" for a body cut short', async () => {
    const { payload, headers } = imageForm(await picture(40, 40).png().toBuffer());
    for (const cut of [60, Math.floor(payload.length / 2), payload.length - 10]) {
      const res = await upload({ headers, payload: payload.subarray(0, cut) });
      expect(res.statusCode, `cut at ${cut}`).toBe(422);
      expect(res.json()).toEqual(validation('Изображение пришло не полностью: отправьте его ещё раз'));
    }
  });

  it('answers 422 for a malformed multipart body', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/image/upload',
      token,
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'no boundary here',
    });
    expect(res.statusCode).toBe(422);
  });

  it('answers 401 without a token', async () => {
    const res = await upload(imageForm(await picture(10, 10).png().toBuffer()), { token: undefined });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Unauthorized', errorMessage: 'Требуется вход в систему' });
  });

  it('answers 429 past 60 uploads a minute by one user', async () => {
    const { token: busy } = await signedIn(t.platform);
    const attempt = () => upload(form({ name: 'comment', data: 'x' }), { token: busy });
    for (let i = 0; i < 60; i++) expect((await attempt()).statusCode).toBe(422);
    const res = await attempt();
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe('Too many requests');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not held up by it.
    expect((await upload(form({ name: 'comment', data: 'x' }))).statusCode).toBe(422);
  });
});

describe('GET /api/images/:key', () => {
  let url: string;
  beforeAll(async () => {
    url = (await upload(imageForm(await picture(16, 16).png().toBuffer()))).json().url;
  });

  it('serves the image without a token, with an ETag and a year-long immutable cache', async () => {
    const res = await fetchImage(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['etag']).toMatch(/^"[0-9a-f]{64}"$/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 304 without a body to a matching If-None-Match, 200 to another', async () => {
    const { etag } = (await fetchImage(url)).headers as { etag: string };
    const same = await fetchImage(url, { 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    expect(same.rawPayload.length).toBe(0);
    expect(same.headers['etag']).toBe(etag);
    expect((await fetchImage(url, { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
    expect((await fetchImage(url, { 'if-none-match': `"other", ${etag}` })).statusCode).toBe(304);
    const other = await fetchImage(url, { 'if-none-match': '"0000"' });
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload.length).toBeGreaterThan(0);
  });

  it('answers 404 JSON for an unknown key', async () => {
    const res = await fetchImage('/api/images/AAAAAAAAAAAAAAAAAAAAAA');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found', errorMessage: 'Не найдено' });
  });
});

describe('POST /api/image/upload/:id', () => {
  it('replaces the caller’s image under the same id and a new url; the old url is gone', async () => {
    const first = (await upload(imageForm(await picture(30, 30).png().toBuffer()))).json();
    const res = await upload(imageForm(await picture(60, 20).png().toBuffer()), {
      url: `/api/image/upload/${first.id}`,
    });
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.id).toBe(first.id);
    expect(second.url).not.toBe(first.url);
    expect((await fetchImage(first.url)).statusCode).toBe(404);
    const meta = await sharp((await fetchImage(second.url)).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([60, 20]);
  });

  it('answers 404 for another user’s image and leaves it as it was', async () => {
    const { token: owner } = await signedIn(t.platform);
    const theirs = (await upload(imageForm(await picture(30, 30).png().toBuffer()), { token: owner })).json();
    const res = await upload(imageForm(await picture(60, 20).png().toBuffer()), {
      url: `/api/image/upload/${theirs.id}`,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found', errorMessage: 'Не найдено' });
    const meta = await sharp((await fetchImage(theirs.url)).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([30, 30]);
  });

  it('answers 404 for an image that does not exist and 422 for an id that is not one', async () => {
    const png = await picture(10, 10).png().toBuffer();
    expect((await upload(imageForm(png), { url: '/api/image/upload/999999' })).statusCode).toBe(404);
    const bad = await upload(imageForm(png), { url: '/api/image/upload/abc' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().validationErrors)).toEqual(['id']);
  });
});

describe('decoding photos', () => {
  it('decodes one photo at a time per user and two in all, the rest in turn, a failed one freeing its turn', async () => {
    const queue = createDecodeQueue(2);
    const running = new Map<number, number>();
    let most = 0;
    let mostOfOne = 0;
    const order: string[] = [];
    const job = (user: number, name: string, fail = false) =>
      queue.run(user, async () => {
        running.set(user, (running.get(user) ?? 0) + 1);
        most = Math.max(
          most,
          [...running.values()].reduce((a, b) => a + b, 0),
        );
        mostOfOne = Math.max(mostOfOne, running.get(user)!);
        await new Promise((r) => setTimeout(r, 20));
        running.set(user, running.get(user)! - 1);
        order.push(name);
        if (fail) throw new Error('unreadable');
        return name;
      });
    const results = await Promise.allSettled([
      job(1, 'a1', true),
      job(1, 'a2'),
      job(1, 'a3'),
      job(2, 'b1'),
      job(2, 'b2'),
      job(3, 'c1'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', ...Array(5).fill('fulfilled')]);
    expect(mostOfOne).toBe(1);
    expect(most).toBe(2);
    expect(queue.peak()).toBe(2);
    // A user's photos in the order they came.
    expect(order.filter((n) => n.startsWith('a'))).toEqual(['a1', 'a2', 'a3']);
  });

  it('takes a user’s photos sent at once, each in turn', async () => {
    const files = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        picture(200 + i, 100)
          .png()
          .toBuffer(),
      ),
    );
    const answers = await Promise.all(files.map((f) => upload(imageForm(f))));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
  });
});
