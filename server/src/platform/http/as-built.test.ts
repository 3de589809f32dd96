import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { sendJsonParts } from './as-built.ts';

/** A big answer sent in parts arrives whole, byte for byte, however the parts fall across chunks. */
describe('sendJsonParts', () => {
  const app = Fastify();
  // Names in Cyrillic (two bytes a letter), so chunk bounds fall inside multi-byte text.
  const people = Array.from({ length: 6000 }, (_, i) => ({ id: i + 1, name: `Әлия Нұрланқызы ${i}` }));
  app.get('/big', (_request, reply) =>
    sendJsonParts(
      reply,
      (function* () {
        yield '{"people":[';
        for (const [i, p] of people.entries()) yield `${i > 0 ? ',' : ''}${JSON.stringify(p)}`;
        yield ']}';
      })(),
    ),
  );
  app.get('/small', (_request, reply) => sendJsonParts(reply, ['{"ok":', 'true}']));
  afterAll(() => app.close());

  it('answers JSON equal to the parts joined, over many chunks', async () => {
    const res = await app.inject({ method: 'GET', url: '/big' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.rawPayload.length).toBeGreaterThan(3 * 64 * 1024);
    expect(res.json()).toEqual({ people });
  });

  it('answers a small one in one piece', async () => {
    const res = await app.inject({ method: 'GET', url: '/small' });
    expect(res.json()).toEqual({ ok: true });
  });
});
