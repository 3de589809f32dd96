import fs from 'node:fs';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test-app.ts';

interface Operation {
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  parameters?: { in: string; name: string }[];
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** The app with a built web app beside it, so the SPA fallback route exists and must stay out of the docs. */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-web-'));
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Tamaq</title><div id="root"></div>');
fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync('console.log(1)'));
fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.gz'), zlib.gzipSync('console.log(1)'));

let t: TestContext;
let doc: Doc;
beforeAll(async () => {
  t = await createTestContext({ webDist });
  const res = await t.call({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('GET /api/docs/json', () => {
  it('answers the OpenAPI document without a token', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(3);
  });

  it('documents every /api route the app declares (every contract schema converts)', () => {
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([url, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${url}`)),
    );
    const declared = t.app.routeAccess.map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(declared.filter((r) => !documented.has(r))).toEqual([]);
  });

  it('lists /api/health with its answer and marks it as needing no token', () => {
    const health = doc.paths['/api/health']!.get!;
    expect(health.security).toEqual([]);
    expect(health.responses['200']!.content!['application/json']!.schema).toMatchObject({
      type: 'object',
      required: ['status', 'database', 'disk', 'version'],
    });
  });

  it('lists the image upload as a multipart body with a required image file, and its answers', () => {
    const upload = doc.paths['/api/image/upload']!.post!;
    expect(upload.security).toBeUndefined(); // the document-wide bearer applies
    expect(upload.requestBody!.content['multipart/form-data']!.schema).toMatchObject({
      properties: { image: { type: 'string', format: 'binary' } },
      required: ['image'],
    });
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['200', '401', '413', '422', '429']));
    expect(upload.responses['200']!.content!['application/json']!.schema).toMatchObject({
      properties: { id: { type: 'integer' }, url: { type: 'string' } },
    });
    expect(upload.responses['401']!.description).toMatch(/вход/);
    const replace = doc.paths['/api/image/upload/{id}']!.post!;
    expect(replace.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id' })]);
    const served = doc.paths['/api/images/{key}']!.get!;
    expect(served.security).toEqual([]);
    expect(Object.keys(served.responses['200']!.content!)).toEqual(['image/webp']);
  });

  it('lists POST /api/auth/login with its JSON body and answers', () => {
    const login = doc.paths['/api/auth/login']?.post;
    expect(login, 'the auth module declares POST /api/auth/login').toBeDefined();
    expect(login!.security).toEqual([]);
    expect(login!.requestBody!.content['application/json']!.schema.required).toEqual(['email', 'password']);
    expect(login!.responses['200']!.content!['application/json']!.schema).toMatchObject({
      properties: { access_token: { type: 'string' } },
    });
  });

  it('leaves out /metrics, the web app fallback and the docs themselves', () => {
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/') || p.startsWith('/api/docs'))).toEqual([]);
  });
});

describe('GET /api/docs', () => {
  it('serves the UI without a token', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger-ui');
    const script = await t.call({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(script.statusCode).toBe(200);
  });
});

describe('the web app', () => {
  it('answers index.html, never cached, for any page of the SPA', async () => {
    for (const url of ['/', '/canteens', '/user/5?tab=cards']) {
      const res = await t.call({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a year-long cache', async () => {
    const res = await t.call({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the brotli or gzip copy of an asset the browser accepts, the plain one otherwise', async () => {
    const get = (encoding: string) =>
      t.call({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': encoding } });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('answers an unknown API call with the JSON 404, not the page', async () => {
    const res = await t.call({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found', errorMessage: 'Не найдено' });
  });
});
