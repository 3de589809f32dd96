import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requiredText, z } from '@tamaq/contract/zod';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';
import { sql } from 'drizzle-orm';
import { boundedRead, type Database } from '../src/platform/db/client.ts';
import { conflict } from '../src/platform/http/errors.ts';
import { openTestDatabase } from './test-db.ts';
import { TEST_JWT_SECRET } from './test-app.ts';

/**
 * The answers a client sees when something goes wrong. The real app, plus a few routes that fail on
 * purpose (a crash, an answer that breaks its own schema), which no real route should do.
 */
let app: FastifyInstance;
let database: Database;

const SECRET_DETAIL = 'connect ECONNREFUSED 10.1.2.3:5432 password=hunter2';

beforeAll(async () => {
  database = await openTestDatabase();
  const config = { ...loadConfig({}), demoData: false, logLevel: 'silent' };
  ({ app } = await buildApp({ config, database, jwtSecret: TEST_JWT_SECRET, logger: false }));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/api/test/echo',
    {
      config: { access: 'public' },
      schema: {
        body: z.object({ name: requiredText(10), items: z.array(z.object({ qty: z.number().int() })).optional() }),
      },
    },
    async (request) => request.body,
  );
  routes.get('/api/test/crash', { config: { access: 'public' } }, async () => {
    throw new Error(SECRET_DETAIL);
  });
  routes.get(
    '/api/test/broken-answer',
    { config: { access: 'public' }, schema: { response: { 200: z.object({ total: z.number() }) } } },
    async () => ({ total: SECRET_DETAIL }) as never,
  );
  routes.get('/api/test/slow-search', { config: { access: 'public' } }, async () =>
    boundedRead(database.db, 50, (tx) => tx.execute(sql`select pg_sleep(3)`)),
  );
  routes.get('/api/test/conflict', { config: { access: 'public' } }, async () => {
    throw conflict('Такой e-mail уже занят');
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const post = (payload: string | Buffer | object, contentType = 'application/json') =>
  app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': contentType }, payload });

describe('bad input answers 422 "Validation error"', () => {
  it('for a body that is not JSON', async () => {
    const res = await post('{"name": "Айгуль",');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: 'Validation error', validationErrors: { body: ['Некорректный JSON'] } });
  });

  it('for a text/plain body', async () => {
    const res = await post('name=Айгуль', 'text/plain');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: 'Validation error', validationErrors: { body: [expect.any(String)] } });
  });

  it('for a content type the API does not take', async () => {
    const res = await post('<name>Айгуль</name>', 'application/xml');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: 'Validation error',
      validationErrors: { body: ['Неподдерживаемый тип содержимого: ожидается application/json'] },
    });
  });

  it('under each field, in Russian, with nested fields as dotted paths', async () => {
    const res = await post({ name: '   ', items: [{ qty: 1 }, { qty: 'два' }] });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.error).toBe('Validation error');
    expect(body.validationErrors.name).toEqual(['Обязательное поле']);
    expect(Object.keys(body.validationErrors)).toEqual(['name', 'items.1.qty']);
    expect(body.validationErrors['items.1.qty'][0]).toMatch(/[а-я]/i);
  });

  it('for an empty body, as field errors rather than a 400', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/echo' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: 'Validation error', validationErrors: { name: ['Обязательное поле'] } });
  });

  it('and a good body passes', async () => {
    const res = await post({ name: ' Айгуль ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Айгуль' });
  });
});

describe('other errors answer {error, errorMessage}', () => {
  it('413 for a body over 1 MB', async () => {
    const res = await post({ name: 'x', pad: 'я'.repeat(600 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'Payload too large', errorMessage: expect.stringMatching(/слишком большой/) });
  });

  it('404 for an unknown /api route', async () => {
    const res = await app.inject({ method: 'PUT', url: '/api/test/nothing', payload: { name: 'x' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found', errorMessage: 'Не найдено' });
  });

  it('409 with the service’s message', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Conflict', errorMessage: 'Такой e-mail уже занят' });
  });

  it('500 for an unexpected error, without its details', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: 'Internal server error',
      errorMessage: 'Внутренняя ошибка сервера, попробуйте позже',
    });
    expect(res.body).not.toMatch(/hunter2|ECONNREFUSED|at .*\.ts/);
  });

  it('500 for an answer that breaks its own schema, without the offending data', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/broken-answer' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: 'Internal server error',
      errorMessage: 'Внутренняя ошибка сервера, попробуйте позже',
    });
    expect(res.body).not.toContain('hunter2');
  });

  it('503 for a list or search that outruns its statement timeout', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/slow-search' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: 'Service unavailable',
      errorMessage: 'Запрос выполнялся слишком долго: уточните поиск или повторите позже',
    });
  });
});
