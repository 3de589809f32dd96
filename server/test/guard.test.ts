import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createActorService } from '../src/platform/auth/actors.ts';
import { registerGuard } from '../src/platform/auth/guard.ts';
import { createTokenService } from '../src/platform/auth/tokens.ts';
import type { Db } from '../src/platform/db/client.ts';
import { TEST_JWT_SECRET } from './test-app.ts';

/** A bare app with only the guard: no database is reached, since no request carries a token. */
function guarded() {
  const app = Fastify({ logger: false });
  registerGuard(app, createTokenService(TEST_JWT_SECRET), createActorService({} as Db));
  return app;
}

describe('the route guard', () => {
  it('refuses to build an app with an /api route that declares no access', async () => {
    const app = guarded();
    const build = async () => {
      app.get('/api/forgotten', async () => ({ open: true }));
      await app.ready();
    };
    await expect(build()).rejects.toThrow('Route GET /api/forgotten declares no config.access');
    await app.close().catch(() => {});
  });

  it('builds with declared /api routes and with non-API routes that declare nothing', async () => {
    const app = guarded();
    app.get('/api/open', { config: { access: 'public' } }, async () => ({ open: true }));
    app.post('/api/closed', { config: { access: 'authenticated' } }, async () => ({ closed: true }));
    app.get('/metrics-like', async () => 'ok');
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/open' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/metrics-like' })).statusCode).toBe(200);
    const closed = await app.inject({
      method: 'POST',
      url: '/api/closed',
      headers: { authorization: 'Bearer not-a-jwt' },
    });
    expect(closed.statusCode).toBe(401);
    expect(app.routeAccess).toEqual([
      { method: 'GET', url: '/api/open', access: 'public', tags: [] },
      { method: 'POST', url: '/api/closed', access: 'authenticated', tags: [] },
    ]);
    await app.close();
  });
});
