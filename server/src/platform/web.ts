import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isFamilyPage } from '@tamaq/contract/family-pages';
import { notFound } from './http/errors.ts';

/**
 * Serves the built web app: hashed assets with a long cache, and for every other GET that is not an
 * API call a page (never cached), so the SPA's routes work on reload: the family's pages get the
 * family's light entry (`family.html`), any other address the staff app (`index.html`).
 */
export async function registerWeb(app: FastifyInstance, webDist: string | null): Promise<void> {
  if (!webDist || !fs.existsSync(path.join(webDist, 'index.html'))) return;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The build leaves .br and .gz copies beside each asset; the browser gets the smallest it accepts.
    preCompressed: true,
    setHeaders: (res, file) => {
      res.header(
        'cache-control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const indexHtml = fs.readFileSync(path.join(webDist, 'index.html'));
  const familyFile = path.join(webDist, 'family.html');
  // A build without the family's entry (an older one) serves the staff app everywhere, as before.
  const familyHtml = fs.existsSync(familyFile) ? fs.readFileSync(familyFile) : indexHtml;
  const pages = new Set(['/index.html', '/family.html']);
  const files = new Set(
    fs.readdirSync(webDist, { recursive: true }).map((f) => `/${String(f).split(path.sep).join('/')}`),
  );
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, (request, reply) => {
    const url = request.url.split('?')[0]!;
    // An unknown API call is a JSON 404 like any other, not the SPA's page.
    if (url.startsWith('/api/')) throw notFound();
    if (files.has(url) && !pages.has(url)) return reply.sendFile(url.slice(1));
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(isFamilyPage(url) ? familyHtml : indexHtml);
  });
}
