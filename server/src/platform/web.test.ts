import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWeb } from './web.ts';

describe('the built web app', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<p>staff</p>');
    fs.writeFileSync(path.join(dist, 'family.html'), '<p>family</p>');
    fs.writeFileSync(path.join(dist, 'assets', 'family-1a2b.js'), 'export {};');
    app = Fastify();
    await registerWeb(app, dist);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  it("sends the family's light page for the family's addresses, the staff app for any other", async () => {
    for (const url of ['/download', '/download/', '/download?from=push'])
      expect((await get(url)).body, url).toBe('<p>family</p>');
    for (const url of ['/', '/login', '/schools', '/downloads', '/profile'])
      expect((await get(url)).body, url).toBe('<p>staff</p>');
    const page = await get('/download');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  it('sends the files of the build, the hashed ones kept for a year', async () => {
    const asset = await get('/assets/family-1a2b.js');
    expect(asset.body).toBe('export {};');
    expect(asset.headers['cache-control']).toContain('immutable');
    // The pages themselves are never sent as files (their cache rule is the page's).
    expect((await get('/family.html')).headers['cache-control']).toBe('no-cache');
    expect((await get('/api/nowhere')).statusCode).toBe(404);
  });

  it('serves the staff app everywhere when a build has no family entry', async () => {
    const old = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-web-'));
    fs.writeFileSync(path.join(old, 'index.html'), '<p>staff</p>');
    const oldApp = Fastify();
    try {
      await registerWeb(oldApp, old);
      expect((await oldApp.inject({ method: 'GET', url: '/download' })).body).toBe('<p>staff</p>');
    } finally {
      await oldApp.close();
      fs.rmSync(old, { recursive: true, force: true });
    }
  });
});
